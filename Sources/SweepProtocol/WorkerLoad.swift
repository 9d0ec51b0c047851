/// What a worker process costs its host, as the worker itself measures it and reports it with `load` (W→C) once a
/// heartbeat interval (docs/protocol.md, "load"): the coordinator keeps the latest report per worker and `sweep
/// status` and the live view show it, for workers on any host.
public struct WorkerLoad: Sendable, Equatable {
    /// The worker's process id on its own host.
    public var pid: Int
    /// CPU time used per wall-clock time since its previous report, in thousandths of one core (2000: two cores
    /// busy); nil in the first report, which has nothing to measure against.
    public var cpuPermille: Int?
    /// Resident set size in bytes.
    public var residentBytes: Int

    public init(pid: Int, cpuPermille: Int?, residentBytes: Int) {
        self.pid = pid; self.cpuPermille = cpuPermille; self.residentBytes = residentBytes
    }

    /// CPU use in percent of one core (200: two cores busy), or nil.
    public var cpuPercent: Double? { cpuPermille.map { Double($0) / 10 } }
}

extension WorkerLoad {
    func encode(_ w: inout WireWriter) {
        w.int(pid)
        // The CPU figure follows only when measured: one way to write each load (a decoder's input re-encodes to itself).
        w.u8(cpuPermille == nil ? 0 : 1)
        if let cpuPermille { w.int(cpuPermille) }
        w.int(residentBytes)
    }

    static func decode(_ r: inout WireReader, _ prefix: String) throws(ProtocolError) -> WorkerLoad {
        let pid = try r.int("\(prefix).pid", in: WireLimits.index)
        let flagOffset = r.offset
        let measured = try r.u8("\(prefix).cpuMeasured")
        guard measured <= 1 else { throw .unknownValue(field: "\(prefix).cpuMeasured", offset: flagOffset, value: UInt64(measured)) }
        let cpu = measured == 1 ? try r.int("\(prefix).cpuPermille", in: WireLimits.cpuPermille) : nil
        let resident = try r.int("\(prefix).residentBytes", in: WireLimits.progress)
        return WorkerLoad(pid: pid, cpuPermille: cpu, residentBytes: resident)
    }
}
