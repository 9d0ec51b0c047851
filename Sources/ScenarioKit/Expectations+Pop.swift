import TouchEngine

/// `<phase>[@<t>] [progress=<p>[±<tol>]]` — one step of a navigation controller's pop transition
/// (touch-model-system N9): `began@33`, `finished`, `cancelled@66`, `changed@50 progress=0.18±0.01`. Without a time
/// the entry matches that phase at any time; without a tolerance the progress compares within a millionth.
public struct PopEntry: Hashable, Sendable, CustomStringConvertible {
    public var phase: PopPhase
    public var time: Double?
    public var progress: Double?
    public var progressTolerance: Double?

    public init(phase: PopPhase, time: Double? = nil, progress: Double? = nil, progressTolerance: Double? = nil) {
        self.phase = phase; self.time = time; self.progress = progress; self.progressTolerance = progressTolerance
    }

    public var description: String {
        var text = phase.rawValue + (time.map { "@" + formatNumber($0) } ?? "")
        if let progress {
            text += " progress=" + formatNumber(progress) + (progressTolerance.map { "±" + formatNumber($0) } ?? "")
        }
        return text
    }

    func matches(_ observed: Outcome.Stamped<PopEvent>) -> Bool {
        guard observed.value.phase == phase else { return false }
        if let time, !sameTime(time, observed.time) { return false }
        if let progress, abs(observed.value.progress - progress) > (progressTolerance ?? Expectations.tolerance) { return false }
        return true
    }

    /// An observed step written like `like`'s entries (with its progress when they state one).
    static func render(_ observed: Outcome.Stamped<PopEvent>, like pattern: [PatternItem<PopEntry>]) -> String {
        let showProgress = pattern.contains {
            if case .entry(let e) = $0 { return e.progress != nil }; return false
        }
        let base = observed.value.phase.rawValue + "@" + formatNumber(observed.time.milliseconds)
        return showProgress ? base + " progress=" + formatNumber(observed.value.progress) : base
    }
}

extension EntryGrammar {
    static let popPhases = "began, changed, finished or cancelled"

    static func pop(_ text: String) -> Result<PopEntry, EntryError> {
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let name = s.letters() else { return .failure(.init("does not start with a pop phase (\(popPhases))")) }
        guard let phase = PopPhase(rawValue: name) else {
            return .failure(.init("has unknown pop phase '\(name)'; expected \(popPhases)"))
        }
        var entry = PopEntry(phase: phase)
        if s.take("@") {
            guard let t = s.number(), t >= 0 else { return .failure(.init("needs a time in ms after '@'")) }
            entry.time = t
        }
        s.skipSpaces()
        if s.take("progress=") {
            guard let p = s.number() else { return .failure(.init("needs a number after 'progress='")) }
            entry.progress = p
            guard let tolerance = s.tolerance() else { return .failure(.init("needs a number (not negative) after '±'")) }
            entry.progressTolerance = tolerance
            s.skipSpaces()
        }
        guard s.isAtEnd else { return .failure(.init("has unexpected text '\(s.rest)'")) }
        return .success(entry)
    }
}

extension Expectations {
    /// The `pop:` statements against the run's pop transitions.
    func checkPops(outcome: Outcome) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        for e in pops {
            guard case .view(let navigation) = e.subject else { continue }
            failures += e.check(
                outcome.pops[navigation] ?? [], matches: { $0.matches($1) },
                render: { PopEntry.render($0, like: e.pattern) })
        }
        return failures
    }
}
