import SweepReporting
import TouchScenarios

/// Counts for one cell of a report (a configuration, or a configuration × template, or × gesture family):
/// per defect class how many scenarios it applied to and how many showed it, plus latency histograms.
///
/// Every operation is a sum or a histogram merge, so tallies merged in any order are equal: the reports
/// do not depend on thread count or scheduling.
///
/// Besides the counts, a tally keeps per defect class the sums a tree-clustered interval needs
/// (`ClusterMoments`: trees, Σn², Σx², Σx·n over the trees it saw, n and x being one tree's attempts and count):
/// the work units close each tree with ``addTree(_:)``. A tally built run by run without them (a test's) treats
/// every run as its own tree.
public struct Tally: Sendable, Equatable {
    // Per defect class (index = raw value), stored inline: a tally allocates nothing until it sees a latency.
    private var attemptCounts = ClassLanes()
    private var defectCounts = ClassLanes()
    /// Per-tree sums, per defect class: [trees, Σn², Σx², Σx·n]; empty until the first tree closes (element
    /// tallies, which need none, never allocate them).
    private var treeSums: [ClassLanes] = []
    /// Attempts per defect class, in `DefectClass` order.
    public var attempts: [Int] { DefectClass.allCases.map { attemptCounts[$0.rawValue] } }
    /// Counts per defect class, in `DefectClass` order.
    public var counts: [Int] { DefectClass.allCases.map { defectCounts[$0.rawValue] } }
    /// Scenarios run.
    public private(set) var runs = 0
    /// Runs counted in no class, per ``NotCounted`` reason (index = raw value).
    private var notCountedCounts = SIMD4<Int>()
    /// Runs counted in no class, per ``NotCounted`` reason, in `NotCounted` order.
    public var notCounted: [Int] { NotCounted.allCases.map { notCountedCounts[$0.rawValue] } }
    /// Created on first use: most cells of a big sweep never see a tap.
    public private(set) var highlightLatency: LatencyHistogram?
    public private(set) var actionLatency: LatencyHistogram?

    public init() {}

    public mutating func add(_ verdict: ScenarioVerdict) {
        runs += 1
        if let reason = verdict.notCounted { notCountedCounts[reason.rawValue] += 1 }
        attemptCounts &+= verdict.applicable.lanes
        defectCounts &+= verdict.defects.lanes
        recordLatencies(of: verdict)
    }

    /// Adds the runs `tree` counted (runs, reasons not counted, attempts and counts), whose latencies were recorded
    /// with ``recordLatencies(of:)``: together what ``add(_:)`` of each run does.
    mutating func addCounts(_ tree: TreeCounts) {
        runs += tree.runs
        notCountedCounts &+= tree.notCounted
        attemptCounts &+= tree.attempts
        defectCounts &+= tree.counts
    }

    /// Records the latencies of `verdict` in the histograms, without counting the run (``addCounts(_:)`` does).
    mutating func recordLatencies(of verdict: ScenarioVerdict) {
        if let h = verdict.highlightLatency {
            if highlightLatency == nil { highlightLatency = LatencyHistogram() }
            highlightLatency!.record(ms: h)
        }
        if let a = verdict.actionLatency {
            if actionLatency == nil { actionLatency = LatencyHistogram() }
            actionLatency!.record(ms: a)
        }
    }

    /// Records one tree's attempts and counts (already added run by run with ``add(_:)``) in the per-tree sums.
    mutating func addTree(_ tree: TreeCounts) {
        guard tree.attempts != ClassLanes() else { return }
        if treeSums.isEmpty { treeSums = Array(repeating: ClassLanes(), count: 4) }
        let one = ClassLanes(repeating: 1), none = ClassLanes()
        treeSums[0] &+= one.replacing(with: none, where: tree.attempts .== none)
        treeSums[1] &+= tree.attempts &* tree.attempts
        treeSums[2] &+= tree.counts &* tree.counts
        treeSums[3] &+= tree.counts &* tree.attempts
    }

    public mutating func merge(_ other: Tally) {
        runs += other.runs
        notCountedCounts &+= other.notCountedCounts
        attemptCounts &+= other.attemptCounts
        defectCounts &+= other.defectCounts
        if !other.treeSums.isEmpty {
            if treeSums.isEmpty { treeSums = other.treeSums } else { for k in 0 ..< 4 { treeSums[k] &+= other.treeSums[k] } }
        }
        if let h = other.highlightLatency {
            if highlightLatency == nil { highlightLatency = h } else { highlightLatency!.merge(h) }
        }
        if let a = other.actionLatency {
            if actionLatency == nil { actionLatency = a } else { actionLatency!.merge(a) }
        }
    }

    /// Equal to `Tally()`: no runs (so no attempts or counts, which are at most `runs`) and no histograms.
    public var isEmpty: Bool { runs == 0 && highlightLatency == nil && actionLatency == nil }

    public func attempts(_ c: DefectClass) -> Int { attemptCounts[c.rawValue] }
    public func count(_ c: DefectClass) -> Int { defectCounts[c.rawValue] }
    public func notCounted(_ reason: NotCounted) -> Int { notCountedCounts[reason.rawValue] }

    /// Whether trees were closed into this tally (``addTree(_:)``): otherwise ``moments(_:)`` counts each run as a tree.
    public var hasTreeSums: Bool { !treeSums.isEmpty }

