import ScreenImport
import TouchScenarios

/// What a sweep over real screens must not keep quiet about (docs/real-screens.md, 'Sweeps over screens'): each
/// screen's import warnings, a screen that yields no gesture (and why), a screen `trees.excludeTransient` left out.
/// `sweep plan` and `sweep run` print these lines; with `--strict` any of them ends the command (exit status 2).
public enum ScreenDiagnostics {
    /// Warnings shown per screen before the rest are counted.
    public static let shownWarnings = 3

    /// One line per finding, in screen order (left-out screens last).
    public static func lines(_ plan: SweepPlan) -> [String] {
        var lines: [String] = []
        let screens = plan.config.trees.screens
        for (i, screen) in screens.enumerated() {
            let warnings = screen.report.warnings
            if !warnings.isEmpty {
                let shown = warnings.prefix(shownWarnings).map { $0.description }.joined(separator: "; ")
                let more = warnings.count > shownWarnings ? "; … \(warnings.count - shownWarnings) more (sweep import \(screen.file))" : ""
                lines.append("screen \(screen.file): \(plural(warnings.count, "import warning")): \(shown)\(more)")
            }
            if i < plan.screenGestures.count, plan.screenGestures[i].isEmpty {
                lines.append("screen \(screen.file) yields no gesture: \(whyNoGesture(plan, screen: i)); it is swept for nothing")
            }
        }
        for excluded in plan.config.trees.excludedScreens {
            lines.append("screen \(excluded.file) left out (trees.excludeTransient): it looks transient: \(excluded.sign)")
        }
        return lines
    }

    static func whyNoGesture(_ plan: SweepPlan, screen i: Int) -> String {
        let tree = plan.screenTrees[i]
        if tree.elements.isEmpty {
            return "it has no control, cell or scroll view a finger can reach (none, or all hidden, disabled, "
                + "covered or outside the window)"
        }
        let described = tree.elements.prefix(3).map { element -> String in
            switch element.kind {
            case .scrollView(let axes) where axes.isEmpty: return "a scroll view with nothing to scroll (its content fits and it does not bounce)"
            case .control(let kind) where kind == .slider: return "a slider (it takes its own drags; no family aims at it)"
            default: return "a \(tree.scene.views[element.view].kind.rawValue)"
            }
        }
        let more = tree.elements.count > 3 ? ", …" : ""
        return "none of its \(plural(tree.elements.count, "target")) (\(described.joined(separator: "; "))\(more)) takes a gesture of "
            + "the sweep's families or has room for one"
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
