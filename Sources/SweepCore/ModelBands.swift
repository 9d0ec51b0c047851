import SweepPlanning
import SweepReporting
import TouchEngine

/// Model bands: how far each rate moves with the values the engine only infers (`InferredParameter`). Each banded
/// parameter is moved alone to each end of its range, the runs that read it run again there (`ModelBandCounts`), and
/// a rate's band is the lowest and highest it takes across those ends and the value in force. Beside a statistical
/// interval (what more trees would narrow), the band is what a recording of real UIKit would narrow (docs/parameters.md).
public enum ModelBands {
    /// The parameters a plan bands: every inferred parameter but those the config sets as an axis (whose values the
    /// sweep already shows).
    public static func considered(_ plan: SweepPlan) -> InferredParameterSet {
        let axes = Set(plan.config.axes.map(\.name))
        return InferredParameterSet(InferredParameter.allCases.filter { !axes.contains($0.name) }.map(InferredParameterSet.init))
    }

    /// One rate's band.
    public struct Band: Sendable, Equatable {
        public let count: Int
        public let attempts: Int
        /// The lowest and highest count across the range ends and the value in force.
        public let low: Int
        public let high: Int
        /// The parameter that moves the count most (the widest span between its ends and the value in force; the
        /// first declared at a tie), or nil when none moves it.
        public let parameter: InferredParameter?
        /// How many parameters move the count at all.
        public let moving: Int

        public var rate: Double? { attempts > 0 ? Double(count) / Double(attempts) : nil }
        public var lowRate: Double? { attempts > 0 ? Double(low) / Double(attempts) : nil }
        public var highRate: Double? { attempts > 0 ? Double(high) / Double(attempts) : nil }

        /// "1.1–3.3% as the tap's maximum duration runs 650–850 ms" (one parameter moves it), "1.1–3.9%, most as …"
        /// (several do), "no inferred value moves it" (none does).
        public var sentence: String {
            guard let parameter else { return "no inferred value moves it" }
            let range = ReportNumber.percentInterval(lowRate, highRate)
            let what = "as \(parameter.words) runs \(parameter.rangeText)"
            return moving > 1 ? "\(range), most \(what)" : "\(range) \(what)"
        }
    }

    /// `defect`'s band in a tally of `count` over `attempts` whose changes at the range ends are `changes`.
    public static func band(_ defect: DefectClass, count: Int, attempts: Int, changes: ModelBandCounts) -> Band {
        var low = count, high = count, widest = 0, moving = 0
        var parameter: InferredParameter?
        for p in InferredParameter.allCases {
            let ends = RangeEnd.allCases.map { count + changes.change(p, $0, defect) }
            let pLow = min(count, ends.min()!), pHigh = max(count, ends.max()!)
            low = min(low, pLow)
            high = max(high, pHigh)
            guard pHigh > pLow else { continue }
            moving += 1
            if pHigh - pLow > widest { widest = pHigh - pLow; parameter = p }
        }
        return Band(count: count, attempts: attempts, low: low, high: high, parameter: parameter, moving: moving)
    }

    /// `defect`'s band in one configuration.
    public static func band(_ defect: DefectClass, _ t: ConfigurationTallies) -> Band {
        band(defect, count: t.count(defect), attempts: t.attempts(defect), changes: t.modelBands)
    }

    /// `defect`'s band over the whole sweep (every configuration's runs and changes together).
    public static func band(_ defect: DefectClass, _ tallies: SweepTallies) -> Band {
        var count = 0, attempts = 0
        var changes = ModelBandCounts()
        for t in tallies.configurations {
            count += t.count(defect)
            attempts += t.attempts(defect)
            changes.merge(t.modelBands)
        }
        return band(defect, count: count, attempts: attempts, changes: changes)
    }

    /// summary.csv's columns: per class, the band's low and high rate and the parameter moving it most.
    public static var columns: [String] {
        DefectClass.allCases.flatMap { ["\($0.name)_model_low", "\($0.name)_model_high", "\($0.name)_model_parameter"] }
    }

    /// Each class's band fields (``columns``) of configuration tallies `t`, whose ``ConfigurationTallies/total`` is
    /// `total`, appended to the record `writer` is writing.
    static func fields(_ t: ConfigurationTallies, total: Tally, into writer: inout CSVWriter) {
        for d in DefectClass.allCases {
            let b = band(d, count: total.count(d), attempts: total.attempts(d), changes: t.modelBands)
            writer.fixed(b.lowRate, digits: 4)
            writer.fixed(b.highRate, digits: 4)
            writer.field(b.parameter?.name ?? "")
        }
    }

    /// The classes counted at least once or moved by a parameter, with their sweep-wide bands, in class order.
    public static func bands(_ tallies: SweepTallies) -> [(defect: DefectClass, band: Band)] {
        DefectClass.allCases.compactMap { d in
            let b = band(d, tallies)
            return b.high > 0 ? (d, b) : nil
        }
    }

    /// The terminal block: each class's sweep-wide rate and its band, and the parameters the sweep left unbanded
    /// because the config varies them.
    static func terminal(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        let rows = bands(tallies)
        guard !rows.isEmpty else { return "" }
        var out =
            "How far each rate moves with what is only inferred (model band: each inferred value alone at the ends of its "
            + "range; docs/parameters.md)\n"
        let width = rows.map(\.defect.name.count).max() ?? 0
        let rates = rows.map { ReportNumber.percent($0.band.rate) }
        let rateWidth = rates.map(\.count).max() ?? 0
        for (k, (defect, band)) in rows.enumerated() {
            out +=
                "  " + defect.name.padding(width) + "  " + String(repeating: " ", count: rateWidth - rates[k].count) + rates[k]
                + " (" + band.sentence + ")\n"
        }
        let axes = InferredParameter.allCases.filter { !considered(plan).contains(InferredParameterSet($0)) }
        if !axes.isEmpty {
            out += "  Not banded, the config sets them as axes: " + axes.map(\.name).joined(separator: ", ") + "\n"
        }
        return out + "\n"
    }
}

extension ModelBands {
    /// model_bands.csv's columns.
    public static let csvColumns = [
        "config_id", "defect", "parameter", "range_low", "range_high", "unit", "attempts", "count", "count_at_low", "count_at_high"
    ]

    /// model_bands.csv: per configuration, class and inferred parameter that moves its count, the count with the
    /// value in force and with the parameter alone at each end of its range (rows only where one of them differs).
    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var table = CSVTable(columns: csvColumns)
        for c in plan.configurations.indices {
            let t = tallies.configurations[c]
            guard !t.modelBands.isEmpty else { continue }
            for d in DefectClass.allCases {
                let count = t.count(d)
                for p in InferredParameter.allCases {
                    let low = t.modelBands.change(p, .low, d), high = t.modelBands.change(p, .high, d)
                    guard low != 0 || high != 0 else { continue }
                    table.append([
                        plan.configurations[c].id, d.name, p.name, InferredParameter.number(p.range.lowerBound),
                        InferredParameter.number(p.range.upperBound), p.unit, ReportNumber.integer(t.attempts(d)),
                        ReportNumber.integer(count), ReportNumber.integer(count + low), ReportNumber.integer(count + high)
                    ])
                }
            }
        }
        return table.render()
    }
}
