/// One process of a running sweep as the live view shows it (issue 35): its CPU use over the last sampling interval
/// and its resident memory, read from `/proc` (by the coordinator for itself, by each worker for itself).
public struct ProcessUsage: Sendable, Equatable {
    /// What the sampler calls it: `coordinator`, or `self` in a worker's own sampler.
    public var name: String
    public var pid: Int32
    /// CPU time used per wall-clock time since the previous sample, in percent of one core (200 = two cores busy);
    /// nil on the first sample of a process.
    public var cpuPercent: Double?
    /// Resident set size in bytes.
    public var residentBytes: Int

    public init(name: String, pid: Int32, cpuPercent: Double?, residentBytes: Int) {
        self.name = name; self.pid = pid; self.cpuPercent = cpuPercent; self.residentBytes = residentBytes
    }
}

/// The sweep's scenarios done at one moment of its elapsed time: the live view's throughput history.
public struct ThroughputSample: Sendable, Equatable {
    public var elapsedMs: Int
    public var scenariosDone: Int

    public init(elapsedMs: Int, scenariosDone: Int) { self.elapsedMs = elapsedMs; self.scenariosDone = scenariosDone }

    /// Scenarios per second between each sample and the one before it (one fewer than `samples`).
    public static func rates(_ samples: [ThroughputSample]) -> [Double] {
        zip(samples, samples.dropFirst()).map { a, b in
            b.elapsedMs > a.elapsedMs ? Double(b.scenariosDone - a.scenariosDone) * 1000 / Double(b.elapsedMs - a.elapsedMs) : 0
        }
    }
}
