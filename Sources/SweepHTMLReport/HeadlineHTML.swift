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
            if let hazards = data.hazardTable, let totals = data.categoryTotals {
                text = hazardSentence(hazards, outcome: o, totals: totals[o])
            } else if let top = drivers(data, defect: defect).first {
                text = top.sentence(defect)
            } else {
                text = "\(HTMLText.defectWords(defect)) \(HTMLText.percent(data.table.pooled(outcome: o).rate)) whatever the axes (none changes the rate)"
            }
            html += "<li" + HTMLText.attributes([("data-defect", defect)]) + ">\(HTMLText.escape(text))</li>\n"
        }
        html +=
            data.hazardTable == nil
            ? "</ul>\n<p class=\"note\">Each line: the value of the axis that moves the defect most, its rate there "
                + "against the axis's best value, pooled over the configurations (effects.csv).</p>\n"
            : "</ul>\n<p class=\"note\">Each line counts hazards alone, settings apps ship that a documented fix changes: "
                + "the value of the axis that moves them most, their rate there against the axis's best value, pooled over the "
                + "configurations. UIKit's designed behaviour and what-if values are counted apart (\"What each count rests "
                + "on\", docs/defects.md).</p>\n"
        return html + inferred(data) + "</section>\n"
    }

    /// A headline line over hazards: the axis that moves them most (`FactorEffects` on the hazard counts), or their
    /// rate when no axis moves it, or, when the class has none, what its counts rest on instead.
    static func hazardSentence(_ hazards: FactorTable, outcome o: Int, totals: [Int]) -> String {
        let defect = hazards.outcomes[o]
        let words = HTMLText.defectWords(defect)
        let pooled = hazards.pooled(outcome: o)
        if pooled.count == 0 && totals.reduce(0, +) > 0 {
            let others = [DefectCategory.designed, .whatIf].filter { totals[$0.rawValue] > 0 }
                .map { "\(totals[$0.rawValue]) \($0 == .designed ? "are UIKit's design" : "rest on what-if values")" }
            return "\(words): no hazard (" + others.joined(separator: ", ") + ")"
        }
        let ranked = FactorEffects.ranked(FactorEffects.mainEffects(hazards, outcome: o)).filter { ($0.effect ?? 0) > 0 }
        guard let main = ranked.first, let (best, worst) = main.extremes else {
            return "\(words) (hazards) \(HTMLText.percent(pooled.rate)) whatever the axes (none changes the rate)"
        }
        let axis = hazards.axes[main.axis]
        return "\(axis.name) = \(axis.levels[worst]): \(words) (hazards) \(HTMLText.percent(main.levels[worst].rate!)) vs "
            + "\(HTMLText.percent(main.levels[best].rate!)) when \(axis.levels[best])"
    }

    /// Each counted class's rate with its model band (`ModelBands`, from model_bands.csv): how far the rate moves as
    /// each inferred value runs across its range; nothing without model_bands.csv.
    static func inferred(_ data: ReportData) -> String {
        guard !data.inputs.modelBandsCSV.isEmpty else { return "" }
        var items: [String] = []
        for o in data.activeOutcomes {
            let name = data.table.outcomes[o]
            guard let defect = DefectClass.allCases.first(where: { $0.name == name }) else { continue }
            let pooled = data.table.pooled(outcome: o)
            let band = ModelBands.band(
                defect, count: pooled.count, attempts: pooled.attempts, changes: data.modelBands[name] ?? ModelBandCounts())
            guard band.high > 0 else { continue }
            let text = "\(HTMLText.defectWords(name)) \(HTMLText.percent(band.rate)) (\(band.sentence))"
            items.append("<li" + HTMLText.attributes([("data-defect", name)]) + ">" + HTMLText.escape(text) + "</li>\n")
        }
        guard !items.isEmpty else { return "" }
        return "<div class=\"inferred\" id=\"model-bands\">\n<h3>How far each rate moves with what is only inferred</h3>\n<ul>\n"
            + items.joined()
            + "</ul>\n<p class=\"note\">Every run, all categories. The model band is the lowest and highest rate as each value "
            + "the engine only infers runs alone to the ends of its documented range (the runs whose verdict read it run again "
            + "there; model_bands.csv, docs/parameters.md); the statistical intervals do not include it.</p>\n</div>\n"
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
