import SweepPlanning
import SweepReporting
import TouchEngine
import TouchScenarios

/// examples.csv: one row per distinct kept run, configurations in plan order, then defect classes, then plan order. An
/// example that is a run an earlier row already shows (another configuration that runs its tree alike, `SameRuns`) is
/// left out, and `identical_runs` says how many runs of the sweep each row stands for. Each row's cause, kind and
/// category come from replaying its scenario.
///
/// Made in three parts so that a caller can run the replays beside its other work: the rows are chosen when the report
/// is made (in plan order), the replays run in chunks (``replay(chunk:)``, any chunk on any core), and ``csv(_:)`` joins
/// the chunks' rows in row order. A chunk holds rows of one tree, replayed from one generated base tree whose configured
/// states give each configuration's prepared scene (`ConfiguredStates`: equal to preparing the configured tree's scene,
/// made once per distinct state) and whose counterfactual trees are prepared once each (`CounterfactualScenes`).
public struct ExamplesReport: Sendable {
    public static let columns = [
        "example_id", "config_id", "identical_runs", "defect", "template", "screen", "tree_index", "tree_seed",
        "gesture", "placement", "target", "cause_kind", "rule", "category", "cause", "replay"
    ]
    /// A tree's rows are replayed in chunks of at most this many.
    static let chunkSize = 64

    let plan: SweepPlan
    /// Goes into each row's replay command.
    let outputDirectory: String
    let rows: [(configuration: Int, defect: DefectClass, example: DefectExample, identicalRuns: Int)]
    /// Row positions, a chunk's rows all of one tree.
    let chunks: [[Int]]
    let categories: DefectCategories

    /// Chooses the rows (in plan order) and cuts them into chunks; nothing is replayed yet.
    public init(plan: SweepPlan, tallies: SweepTallies, outputDirectory: String) {
        self.plan = plan
        self.outputDirectory = outputDirectory
        var sameRuns = SameRuns(plan: plan)
        var kept = Set<DistinctRun>()
        var rows: [(configuration: Int, defect: DefectClass, example: DefectExample, identicalRuns: Int)] = []
        for c in plan.configurations.indices {
            for d in DefectClass.allCases {
                for e in tallies.examples[c][d.rawValue] {
                    let run = DistinctRun(
                        tree: e.treeIndex, gesture: e.gestureIndex, defect: d, key: sameRuns.key(tree: e.treeIndex, configuration: c))
                    guard kept.insert(run).inserted else { continue }
                    rows.append((c, d, e, sameRuns.identicalRuns(tree: e.treeIndex, configuration: c)))
                }
            }
        }
        self.rows = rows
        chunks = Dictionary(grouping: rows.indices) { rows[$0].example.treeIndex }.sorted { $0.key < $1.key }
            .flatMap { _, rows in
                stride(from: 0, to: rows.count, by: Self.chunkSize).map { Array(rows[$0 ..< min($0 + Self.chunkSize, rows.count)]) }
            }
        categories = DefectCategories(plan: plan)
    }

    public var chunkCount: Int { chunks.count }

    /// The fields of chunk `k`'s rows, in the chunk's order.
    public func replay(chunk k: Int) -> [[String]] {
        guard let first = chunks[k].first else { return [] }
        let t = rows[first].example.treeIndex
        let base = plan.baseTree(t)
        let acting = ActingAxes(base: base, plan: plan)
        var states = ConfiguredStates(base: base, acting: acting, plan: plan)
        var counterfactuals = CounterfactualScenes(base: base, plan: plan, acting: acting)
        var engine = EngineRunner()
        return chunks[k].map { i in
            let (c, d, e, identicalRuns) = rows[i]
            let id = e.id(configurationID: plan.configurations[c].id)
            var cause = ""
            var kind = CauseKind.unknown
            var category = DefectCategory.hazard
            if let gesture = Replay.gesture(plan: plan, treeIndex: t, family: e.family, placement: e.placement, base: base) {
                // The same kind and category causes.csv counted for this run (from the untraced summary).
                let prepared = states.preparedScene(plan, configuration: c)
                var scene = prepared.scene
                scene.script = gesture.script
                cause = CauseFinder.cause(of: d, gesture: gesture, prepared: prepared)
                let summary = engine.summary(prepared, script: gesture.script)
                kind = CauseAnalysis.cause(of: d, gesture: gesture, scene: scene, summary: summary)
                let designed = DefectCategories.isDesigned(d, cause: kind, gesture: gesture, prepared: prepared, summary: summary)
                let whatIf = categories.owed(DefectSet([d]), plan, configuration: c, tree: t, gesture: gesture, scenes: &counterfactuals)
                category = DefectCategories.category(d, designed: designed, whatIf: whatIf)
            }
            return [
                id, plan.configurations[c].id, String(identicalRuns), d.name,
                e.template.rawValue, plan.screenName(t) ?? "", String(t),
                SeedText.hex(e.treeSeed), e.family.rawValue, String(e.placement), e.target, kind.name, kind.rule, category.name,
                cause, "sweep trace --replay \(Reports.shellQuoted(outputDirectory)) \(id)"
            ]
        }
    }

    /// The file, from every chunk's ``replay(chunk:)`` in chunk order.
    /// - Precondition: `replayed` has one entry per chunk.
    public func csv(_ replayed: [[[String]]]) -> String {
        precondition(replayed.count == chunks.count, "examples.csv needs every chunk's rows")
        var fields = [[String]](repeating: [], count: rows.count)
        for (chunk, made) in zip(chunks, replayed) {
            for (row, f) in zip(chunk, made) { fields[row] = f }
        }
        var table = CSVTable(columns: Self.columns)
        for row in fields { table.append(row) }
        return table.render()
    }

    /// One distinct run of a gesture that showed a class: its tree and gesture, the class, and the values its
    /// configuration gives the tree's acting axes.
    struct DistinctRun: Hashable {
        let tree: Int, gesture: Int, defect: DefectClass, key: [Int]
    }
}
