import ScenarioKit
import TouchEngine
import TouchScenarios

extension ImportedScreen {
    /// The scenario file `sweep import` writes: a comment header (source, targets with a free point to touch,
    /// guesses, undeclared recognizers), then the scene in the scenario format without a script.
    public func scenarioYAML(source: String) -> String {
        var head = [
            "# Imported by `sweep import` from \(source) (docs/real-screens.md). Add a `script:` to trace it,",
            "# or sweep the dump itself with `trees.screens` in a sweep config."
        ]
        let elements = self.elements
        if !elements.isEmpty {
            head.append("# Targets (kind, window rect; a tap at the centre):")
            for e in elements {
                let r = e.visibleRect
                let centre = "(\(ScreenImporter.fmt(r.midX)),\(ScreenImporter.fmt(r.midY)))"
                head.append(
                    "#   \(scene.views[e.view].name): \(ImportedScreen.describe(e.kind)), [\(rect(r))], "
                        + "script: [\"0 down \(centre)\", \"80 up\"]")
            }
        }
        for g in report.guesses { head.append("# Guess: line \(g.line): \(g.className) taken as \(g.kind.rawValue) by its name") }
        if !report.undeclaredRecognizers.isEmpty {
            head.append(
                "# Recognizers the dump does not describe (declare them with --recognizers): "
                    + report.undeclaredRecognizers.joined(separator: ", "))
        }
        let body = ScenarioWriter.yaml(scene, description: "Imported from \(source): \(report.counts).")
        return head.joined(separator: "\n") + "\n" + body
    }

    /// The lines `sweep import` prints to standard error: counts, guesses, unmapped classes, notes, warnings.
    public func summary(source: String) -> [String] {
        let r = report
        var lines = [
            "\(source): \(r.counts) (\(r.scrollable) scrollable), \(plural(r.guesses.count, "guess", "guesses")), "
                + plural(r.warnings.count, "warning")
        ]
        for g in r.guesses { lines.append("  guess: line \(g.line): \(g.className) → \(g.kind.rawValue) (by its name)") }
        if !r.unmapped.isEmpty {
            var counts: [(String, Int)] = []
            for u in r.unmapped {
                if let i = counts.firstIndex(where: { $0.0 == u.className }) { counts[i].1 += 1 } else { counts.append((u.className, 1)) }
            }
            lines.append(
                "  unmapped classes, imported as plain views (map them with --map): "
                    + counts.map { $0.1 == 1 ? $0.0 : "\($0.0) ×\($0.1)" }.joined(separator: ", "))
        }
        if r.declaredRecognizers > 0 { lines.append("  recognizers declared from the overlay: \(r.declaredRecognizers)") }
        if !r.undeclaredRecognizers.isEmpty {
            lines.append(
                "  views with recognizers the dump does not describe (declare them with --recognizers): "
                    + r.undeclaredRecognizers.joined(separator: ", "))
        }
        if r.systemRecognizerViews > 0 {
            lines.append("  UIKit views with recognizers of their own, not modelled: \(r.systemRecognizerViews)")
        }
        for n in r.notes { lines.append("  note: " + n) }
        for w in r.warnings { lines.append("  warning: " + w.description) }
        return lines
    }

    static func describe(_ kind: ElementKind) -> String {
        switch kind {
        case .control(let k): return k.rawValue
        case .cell: return "cell"
        case .scrollView(let axes):
            return axes.isEmpty
                ? "scroll view (cannot scroll)"
                : "scroll view (" + axes.map { $0 == .horizontal ? "horizontal" : "vertical" }.joined(separator: ", ") + ")"
        case .empty: return "content"
        case .navigation: return "navigation"
        case .sheet: return "sheet"
        case .panel: return "panel"
        case .canvas: return "canvas"
        }
    }

    func rect(_ r: Rect) -> String {
        [r.origin.x, r.origin.y, r.size.width, r.size.height].map(ScreenImporter.fmt).joined(separator: ", ")
    }
}

extension ImportReport {
    /// `36 views, 5 interactive elements, 1 scroll view`.
    var counts: String {
        "\(plural(views, "view")), \(plural(interactive, "interactive element")), \(plural(scrollViews, "scroll view"))"
    }
}

/// `1 view`, `2 views`.
func plural(_ n: Int, _ one: String, _ many: String? = nil) -> String {
    "\(n) " + (n == 1 ? one : many ?? one + "s")
}
