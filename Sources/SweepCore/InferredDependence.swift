import SweepPlanning
import TouchScenarios

/// The values a class's counts rest on that the spec only infers (touch-model-system §T and §O: [INF] or
/// [RE-partial]), with the value the engine uses, the range the spec documents and the axis that varies it
/// (docs/ARCHITECTURE.md, "The system's gestures: what is inferred and what varies it"). The terminal summary and
/// report.html name them beside a class the sweep counted, unless the config already varies every one of them.
public enum InferredDependence {
    /// One inferred value.
    public struct Value: Sendable, Equatable {
        /// The axis (or engine parameter) that varies it.
        public let axis: String
        /// What it is, the engine's value and the documented range, in a few words.
        public let note: String
    }

    static let edgeRegion = Value(axis: "edgeRegion", note: "where a back swipe may start: 35 pt, documented 13–55 pt [INF]")
    static let edgeTimeLimit = Value(axis: "edgeTimeLimit", note: "how late an edge swipe may begin: 250 ms [RE-partial]")
    static let sheetRelease = Value(
        axis: "sheetDecelerationRate", note: "where a released sheet comes to rest: projected with 0.99 [INF]")

    /// The inferred values `defect`'s counts rest on; empty for the classes whose rules are all read or documented.
    public static func values(for defect: DefectClass) -> [Value] {
        switch defect {
        case .swallowedBack, .accidentalBack: return [edgeRegion, edgeTimeLimit]
        case .accidentalDismiss, .stuckSheet: return [sheetRelease]
        default: return []
        }
    }

    /// Lines naming, for each class the sweep counted (`counted`), the inferred values it rests on that the config
    /// does not vary; empty when there are none.
    public static func lines(plan: SweepPlan, counted: [DefectClass]) -> [String] {
        let varied = Set(plan.config.axes.filter { $0.values.count > 1 }.map(\.name))
        return counted.compactMap { defect in
            let open = values(for: defect).filter { !varied.contains($0.axis) }
            guard !open.isEmpty else { return nil }
            return "\(defect.name) rests on inferred values: " + open.map { "\($0.axis) (\($0.note))" }.joined(separator: "; ")
        }
    }

    /// ``lines(plan:counted:)`` for the classes `tallies` counted at least once.
    public static func lines(plan: SweepPlan, tallies: SweepTallies) -> [String] {
        let counted = DefectClass.allCases.filter { d in tallies.configurations.contains { $0.total.count(d) > 0 } }
        return lines(plan: plan, counted: counted)
    }

    /// The terminal block: a heading and the lines, or nothing.
    static func terminal(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        let lines = lines(plan: plan, tallies: tallies)
        guard !lines.isEmpty else { return "" }
        return "Rates that rest on inferred values (vary the axis to see how far a rate moves; docs/defects.md)\n"
            + lines.map { "  " + $0 + "\n" }.joined()
    }
}
