import Dispatch
import ScenarioKit
import SweepCore
import SweepPlanning
import SweepReporting
import Synchronization
import TouchScenarios

/// The `minimal/` files of a finished sweep: for each defect class, the worst configurations (the ranking of
/// the terminal summary, ``top`` per class) and, among each one's kept examples, the first of each kind of
/// cause (``causeKind(_:)``, at most ``causesPerConfiguration``), shrunk (``Shrinker``).
///
/// Files: `minimal/<example id>.<defect>.yaml` (an example can show several classes, each with its own
/// minimal scene) and `minimal/index.csv`. Rows follow defect class order, then rank; shrinks run in
/// parallel but land in fixed slots, so the bytes never depend on scheduling.
public enum MinimalRepros {
    /// Configurations per defect class whose first example is shrunk.
    public static let top = 5
    /// Kinds of cause per configuration and class whose first example is shrunk.
    public static let causesPerConfiguration = 3

    /// A cause with the names of views and recognizers blanked out, so causes that differ only in which view
    /// (`the touch hit Sheet, not Item3.Info (H1–H3)` and `… not Item7.Info …`) are one kind. A word is a name
    /// when it starts with a capital letter or holds a dot or a digit; rule references in parentheses stay.
    public static func causeKind(_ cause: String) -> String {
        cause.split(separator: " ").map { word -> String in
            if word.hasPrefix("(") || word.hasPrefix("§") { return String(word) }
            var core = word
            while let last = core.last, ",:;".contains(last) { core = core.dropLast() }
            let isName = core.first.map { $0.isUppercase } == true || core.contains { $0 == "." || $0.isNumber }
            return isName ? "_" + word.dropFirst(core.count) : String(word)
        }.joined(separator: " ")
    }

    /// Engine-run budget of each shrink.
    public static let maxRuns = 3000

    public static let indexColumns = [
        "example_id", "config_id", "defect", "cause", "views_before", "views_after", "recognizers_before",
        "recognizers_after", "samples_before", "samples_after", "duration_ms_before", "duration_ms_after", "file"
    ]

    /// One example picked for shrinking.
    struct Pick {
        var exampleID: String
        var configurationID: String
        var defect: DefectClass
        var scenario: Replay.Scenario
    }

    /// The examples to shrink, in defect class order, then rank, then examples.csv order.
    static func picks(plan: SweepPlan, tallies: SweepTallies) -> [Pick] {
        var picks: [Pick] = []
        var baseTrees: [Int: GeneratedTree] = [:]
        for defect in DefectClass.allCases {
            let rows = plan.configurations.indices.map { c -> RankedSummary.Row in
                let t = tallies.configurations[c]
                let n = t.attempts(defect), k = t.count(defect)
                return RankedSummary.Row(
                    configID: plan.configurations[c].id, label: "", rate: n > 0 ? Double(k) / Double(n) : .nan,
                    low: 0, high: 0, count: k, attempts: n)
            }
            for row in RankedSummary.ranked(rows, top: top) where row.count > 0 {
                guard let c = plan.configurations.firstIndex(where: { $0.id == row.configID }) else { continue }
                // The first kept example of each kind of cause, so a configuration whose dead buttons come from an
                // overlay and from a tap-to-dismiss recognizer gets a repro of each.
                var kinds: Set<String> = []
                for e in tallies.examples[c][defect.rawValue] where kinds.count < causesPerConfiguration {
                    guard
                        let scenario = Replay.scenario(
                            plan: plan, configuration: c, treeIndex: e.treeIndex, family: e.family,
                            placement: e.placement, baseTrees: &baseTrees)
                    else { continue }
                    let kind = causeKind(CauseFinder.cause(of: defect, gesture: scenario.gesture, scene: scenario.scene))
                    guard kinds.insert(kind).inserted else { continue }
                    picks.append(
                        Pick(
                            exampleID: e.id(configurationID: row.configID), configurationID: row.configID,
                            defect: defect, scenario: scenario))
                }
            }
        }
        return picks
    }

    /// The files to add to a report directory (names relative to it). They do not name the directory, so
    /// the same sweep written anywhere (`sweep run`, `submit`, `merge`) gives the same bytes.
    public static func files(plan: SweepPlan, tallies: SweepTallies) -> [(name: String, contents: String)] {
        let picks = picks(plan: plan, tallies: tallies)
        let slots = Mutex([Shrinker.Result?](repeating: nil, count: picks.count))
        DispatchQueue.concurrentPerform(iterations: picks.count) { i in
            let s = picks[i].scenario
            let result = try? Shrinker.shrink(scene: s.scene, gesture: s.gesture, defect: picks[i].defect, maxRuns: maxRuns)
            slots.withLock { $0[i] = result }
        }
        let results = slots.withLock { $0 }
        var files: [(name: String, contents: String)] = []
        var table = CSVTable(columns: indexColumns)
        for (pick, result) in zip(picks, results) {
            guard let result else { continue }
            let name = "minimal/\(pick.exampleID).\(pick.defect.name).yaml"
            let cause = result.cause
            let file = MinimalReproFile(
                exampleID: pick.exampleID, defect: pick.defect, cause: cause,
                gesture: result.subject.gesture, scene: result.subject.scene,
                command: "sweep shrink OUTPUT_DIR \(pick.exampleID) --defect \(pick.defect.name) (by the sweep)")
            files.append((name, file.text(result)))
            let b = result.before, a = result.after
            table.append([
                pick.exampleID, pick.configurationID, pick.defect.name, cause,
                String(b.views), String(a.views), String(b.recognizers), String(a.recognizers),
                String(b.samples), String(a.samples), ReportNumberText.number(b.durationMs),
                ReportNumberText.number(a.durationMs), name
            ])
        }
        return files + [("minimal/index.csv", table.render())]
    }
}
