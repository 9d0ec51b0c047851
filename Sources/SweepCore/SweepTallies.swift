import SweepPlanning
import TouchScenarios

/// The tallies of one configuration: overall, by tree template and by gesture family, and the causes of its
/// defects (causes.csv).
public struct ConfigurationTallies: Sendable, Equatable {
    public private(set) var byTemplate = [Tally](repeating: Tally(), count: TreeTemplate.allCases.count)
    public private(set) var byFamily = [Tally](repeating: Tally(), count: GestureFamily.allCases.count)
    /// One cause per defective run and class it showed: `causes.total(c) == total.count(c)`.
    public private(set) var causes = CauseCounts()
    /// How each class's count moves with each inferred parameter at its range's ends (`ModelBandCounts`).
    public private(set) var modelBands = ModelBandCounts()

    public init() {}

    /// Adds the changes one tree's runs make at the inferred parameters' range ends.
    public mutating func addModelBands(_ changes: ModelBandCounts) { modelBands.merge(changes) }

    /// Every run: the merge of the template tallies (each tree has one template, so each run and each tree's sums
    /// are in exactly one), made when asked rather than kept up to date run by run.
    public var total: Tally {
        var all = Tally()
        for t in byTemplate where !t.isEmpty { all.merge(t) }
        return all
    }

    /// The runs added so far (`total.runs`, without merging the histograms).
    public var runs: Int { byTemplate.reduce(0) { $0 + $1.runs } }

    /// `total.attempts(c)`, summed over the template tallies without merging them (no histograms, no per-tree sums).
    public func attempts(_ c: DefectClass) -> Int { byTemplate.reduce(0) { $0 + $1.attempts(c) } }
    /// `total.count(c)`, summed as ``attempts(_:)`` is.
    public func count(_ c: DefectClass) -> Int { byTemplate.reduce(0) { $0 + $1.count(c) } }
    /// `total.notCounted(reason)`, summed as ``attempts(_:)`` is.
    public func notCounted(_ reason: NotCounted) -> Int { byTemplate.reduce(0) { $0 + $1.notCounted(reason) } }

    /// Adds one run; `causes` has one cause per class in `verdict.defects`, in `DefectSet` order (a run added
    /// without them, as tests do, gets ``CauseKind/unknown``).
    /// `categories` gives each cause's category in the same order (hazards where it has none).
    public mutating func add(
        _ verdict: ScenarioVerdict, template: TreeTemplate, family: GestureFamily, causes: [CauseKind] = [],
        categories: [DefectCategory] = []
    ) {
        byTemplate[template.position].add(verdict)
        byFamily[family.position].add(verdict)
        add(causes, of: verdict, categories: categories)
    }

    /// Adds one run of a tree of template position `template` to its family's tally (position `family`) and the
    /// causes, its latencies to the template's tally, and its counts to `tree`, which gathers the tree's runs:
    /// ``closeTree(template:runs:)`` adds them to the template's tally once per tree.
    ///
    /// Each defect goes into causes with its category (`DefectCategories`): designed when its cause says so, else
    /// what-if when `whatIf` holds its class, else a hazard.
    mutating func add(
        _ verdict: ScenarioVerdict, template: Int, family: Int, causes: ArraySlice<RunCause>, whatIf: DefectSet, tree: inout TreeRuns
    ) {
        tree.add(verdict, family: family)
        if verdict.highlightLatency != nil || verdict.actionLatency != nil { byTemplate[template].recordLatencies(of: verdict) }
        byFamily[family].add(verdict)
        guard !verdict.defects.isEmpty else { return }
        DefectCategories.forEachDefect(of: verdict, causes: causes, whatIf: whatIf) { self.causes.add($0, $1, $2) }
    }

    /// Closes one tree of template position `template` whose runs were added with
    /// ``add(_:template:family:causes:tree:)``: their counts go into the template's tally, and the tree's attempts
    /// and counts, overall and per family, into the per-tree sums of each cell (`Tally.addTree`).
    mutating func closeTree(template: Int, runs tree: TreeRuns) {
        let all = tree.total
        byTemplate[template].addCounts(all)
        byTemplate[template].addTree(all)
        tree.forEachFamily { byFamily[$0].addTree(tree.families[$0]) }
    }

    /// One cause per defect of `verdict`, in `DefectSet` order, in its category (a hazard where `categories` has none);
    /// ``CauseKind/unknown`` where `causes` has none.
    private mutating func add(_ causes: [CauseKind], of verdict: ScenarioVerdict, categories: [DefectCategory]) {
        guard !verdict.defects.isEmpty else { return }
        for (i, d) in verdict.defects.enumerated() {
            self.causes.add(d, i < causes.count ? causes[i] : .unknown, i < categories.count ? categories[i] : .hazard)
        }
    }

