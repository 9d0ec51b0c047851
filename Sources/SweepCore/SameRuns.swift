import SweepPlanning

/// Which configurations run the same scenario: two configurations that give a tree's acting axes the same values
/// (`ActingAxes.key`) configure the tree alike, so each of its gestures runs the same run in both (what `UnitRunner`
/// shares). examples.csv keeps one row per distinct run with the number of runs identical to it, and report.html
/// shows a kept example beside every configuration it stands for.
public struct SameRuns {
    public let plan: SweepPlan
    private var acting: [Int: ActingAxes] = [:]
    /// Per tree, how many configurations give each key.
    private var counts: [Int: [[Int]: Int]] = [:]
    /// The keys asked for so far, by `tree × configurations + configuration` (a page asks for the same ones per row).
    private var keys: [Int: [Int]] = [:]

    public init(plan: SweepPlan) { self.plan = plan }

    /// The values configuration `c` gives tree `t`'s acting axes.
    public mutating func key(tree t: Int, configuration c: Int) -> [Int] {
        let slot = t * plan.configurations.count + c
        if let known = keys[slot] { return known }
        if acting[t] == nil { acting[t] = ActingAxes(base: plan.baseTree(t), plan: plan) }
        let key = acting[t]!.key(plan, configuration: c)
        keys[slot] = key
        return key
    }

    /// Whether configurations `a` and `b` run tree `t`'s gestures alike.
    public mutating func same(tree t: Int, _ a: Int, _ b: Int) -> Bool {
        a == b || key(tree: t, configuration: a) == key(tree: t, configuration: b)
    }

    /// How many configurations (`c` included) run tree `t`'s gestures as `c` does: each gesture's run there is one of
    /// that many identical runs.
    public mutating func identicalRuns(tree t: Int, configuration c: Int) -> Int {
        if counts[t] == nil {
            var byKey: [[Int]: Int] = [:]
            for d in plan.configurations.indices { byKey[key(tree: t, configuration: d), default: 0] += 1 }
            counts[t] = byKey
        }
        return counts[t]![key(tree: t, configuration: c)] ?? 1
    }
}
