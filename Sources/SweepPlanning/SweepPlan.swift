import SeededRandom
import TouchEngine
import TouchScenarios

/// What a sweep will run, computed from a `SweepConfig` without running anything (pure and deterministic).
///
/// - Configurations: the cartesian product of the axes in file order (last axis fastest; a zip group is one
///   axis at the position of its first member), minus the excluded combinations.
/// - Trees: `treeCount` per configuration, the same trees for every configuration (paired comparison): tree `i`
///   has a template and a seed drawn from `SplitMix64(seed: config.seed, 1, i)`.
/// - Gestures: for each tree, every family × placement, generated on the tree before any axis is applied, with
///   seeds from `SplitMix64(seed: config.seed, 2, treeIndex, familyIndex, placement)`.
public struct SweepPlan: Sendable {
    /// One gesture of a tree: its family, its slot (the placement; on a screen, element × placements +
    /// placement, so that the example id `…-<family>-p<slot>` names the element) and the gesture.
    public typealias GestureEntry = (family: GestureFamily, placement: Int, gesture: Gesture)

    /// One point of the sweep: a value for every axis.
    public struct Configuration: Hashable, Sendable, Identifiable {
        /// Position in `configurations` (0-based).
        public let index: Int
        /// `c001`, `c002`, … (1-based, zero-padded to the width of the count, at least 3 digits).
        public let id: String
        /// One value per axis, in axis order.
        public let values: [AxisAssignment]

        public init(index: Int, id: String, values: [AxisAssignment]) {
            self.index = index; self.id = id; self.values = values
        }

        /// The value of `axis` in this configuration.
        public subscript(axis: String) -> AxisValue? { values.first { $0.axis == axis }?.value }
    }

    /// A shard of work: some trees of one configuration.
    public struct WorkUnit: Hashable, Sendable, Identifiable {
        /// `c003-t0041`: the configuration id and the 1-based number of the first tree (tree index 40).
        public let id: String
        /// Index into `configurations`.
        public let configuration: Int
        /// Tree indices (0-based).
        public let trees: Range<Int>

        public init(id: String, configuration: Int, trees: Range<Int>) {
            self.id = id; self.configuration = configuration; self.trees = trees
        }
    }

    public let config: SweepConfig
    public let configurations: [Configuration]
    /// The catalog's definition of each axis of `config.axes` (nil for a name the catalog does not know), in
    /// axis order: `apply(configuration:to:)` sets values through them.
    let axisDefinitions: [AxisDefinition?]
    /// `valueIndices[c][k]`: the position of configuration `c`'s value of axis `k` in `config.axes[k].values`.
    let valueIndices: [[Int]]
    /// Combinations before the exclude rules.
    public let combinationCount: Int
    /// FNV-1a 64 of `canonicalText`, 16 lowercase hex digits.
    public let configHash: String

    public init(_ config: SweepConfig) {
        self.config = config
        var found: [[Int]] = []
        Combinations.forEach(config) { found.append($0) }
        valueIndices = found.map { Array($0.prefix(config.axes.count)) }
        let width = max(3, String(found.count).count)
        configurations = found.enumerated().map { index, valueIndices in
            Configuration(
                index: index, id: "c" + Self.pad(index + 1, width),
                values: zip(config.axes, valueIndices).map {
                    AxisAssignment(axis: $0.0.name, value: $0.0.values[$0.1])
                })
        }
        // Each axis's definition looked up once (by name, a linear search of the catalog), not per tree.
        let definitions = config.axes.map { AxisCatalog.definition(named: $0.name) }
        axisDefinitions = definitions
        combinationCount = Combinations.countBeforeExclusion(of: config)
        configHash = FNV1a.hex(PlanText.canonical(config))
        let screens = config.trees.screens.indices.map { GeneratedTree(screen: config.trees.screens[$0].scene, seed: UInt64($0)) }
        screenTrees = screens
        screenNames = Self.uniqueNames(config.trees.screens)
        screenGestures = []
        let projections = scrollAxisProjections()
        screenGestures = screens.indices.map {
            screenEntries(for: screens[$0], treeIndex: $0, variants: scrollVariants(of: screens[$0], projections: projections))
        }
        var offset = 0
        screenElementOffsets = screens.map { tree in
            defer { offset += tree.elements.count }
            return offset
        }
        screenElementCount = offset
    }

    /// The first global element index of each screen: element `e` of screen `t` is
    /// `screenElementOffsets[t] + e` in the per-element tallies (by_screen.csv).
    public private(set) var screenElementOffsets: [Int] = []
    /// Elements of every screen together.
    public private(set) var screenElementCount = 0

    /// Each screen's name in the reports: its file name without directory and extension, or, where two screens
    /// share that name, the path as matched (`screens/a/login.txt`), so that rows never mix two screens.
    public private(set) var screenNames: [String] = []

    static func uniqueNames(_ screens: [ScreenDump]) -> [String] {
        var uses: [String: Int] = [:]
        for s in screens { uses[s.name, default: 0] += 1 }
        return screens.map { uses[$0.name]! > 1 ? $0.file : $0.name }
    }

    /// The name of tree `treeIndex` when it is a screen (``screenNames``), else nil.
    public func screenName(_ treeIndex: Int) -> String? { treeIndex >= 0 && treeIndex < screenCount ? screenNames[treeIndex] : nil }

    /// The screen an example id (`c001-t3-quickTap-p0`) ran on, or nil for a generated tree or an id of another shape.
    public func screenName(ofExample id: String) -> String? {
        let parts = id.split(separator: "-")
        guard parts.count >= 4, parts[1].first == "t", let tree = Int(parts[1].dropFirst()) else { return nil }
        return screenName(tree)
    }

