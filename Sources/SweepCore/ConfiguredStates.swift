import SweepPlanning
import TouchEngine
import TouchScenarios

/// One tree's configurations, as states reached by setting the axes one at a time (a zip group's consecutive
/// axes together: `ActingAxes.steps`): a state is a configured tree, and setting axis `k` to its `v`th value in state `s`
/// either leaves the tree as it was (an axis whose role the tree lacks: nothing is written) and stays in `s`, or
/// gives a new state. Each step is taken once per
/// tree and remembered, so configurations that set the same values, or differ only in axes that change nothing
/// on this tree, end in the same state and share its tree and prepared scene.
///
/// Exact by construction: a step is a pure function of the state and the value, and a step stays in its
/// state only when the tree it gives is identical to the state's (the same storage: `unchanged`) or the axis
/// cannot change the tree (it lacks the axis's role: `SweepPlan.mayChange`), so two configurations that end in
/// the same state give equal trees.
struct ConfiguredStates {
    /// State 0 is the base tree.
    private var trees: [GeneratedTree]
    /// The prepared scene of each state, once made.
    private var prepared: [PreparedScene?]
    /// Where each step leads: `steps[state * stride + first[k] + v]` is the state that setting axis `k` to its
    /// `v`th value in `state` gives, or -1 while that step has not been taken.
    private var steps: [Int]
    /// Per axis, its first slot in a state's row of `steps`; a row has a slot per value of every axis.
    private let first: [Int]
    private let stride: Int
    /// The axes that may change the tree and the steps they are set in; the other axes leave every state as it is.
    /// Setting a zip group's axes in one step gives the tree that setting them one at a time gives, without making
    /// the half-set tree between them.
    private let acting: ActingAxes
    /// The views some acting axis may write (`SweepPlan.viewsItMayWrite`), ascending: every other view is the same in
    /// every state, so preparing a state next to another reads and compares these alone.
    private let mayDiffer: [ViewID]
    /// The prepared scene made last.
    private var last: PreparedScene?
    /// Above this many states the states start again from the base (bounded memory; still exact).
    static let stateLimit = 64

    /// `acting`: the base tree's (`ActingAxes(base:plan:)`, which its `UnitRunner.BaseTree` keeps).
    init(base: GeneratedTree, acting: ActingAxes, plan: SweepPlan) {
        var first: [Int] = [], stride = 0
        for axis in plan.config.axes {
            first.append(stride)
            stride += axis.values.count
        }
        self.first = first
        self.stride = stride
        self.acting = acting
        mayDiffer = Array(Set(acting.axes.flatMap { plan.viewsItMayWrite(axis: $0, base) })).sorted()
        trees = [base]
        trees.reserveCapacity(Self.stateLimit + 1)
        prepared = [nil]
        prepared.reserveCapacity(Self.stateLimit + 1)
        steps = Array(repeating: -1, count: stride)
        steps.reserveCapacity(stride * (Self.stateLimit + 1))
    }

    mutating func prepared(_ plan: SweepPlan, configuration c: Int) -> (tree: GeneratedTree, prepared: PreparedScene) {
        let state = state(plan, configuration: c)
        return (trees[state], scene(of: state))
    }

    /// The prepared scene of configuration `c` alone (no copy of its tree).
    mutating func preparedScene(_ plan: SweepPlan, configuration c: Int) -> PreparedScene {
        scene(of: state(plan, configuration: c))
    }

    /// Configuration `c`'s state, reached axis by axis from the base tree (new states made on the way).
    private mutating func state(_ plan: SweepPlan, configuration c: Int) -> Int {
        if trees.count > Self.stateLimit {
            trees.removeSubrange(1...)
            prepared.removeSubrange(1...)
            prepared[0] = nil
            steps.removeSubrange(stride...)
            for slot in steps.indices { steps[slot] = -1 }
            last = nil
        }
        var state = 0
        for run in acting.steps {
            // A step is keyed by its first axis's value (the others' follow it: `ActingAxes.steps`).
            let k = acting.axes[run.lowerBound]
            let slot = state * stride + first[k] + plan.valueIndex(axis: k, configuration: c)
            if steps[slot] < 0 { steps[slot] = step(plan, from: state, axes: run, configuration: c) }
            state = steps[slot]
        }
        return state
    }

    /// The state that setting the axes `acting.axes[run]` to configuration `c`'s values in `state` gives: `state`
    /// itself when they leave the tree as it was, else a new state.
    private mutating func step(_ plan: SweepPlan, from state: Int, axes run: Range<Int>, configuration c: Int) -> Int {
        var tree = trees[state]
        for i in run { plan.apply(axis: acting.axes[i], configuration: c, to: &tree) }
        if Self.unchanged(trees[state], tree) { return state }
        #if DEBUG
            precondition(tree.roles == trees[0].roles, "an axis wrote the roles that `acting` was read from")
        #endif
        trees.append(tree)
        prepared.append(nil)
        steps.append(contentsOf: repeatElement(-1, count: stride))
        return trees.count - 1
    }

    /// The prepared scene of a state, made once.
    private mutating func scene(of state: Int) -> PreparedScene {
        if let scene = prepared[state] { return scene }
        // A scene whose tables came out the same storage as an earlier state's (an axis that only sets engine
        // parameters, after the others) shares them.
        let scene: PreparedScene
        if let shared = preparedWithSameTableStorage(as: trees[state].scene) {
            scene = PreparedScene(trees[state].scene, reusingTablesOf: shared)
        } else if let last {
            // Another configuration of the same tree: its recognizer tables and subview lists are likely the same.
            scene = PreparedScene(trees[state].scene, sharingEqualPartsOf: last, viewsThatMayDiffer: mayDiffer)
        } else {
            scene = PreparedScene(trees[state].scene)
        }
        prepared[state] = scene
        last = scene
        return scene
    }

    /// A prepared scene of a state whose tables come from the same storage as `scene`'s (`sameTableStorage`).
    private func preparedWithSameTableStorage(as scene: Scene) -> PreparedScene? {
        for case let other? in prepared where Self.sameTableStorage(other.scene, scene) { return other }
        return nil
    }

    /// Whether `b` is `a` untouched: every array the same storage, every other field equal. Never true of
    /// trees that differ; may be false of equal ones (a step that wrote back the value it found), which only
    /// costs a state.
    static func unchanged(_ a: GeneratedTree, _ b: GeneratedTree) -> Bool {
        a.template == b.template && a.seed == b.seed && a.roles == b.roles && same(a.elements, b.elements)
            && a.scene.name == b.scene.name && a.scene.parameters == b.scene.parameters
            && a.scene.firstResponder == b.scene.firstResponder && same(a.scene.script, b.scene.script)
            && same(a.scene.sheets, b.scene.sheets) && same(a.scene.panels, b.scene.panels)
            && sameTableStorage(a.scene, b.scene)
    }

    /// Whether the parts of two scenes that `PreparedScene`'s tables come from are the same storage.
    static func sameTableStorage(_ a: Scene, _ b: Scene) -> Bool {
        same(a.views, b.views) && same(a.children, b.children) && same(a.depth, b.depth)
            && same(a.controllers, b.controllers) && same(a.recognizers, b.recognizers)
            && a.firstResponder == b.firstResponder
    }

    /// The same storage (so equal), or both empty.
    static func same<T>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && (a.isEmpty || a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pa.baseAddress == $0.baseAddress } })
    }
}
