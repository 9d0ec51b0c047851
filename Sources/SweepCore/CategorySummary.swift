import SweepPlanning
import SweepReporting

/// Each class's defects split by what they rest on (``DefectCategory``), over the whole sweep: the terminal's block
/// and the figures report.html and the closing notes quote.
public enum CategorySummary {
    /// One class's figures over every configuration.
    public struct Row: Sendable, Equatable {
        public let defect: DefectClass
        public let attempts: Int
        /// Per category, in `DefectCategory` order.
        public let counts: [Int]
        public var total: Int { counts.reduce(0, +) }
        public func count(_ c: DefectCategory) -> Int { counts[c.rawValue] }
        public func rate(_ c: DefectCategory) -> Double? { attempts > 0 ? Double(count(c)) / Double(attempts) : nil }
    }

    /// The classes counted at least once, in `DefectClass` order.
    public static func rows(_ tallies: SweepTallies) -> [Row] {
        DefectClass.allCases.compactMap { d in
            var attempts = 0
            var counts = [Int](repeating: 0, count: DefectCategory.allCases.count)
            for t in tallies.configurations {
                attempts += t.attempts(d)
                for g in DefectCategory.allCases { counts[g.rawValue] += t.causes.total(d, g) }
            }
            let row = Row(defect: d, attempts: attempts, counts: counts)
            return row.total > 0 ? row : nil
        }
    }

    /// `dead_button  104 = hazard 16 (1.16%) + designed 0 + what-if 88 (6.38%)`, one line per counted class.
    public static func terminal(_ tallies: SweepTallies) -> String {
        let rows = rows(tallies)
        guard !rows.isEmpty else { return "" }
        var out =
            "What each count rests on (hazard: a setting apps ship; designed: UIKit as designed; what-if: a value no "
            + "shipped app keeps; docs/defects.md)\n"
        let width = rows.map(\.defect.name.count).max() ?? 0
        let countWidth = rows.map { String($0.total).count }.max() ?? 0
        for row in rows {
            let parts = DefectCategory.allCases.map { g -> String in
                let k = row.count(g)
                return k == 0 ? "\(g.label) 0" : "\(g.label) \(k) (\(ReportNumber.percent(row.rate(g))))"
            }
            out +=
                "  " + row.defect.name.padding(width) + "  " + String(repeating: " ", count: countWidth - String(row.total).count)
                + "\(row.total) = " + parts.joined(separator: " + ") + "\n"
        }
        return out + "\n"
    }
}