    /// The screens' trees and their gestures, made once (they are small and every unit needs them).
    public private(set) var screenTrees: [GeneratedTree] = []
    public private(set) var screenGestures: [[GestureEntry]] = []

    // MARK: Counts

    public var excludedCount: Int { combinationCount - configurations.count }
    /// Trees per configuration: the screens (trees 0 ..< screenCount), then the generated trees.
    public var treeCount: Int { screenCount + config.trees.generatedCount }
    /// Trees over all configurations (configuration × tree): the exact measure of a sweep's progress.
    public var totalTrees: Int { configurations.count * treeCount }
    /// Real screens (`trees.screens`).
    public var screenCount: Int { config.trees.screens.count }
    /// Gestures per generated tree: families × placements.
    public var gesturesPerTree: Int { config.gestures.families.count * config.gestures.placements }
    /// Gestures of every screen together (each family × placement on each element it can aim at).
    public var screenGestureCount: Int { screenGestures.reduce(0) { $0 + $1.count } }
    /// Scenario runs: configurations × (generated trees × gestures per tree + the screens' gestures).
    public var totalRuns: Int { configurations.count * (config.trees.generatedCount * gesturesPerTree + screenGestureCount) }

    // MARK: Trees

    /// The template and seed of tree `i` (0-based), identical for every configuration. A screen is `.screen`
    /// with its index as seed; generated tree `i` is drawn as tree `i − screenCount` of a config without screens.
    public func treeSpec(_ i: Int) -> (template: TreeTemplate, seed: UInt64) {
        if i < screenCount { return (.screen, UInt64(i)) }
        var rng = SplitMix64(seed: config.seed, 1, UInt64(i - screenCount))
        let templates = config.trees.templates
        let choice = templates.count == 1 ? 0 : rng.weighted(templates.map(\.weight))
        return (templates[choice].template, rng.next())
    }

    /// The seed of gesture (`family`, `placement`) on tree `treeIndex`. `familyIndex` is the family's position in
    /// `GestureFamily.allCases`, so narrowing `families` leaves the other families' gestures unchanged.
    public func gestureSeed(treeIndex: Int, family: GestureFamily, placement: Int) -> UInt64 {
        let familyIndex = GestureFamily.allCases.firstIndex(of: family)!
        var rng = SplitMix64(seed: config.seed, 2, UInt64(treeIndex), UInt64(familyIndex), UInt64(placement))
        return rng.next()
    }

    /// Sets every axis value of configuration `c` on a tree, in axis order.
    public func apply(configuration c: Int, to tree: inout GeneratedTree) {
        // A configuration has one value per axis, in axis order (`init`), so `k` indexes `axisDefinitions`.
        for k in configurations[c].values.indices { apply(axis: k, configuration: c, to: &tree) }
    }

    /// Sets the value of the `k`th axis of configuration `c` on a tree: `apply(configuration:to:)` is this for
    /// every axis in turn (`k` in `0 ..< configurations[c].values.count`).
    public func apply(axis k: Int, configuration c: Int, to tree: inout GeneratedTree) {
        axisDefinitions[k]?.apply(configurations[c].values[k].value, to: &tree)
    }

    /// Whether setting the `k`th axis may change `tree`: when false, `apply(axis:configuration:to:)` leaves it
    /// untouched whatever the configuration (the tree lacks the axis's role, or the catalog does not know the axis).
    public func mayChange(axis k: Int, _ tree: GeneratedTree) -> Bool { axisDefinitions[k]?.mayChange(tree) ?? false }

    /// The views setting the `k`th axis may write on `tree` (`AxisDefinition.viewsItMayWrite`): every other view stays
    /// as it was whatever the configuration.
    public func viewsItMayWrite(axis k: Int, _ tree: GeneratedTree) -> [ViewID] { axisDefinitions[k]?.viewsItMayWrite(tree) ?? [] }

    /// Where configuration `c`'s value of its `k`th axis stands in that axis's values: two configurations with
    /// the same index set the same value.
    public func valueIndex(axis k: Int, configuration c: Int) -> Int { valueIndices[c][k] }

    /// `tree` with configuration `c` applied.
    public func configured(_ tree: GeneratedTree, configuration c: Int) -> GeneratedTree {
        var copy = tree
        apply(configuration: c, to: &copy)
        return copy
    }

    // MARK: Work units

    /// Every configuration's trees in chunks of `treesPerUnit` (≥ 1), configuration by configuration, in plan order.
    public func units(treesPerUnit: Int) -> [WorkUnit] {
        precondition(treesPerUnit >= 1, "treesPerUnit must be at least 1")
        var units: [WorkUnit] = []
        for configuration in configurations {
            var start = 0
            while start < treeCount {
                let end = min(treeCount, start + treesPerUnit)
                units.append(workUnit(configuration: configuration.index, trees: start ..< end))
                start = end
            }
        }
        return units
    }

    /// The unit of configuration `c` over `trees`, with its id.
    func workUnit(configuration c: Int, trees: Range<Int>) -> WorkUnit {
        WorkUnit(
            id: configurations[c].id + "-t" + Self.pad(trees.lowerBound + 1, max(4, String(treeCount).count)),
            configuration: c, trees: trees)
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}

/// FNV-1a, 64 bits.
public enum FNV1a {
    public static func hash<S: Sequence>(_ bytes: S) -> UInt64 where S.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// 16 lowercase hex digits of the hash of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        let s = String(hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