    /// The per-tree sums of class `c`, for its tree-clustered interval.
    public func moments(_ c: DefectClass) -> ClusterMoments {
        let i = c.rawValue, n = attemptCounts[i], x = defectCounts[i]
        guard hasTreeSums else { return .independent(attempts: n, count: x) }
        return ClusterMoments(
            clusters: treeSums[0][i], attempts: n, count: x, attemptsSquared: treeSums[1][i],
            countSquared: treeSums[2][i], crossProduct: treeSums[3][i])
    }

    /// The tree-clustered 95% interval of class `c`'s rate (`TreeClusteredInterval`), `nil` without attempts.
    public func interval95(_ c: DefectClass) -> (low: Double, high: Double)? { TreeClusteredInterval.interval95(moments(c)) }

    /// Equal runs, attempts, counts and histograms: what every way of cutting the same runs into cells shares
    /// (the per-tree sums of gesture-family cells do not add up to the configuration's: a tree's runs split
    /// over several families).
    func sameCounts(as other: Tally) -> Bool {
        runs == other.runs && notCountedCounts == other.notCountedCounts && attemptCounts == other.attemptCounts && defectCounts == other.defectCounts
            && highlightLatency == other.highlightLatency && actionLatency == other.actionLatency
    }
}

/// One tree's runs, attempts and counts per defect class, while its gestures run: closed into tallies with
/// ``Tally/addTree(_:)`` (and ``Tally/addCounts(_:)``).
struct TreeCounts {
    var attempts = ClassLanes()
    var counts = ClassLanes()
    var runs = 0
    /// Runs counted in no class, per ``NotCounted`` reason (index = raw value).
    var notCounted = SIMD4<Int>()

    mutating func add(_ verdict: ScenarioVerdict) {
        attempts &+= verdict.applicable.lanes
        counts &+= verdict.defects.lanes
        runs += 1
        if let reason = verdict.notCounted { notCounted[reason.rawValue] += 1 }
    }

    mutating func add(_ other: TreeCounts) {
        attempts &+= other.attempts
        counts &+= other.counts
        runs += other.runs
        notCounted &+= other.notCounted
    }
}

/// One tree's runs under one configuration, per gesture family, while its gestures run: closed into the
/// configuration's tallies once (``ConfigurationTallies/closeTree(template:runs:)``), so a run adds to one
/// family's counts and no tally of its own.
struct TreeRuns {
    /// By family position (`GestureFamily.allCases` order).
    private(set) var families = [TreeCounts](repeating: TreeCounts(), count: GestureFamily.allCases.count)
    /// The families with runs, a bit per position.
    private(set) var touched: UInt32 = 0

    mutating func add(_ verdict: ScenarioVerdict, family: Int) {
        families[family].add(verdict)
        touched |= 1 << UInt32(family)
    }

    /// Every family's runs together.
    var total: TreeCounts {
        var all = TreeCounts()
        forEachFamily { all.add(families[$0]) }
        return all
    }

    /// Calls `body` with the position of every family with runs, in order.
    func forEachFamily(_ body: (Int) -> Void) {
        var bits = touched
        while bits != 0 {
            body(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
    }

    /// Empty again, keeping the storage.
    mutating func removeAll() {
        var bits = touched
        while bits != 0 {
            families[bits.trailingZeroBitCount] = TreeCounts()
            bits &= bits - 1
        }
        touched = 0
    }
}

// MARK: - Rebuilding from parts (the wire codec in SweepProtocol)

extension Tally {
    /// Rebuilds a tally from its parts, or `nil` when they break what ``add(_:)``, ``addTree(_:)`` and
    /// ``merge(_:)`` keep true: one attempt and one count per defect class and one count per ``NotCounted``
    /// reason, `runs >= 0`, every attempt and count in `0...runs`, the runs not counted at most `runs` together,
    /// each histogram holding at most `runs` values (one latency per scenario at most), and per-tree sums
    /// (`trees`, one per class, or `nil` for none) that agree with the attempts and counts and are plausible
    /// (`ClusterMoments.isPlausible`).
    public init?(
        runs: Int, notCounted: [Int] = Array(repeating: 0, count: NotCounted.allCases.count), attempts: [Int],
        counts: [Int], highlightLatency: LatencyHistogram?, actionLatency: LatencyHistogram?,
        trees: [ClusterMoments]? = nil
    ) {
        let classes = DefectClass.allCases.count
        guard runs >= 0, attempts.count == classes, counts.count == classes, notCounted.count == NotCounted.allCases.count,
            notCounted.allSatisfy({ (0 ... runs).contains($0) }), notCounted.reduce(0, &+) <= runs,
            attempts.allSatisfy({ (0 ... runs).contains($0) }), counts.allSatisfy({ (0 ... runs).contains($0) }),
            (highlightLatency?.count ?? 0) <= runs, (actionLatency?.count ?? 0) <= runs
        else { return nil }
        if let trees {
            guard trees.count == classes,
                trees.indices.allSatisfy({
                    trees[$0].attempts == attempts[$0] && trees[$0].count == counts[$0] && trees[$0].isPlausible
                })
            else { return nil }
        }
        self.init()
        self.runs = runs
        for (i, v) in notCounted.enumerated() { notCountedCounts[i] = v }
        for (i, v) in attempts.enumerated() { attemptCounts[i] = v }
        for (i, v) in counts.enumerated() { defectCounts[i] = v }
        self.highlightLatency = highlightLatency
        self.actionLatency = actionLatency
        if let trees {
            treeSums = Array(repeating: ClassLanes(), count: 4)
            for (i, m) in trees.enumerated() {
                treeSums[0][i] = m.clusters
                treeSums[1][i] = m.attemptsSquared
                treeSums[2][i] = m.countSquared
                treeSums[3][i] = m.crossProduct
            }
        }
    }
}
