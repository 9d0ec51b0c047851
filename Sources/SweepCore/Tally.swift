import SweepReporting

/// Counts for one cell of a report (a configuration, or a configuration × template, or × gesture family):
/// per defect class how many scenarios it applied to and how many showed it, plus latency histograms.
///
/// Every operation is a sum or a histogram merge, so tallies merged in any order are equal: the reports
/// do not depend on thread count or scheduling.
public struct Tally: Sendable, Equatable {
    // Per defect class (index = raw value), stored inline: a tally allocates nothing until it sees a latency.
    private var attemptCounts = SIMD8<Int>()
    private var defectCounts = SIMD8<Int>()
    /// Attempts per defect class, in `DefectClass` order.
    public var attempts: [Int] { DefectClass.allCases.map { attemptCounts[$0.rawValue] } }
    /// Counts per defect class, in `DefectClass` order.
    public var counts: [Int] { DefectClass.allCases.map { defectCounts[$0.rawValue] } }
    /// Scenarios run.
    public private(set) var runs = 0
    /// Runs counted in no class, per ``NotCounted`` reason (index = raw value).
    private var notCountedCounts = SIMD2<Int>()
    /// Runs counted in no class, per ``NotCounted`` reason, in `NotCounted` order.
    public var notCounted: [Int] { NotCounted.allCases.map { notCountedCounts[$0.rawValue] } }
    /// Created on first use: most cells of a big sweep never see a tap.
    public private(set) var highlightLatency: LatencyHistogram?
    public private(set) var actionLatency: LatencyHistogram?

    public init() {}

    public mutating func add(_ verdict: ScenarioVerdict) {
        runs += 1
        if let reason = verdict.notCounted { notCountedCounts[reason.rawValue] += 1 }
        for c in verdict.applicable { attemptCounts[c.rawValue] += 1 }
        for c in verdict.defects { defectCounts[c.rawValue] += 1 }
        if let h = verdict.highlightLatency {
            if highlightLatency == nil { highlightLatency = LatencyHistogram() }
            highlightLatency!.record(ms: h)
        }
        if let a = verdict.actionLatency {
            if actionLatency == nil { actionLatency = LatencyHistogram() }
            actionLatency!.record(ms: a)
        }
    }

    public mutating func merge(_ other: Tally) {
        runs += other.runs
        notCountedCounts &+= other.notCountedCounts
        attemptCounts &+= other.attemptCounts
        defectCounts &+= other.defectCounts
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
}

// MARK: - Rebuilding from parts (the wire codec in SweepProtocol)

extension Tally {
    /// Rebuilds a tally from its parts, or `nil` when they break what ``add(_:)`` and ``merge(_:)`` keep
    /// true: one attempt and one count per defect class and one count per ``NotCounted`` reason, `runs >= 0`,
    /// every attempt and count in `0...runs`, the runs not counted at most `runs` together, and each histogram
    /// holding at most `runs` values (one latency per scenario at most).
    public init?(runs: Int, notCounted: [Int] = Array(repeating: 0, count: NotCounted.allCases.count), attempts: [Int], counts: [Int], highlightLatency: LatencyHistogram?,
                 actionLatency: LatencyHistogram?) {
        let classes = DefectClass.allCases.count
        guard runs >= 0, attempts.count == classes, counts.count == classes, notCounted.count == NotCounted.allCases.count,
              notCounted.allSatisfy({ (0 ... runs).contains($0) }), notCounted.reduce(0, &+) <= runs,
              attempts.allSatisfy({ (0 ... runs).contains($0) }), counts.allSatisfy({ (0 ... runs).contains($0) }),
              (highlightLatency?.count ?? 0) <= runs, (actionLatency?.count ?? 0) <= runs
        else { return nil }
        self.init()
        self.runs = runs
        for (i, v) in notCounted.enumerated() { notCountedCounts[i] = v }
        for (i, v) in attempts.enumerated() { attemptCounts[i] = v }
        for (i, v) in counts.enumerated() { defectCounts[i] = v }
        self.highlightLatency = highlightLatency
        self.actionLatency = actionLatency
    }
}
