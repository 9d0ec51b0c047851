import SweepCore
import SweepReporting

/// The answer at the top of the page: for each defect class that applied, the value of the axis that moves it
/// most, and the rates at its worst and best value (effects.csv's `level` rows, as the terminal's "Axes that
/// drive each defect" gives them): `dismissTap.cancelsTouchesInView = true: dead buttons 15.2% vs 2.1% when
/// false`. "Axes that drive each defect" gives the three strongest axes of each class in the same words.
enum HeadlineHTML {
    /// One axis of one defect: its worst and best values and their pooled rates.
    struct Driver {
        var axis: String, worst: String, best: String
        var worstRate: Double, bestRate: Double, effect: Double

        /// `axis = worst: dead buttons 15.2% vs 2.1% when best`.
        func sentence(_ defect: String) -> String {
            "\(axis) = \(worst): \(HTMLText.defectWords(defect)) \(HTMLText.percent(worstRate)) vs \(HTMLText.percent(bestRate)) when \(best)"
        }
    }

    /// The axes that change `defect`'s rate, largest main effect first; the worst value is the first with the
    /// highest rate, the best the first with the lowest (in the axis's order), as on the terminal.
    static func drivers(_ data: ReportData, defect: String) -> [Driver] {
        data.rankedAxes(defect).compactMap { a in
            let name = data.table.axes[a].name
            guard let main = data.effects.first(where: { $0.defect == defect && $0.kind == "main" && $0.axis == name }),
                let effect = main.effect, effect > 0
            else { return nil }
            let levels = data.effects.filter { $0.defect == defect && $0.kind == "level" && $0.axis == name && $0.rate != nil }
            guard let worst = levels.max(by: { $0.rate! < $1.rate! }), let best = levels.min(by: { $0.rate! < $1.rate! }) else { return nil }
            return Driver(axis: name, worst: worst.level, best: best.level, worstRate: worst.rate!, bestRate: best.rate!, effect: effect)
        }
    }

    static func render(_ data: ReportData) -> String {
        var html = "<section id=\"headline\">\n<h2>At a glance</h2>\n<ul class=\"headline\">\n"
        for o in data.activeOutcomes {
            let defect = data.table.outcomes[o]
            let text: String
            if let top = drivers(data, defect: defect).first {
                text = top.sentence(defect)
            } else {
                text = "\(HTMLText.defectWords(defect)) \(HTMLText.percent(data.table.pooled(outcome: o).rate)) whatever the axes (none changes the rate)"
            }
            html += "<li" + HTMLText.attributes([("data-defect", defect)]) + ">\(HTMLText.escape(text))</li>\n"
        }
        html +=
            "</ul>\n<p class=\"note\">Each line: the value of the axis that moves the defect most, its rate there "
            + "against the axis's best value, pooled over the configurations (effects.csv).</p>\n"
        return html + inferred(data) + "</section>\n"
    }

    /// The classes the sweep counted whose rates rest on values the spec only infers, and the axes that vary them
    /// (`InferredDependence`), as a note; nothing when there are none or the config varies them all.
    static func inferred(_ data: ReportData) -> String {
        let counted = data.activeOutcomes.filter { data.table.pooled(outcome: $0).count > 0 }.compactMap { o in
            DefectClass.allCases.first { $0.name == data.table.outcomes[o] }
        }
        let lines = InferredDependence.lines(plan: data.inputs.plan, counted: counted)
        guard !lines.isEmpty else { return "" }
        return "<p class=\"note inferred\">Rates that rest on inferred values (vary the axis to see how far a rate moves): "
            + lines.map(HTMLText.escape).joined(separator: "; ") + ".</p>\n"
    }

    /// "Axes that drive each defect": the three strongest axes per class, with their main effect.
    static func drivers(_ data: ReportData) -> String {
        var html =
            "<section id=\"drivers\">\n<h2>Axes that drive each defect</h2>\n<p>Main effect: highest − lowest pooled rate "
            + "across the axis's values, in percentage points (effects.csv).</p>\n<ul>\n"
        for o in data.activeOutcomes {
            let defect = data.table.outcomes[o]
            let shown = drivers(data, defect: defect).prefix(3)
            let text =
                shown.isEmpty
                ? "no axis changes the rate"
                : shown.map { "\($0.sentence(defect)) (\(HTMLText.points($0.effect)))" }.joined(separator: "; ")
            html += "<li><strong>\(HTMLText.escape(defect))</strong>: \(HTMLText.escape(text))</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }
}
