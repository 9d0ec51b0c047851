extension TraceText {
    /// `NC pop began (NC.edge), progress 0`, `NC pop progress 0.18`, `NC pop finished: progress 0.18, release velocity
    /// 3.74/s, threshold 0.48` (N9).
    static func popText(_ pop: PopEvent, navigation: String, recognizer: String) -> String {
        switch pop.phase {
        case .began:
            return "\(navigation) pop began (\(recognizer)), progress \(fmt(pop.progress))"
        case .changed:
            return "\(navigation) pop progress \(fmt(pop.progress))"
        case .finished, .cancelled:
            let what = "\(navigation) pop \(pop.phase.rawValue)"
            guard let v = pop.velocity, let threshold = pop.threshold else { return what + " with \(recognizer)" }
            return what + ": progress \(fmt(pop.progress)), release velocity \(fmt(v))/s, threshold \(fmt(threshold))"
        }
    }
}
