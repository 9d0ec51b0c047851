import Foundation
import SweepProtocol
import SweepReporting
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the CPU time and resident memory of the sweep's processes from `/proc` (Linux): `/proc/PID/stat`'s utime and
/// stime (fields 14 and 15, clock ticks) and `/proc/PID/statm`'s resident pages. CPU use is the ticks spent between
/// two samples per wall-clock time, so the first sample of a process has none. A process that has ended (or a
/// system without `/proc`) is left out. The coordinator's live view samples the coordinator; each worker samples
/// itself (``ownProcess()``) and reports the figures in `load`.
public final class ProcessSampler: Sendable {
    /// The processes to sample now: name and pid.
    let processes: @Sendable () -> [(name: String, pid: Int32)]
    /// Per pid: the CPU ticks and the time (seconds) of its last sample.
    let previous = Mutex([Int32: (ticks: Int, seconds: Double)]())
    static let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
    static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))

    public init(processes: @escaping @Sendable () -> [(name: String, pid: Int32)]) { self.processes = processes }

    /// The usage of every process at `seconds` (a monotonic time).
    public func sample(at seconds: Double) -> [ProcessUsage] {
        let list = processes()
        return previous.withLock { previous in
            var seen: [Int32: (ticks: Int, seconds: Double)] = [:]
            var usage: [ProcessUsage] = []
            for (name, pid) in list {
                guard let ticks = Self.cpuTicks(pid), let resident = Self.residentBytes(pid) else { continue }
                var cpu: Double?
                if let last = previous[pid], seconds > last.seconds {
                    cpu = Double(ticks - last.ticks) / Self.ticksPerSecond / (seconds - last.seconds) * 100
                }
                seen[pid] = (ticks, seconds)
                usage.append(ProcessUsage(name: name, pid: pid, cpuPercent: cpu, residentBytes: resident))
            }
            previous = seen
            return usage
        }
    }

    /// utime + stime of `pid`, in clock ticks. The fields after the command name, which is in parentheses and may
    /// hold spaces, are counted from the last `)`.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is the state (field 3), so utime (field 14) is fields[11] and stime fields[12].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    static func residentBytes(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * pageSize
    }
}

extension ProcessSampler {
    /// A sampler of this process, already sampled once, so that its first ``ownLoad()`` has CPU use since now.
    public static func ownProcess() -> ProcessSampler {
        let pid = getpid()
        let sampler = ProcessSampler { [("self", pid)] }
        _ = sampler.sample(at: ProcessInfo.processInfo.systemUptime)
        return sampler
    }

    /// The first sampled process's usage as a worker reports it (nil where `/proc` cannot be read).
    public func ownLoad() -> WorkerLoad? {
        guard let usage = sample(at: ProcessInfo.processInfo.systemUptime).first else { return nil }
        return WorkerLoad(
            pid: Int(usage.pid), cpuPermille: usage.cpuPercent.map { max(0, Int(($0 * 10).rounded())) }, residentBytes: usage.residentBytes)
    }
}