    /// Closes one tree of `template` whose runs were added with ``add(_:template:family:causes:)``: `tree` holds its
    /// attempts and counts over all its runs, `families[f]` over its runs of family `f` (`GestureFamily.allCases`
    /// order). Each goes into the per-tree sums of its cell (`Tally.addTree`).
    mutating func closeTree(template: TreeTemplate, tree: TreeCounts, families: [TreeCounts]) {
        byTemplate[template.position].addTree(tree)
        for f in families.indices { byFamily[f].addTree(families[f]) }
    }

    public mutating func merge(_ other: ConfigurationTallies) {
        // Merging an empty tally changes nothing, and most parts of a unit's tallies are empty (a unit sees few
        // templates and families): skip them without copying them.
        guard other.byTemplate.contains(where: { !$0.isEmpty }) else { return }
        for i in byTemplate.indices where !other.byTemplate[i].isEmpty { byTemplate[i].merge(other.byTemplate[i]) }
        for i in byFamily.indices where !other.byFamily[i].isEmpty { byFamily[i].merge(other.byFamily[i]) }
        causes.merge(other.causes)
        modelBands.merge(other.modelBands)
    }

    public func template(_ t: TreeTemplate) -> Tally { byTemplate[TreeTemplate.allCases.firstIndex(of: t)!] }
    public func family(_ f: GestureFamily) -> Tally { byFamily[GestureFamily.allCases.firstIndex(of: f)!] }
}

extension ConfigurationTallies {
    /// Rebuilds a configuration's tallies from their parts, or `nil` when they break what ``add(_:template:family:causes:)``
    /// and ``closeTree(template:tree:families:)`` keep true: one tally per tree template and per gesture family,
    /// `total` equal to the merge of the template tallies (a tree has one template, so its per-tree sums too) and
    /// to the merge of the family tallies in runs, counts and latencies (every scenario counts once in each), and
    /// exactly one cause per defect counted (`causes.total(c) == total.count(c)` for every class).
    public init?(
        total: Tally, byTemplate: [Tally], byFamily: [Tally], causes: CauseCounts = CauseCounts(),
        modelBands: ModelBandCounts = ModelBandCounts()
    ) {
        guard byTemplate.count == TreeTemplate.allCases.count, byFamily.count == GestureFamily.allCases.count else { return nil }
        var templates = Tally(), families = Tally()
        for t in byTemplate { templates.merge(t) }
        for f in byFamily { families.merge(f) }
        guard templates == total, families.sameCounts(as: total),
            DefectClass.allCases.allSatisfy({ causes.total($0) == total.count($0) })
        else { return nil }
        self.init()
        self.byTemplate = byTemplate
        self.byFamily = byFamily
        self.causes = causes
        self.modelBands = modelBands
    }
}

/// One scenario worth showing a person: which configuration, tree and gesture, and what went wrong.
public struct DefectExample: Sendable, Equatable, Comparable {
    public var configuration: Int
    public var defect: DefectClass
    public var treeIndex: Int
    public var family: GestureFamily
    public var placement: Int
    /// Position of the gesture within its tree's gesture list (families in config order × placements).
    public var gestureIndex: Int
    public var template: TreeTemplate
    public var treeSeed: UInt64
    /// The target view's name in the tree.
    public var target: String

    public init(
        configuration: Int, defect: DefectClass, treeIndex: Int, family: GestureFamily, placement: Int,
        gestureIndex: Int, template: TreeTemplate, treeSeed: UInt64, target: String
    ) {
        self.configuration = configuration
        self.defect = defect
        self.treeIndex = treeIndex
        self.family = family
        self.placement = placement
        self.gestureIndex = gestureIndex
        self.template = template
        self.treeSeed = treeSeed
        self.target = target
    }

    /// Stable id used by `sweep trace --replay`: `<config id>-t<tree>-<family>-p<placement>`.
    public func id(configurationID: String) -> String {
        "\(configurationID)-t\(treeIndex)-\(family.rawValue)-p\(placement)"
    }

    /// The kind of screen an example comes from: its generated template, or for an imported screen the
    /// screen itself. Kept examples are one per kind (``SweepTallies/keepSmallest(_:in:limit:)``).
    public var screenKind: Int { Self.screenKind(template: template, treeIndex: treeIndex) }

    public static func screenKind(template: TreeTemplate, treeIndex: Int) -> Int {
        template == .screen ? treeIndex : -1 - TreeTemplate.allCases.firstIndex(of: template)!
    }

    /// Plan order: tree, then gesture.
    public static func < (a: DefectExample, b: DefectExample) -> Bool {
        (a.configuration, a.defect, a.treeIndex, a.gestureIndex) < (b.configuration, b.defect, b.treeIndex, b.gestureIndex)
    }
}

/// Everything a sweep has accumulated: per configuration tallies and the first examples of each defect
/// class, kept in plan order whatever order the work units finish in. The examples of a configuration and
/// class come from different kinds of screen: the first example on each kind (``DefectExample/screenKind``),
/// and of those the `examplesPerClass` earliest, so a defect that a drawer's overlay causes on the first trees
/// does not hide the same defect coming from a form's tap-to-dismiss recognizer a few trees later.
public struct SweepTallies: Sendable, Equatable {
    public private(set) var configurations: [ConfigurationTallies]
    /// `examples[configuration][defect]`, at most `examplesPerClass` each, in plan order.
    public private(set) var examples: [[[DefectExample]]]
    public let examplesPerClass: Int
    /// `elements[configuration][global element index]`: the real screens' elements (by_screen.csv).
    public private(set) var elements: [[Tally]]
    /// `elementCategories[configuration][global element index]`: the designed and what-if counts of its defects,
    /// only where there are some (the rest are hazards).
    public private(set) var elementCategories: [[Int: CategoryCounts]]

    /// `elementCount` is `SweepPlan.screenElementCount` (0 without screens).
    public init(configurationCount: Int, examplesPerClass: Int, elementCount: Int = 0) {
        configurations = Array(repeating: ConfigurationTallies(), count: configurationCount)
        examples = Array(repeating: Array(repeating: [], count: DefectClass.allCases.count), count: configurationCount)
        self.examplesPerClass = examplesPerClass
        elements = Array(repeating: Array(repeating: Tally(), count: elementCount), count: configurationCount)
        elementCategories = Array(repeating: [:], count: configurationCount)
    }

    /// Tallies sized for `plan`.
    public init(plan: SweepPlan) {
        self.init(
            configurationCount: plan.configurations.count, examplesPerClass: plan.config.examples,
            elementCount: plan.screenElementCount)
    }

    /// Adds a finished work unit. Commutative: any completion order gives equal tallies.
    public mutating func merge(_ unit: UnitResult) {
        configurations[unit.configuration].merge(unit.tallies)
        for e in unit.elements where elements[unit.configuration].indices.contains(e.element) {
            elements[unit.configuration][e.element].merge(e.tally)
            if !e.categories.isEmpty { elementCategories[unit.configuration][e.element, default: CategoryCounts()].merge(e.categories) }
        }
        for example in unit.examples {
            // In place: a copy-out/copy-back would duplicate the list's storage on every example.
            Self.keepSmallest(example, in: &examples[example.configuration][example.defect.rawValue], limit: examplesPerClass)
        }
    }

    /// Keeps in `list` the earliest example of each screen kind, and of those the `limit` earliest, in plan
    /// order. The same whatever order examples arrive in: an example dropped for the limit had `limit` earlier
    /// ones of other kinds ahead of it, and they only get earlier.
    static func keepSmallest(_ example: DefectExample, in list: inout [DefectExample], limit: Int) {
        if let i = list.firstIndex(where: { $0.screenKind == example.screenKind }) {
            guard example < list[i] else { return }
            list[i] = example
        } else {
            list.append(example)
        }
        list.sort()
        if list.count > limit { list.removeLast(list.count - limit) }
    }

    /// Scenarios run so far.
    public var runs: Int { configurations.reduce(0) { $0 + $1.runs } }
}

extension TreeTemplate {
    /// Position in `allCases` (the index of its tally in ``ConfigurationTallies/byTemplate``): a sweep looks it
    /// up for every tree (`PositionTests` checks it against `allCases`).
    var position: Int {
        switch self {
        case .feed: 0
        case .carousel: 1
        case .form: 2
        case .drawer: 3
        case .pager: 4
        case .settings: 5
        case .random: 6
        case .screen: 7
        case .photo: 8
        case .pushedScreen: 9
        case .pageSheet: 10
        case .mapPanel: 11
        }
    }
}

extension GestureFamily {
    /// Position in `allCases` (the index of its tally in ``ConfigurationTallies/byFamily``): a sweep looks it up
    /// for every run (`PositionTests` checks it against `allCases`).
    var position: Int {
        switch self {
        case .quickTap: 0
        case .heldTap: 1
        case .longPress: 2
        case .doubleTap: 3
        case .fastSwipe: 4
        case .holdThenDrag: 5
        case .slowDrag: 6
        case .diagonalDrag: 7
        case .dragFromControl: 8
        case .dragFromCell: 9
        case .dragFromEmpty: 10
        case .pinchZoom: 11
        case .backSwipe: 12
        case .pullDown: 13
        case .pullUp: 14
        case .stroke: 15
        }
    }
}
