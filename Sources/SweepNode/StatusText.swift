import Foundation
import ScenarioKit
import SweepProtocol

/// How `sweep status` shows a ``StatusReport``: a header line and a worker table for people, or the JSON document
/// of docs/operations.md ("sweep status --json") for scripts and probes.
public enum StatusText {
    /// The `format` field of the JSON document; bumped when a field changes meaning or goes away (new fields
    /// may be added without a bump).
    public static let jsonFormat = "touchsweep-status/1"

    /// The header line, then (when any worker is connected) one row per worker, then one line per listed
    /// quarantined unit. Ends with a newline.
    public static func text(_ r: StatusReport, endpoint: String) -> String {
        let percent = r.treesTotal > 0 ? r.treesDone * 100 / r.treesTotal : 0
        let rate = r.treesPerSecond.map { "\(decimal($0, 2)) trees/s" } ?? "no rate yet"
        let eta = r.etaSeconds.map { "ETA \(duration($0))" } ?? "ETA unknown"
        var out =
            "\(endpoint): sweep \(r.sweepID) (config \(r.configHash.prefix(12))): trees \(r.treesDone)/\(r.treesTotal) (\(percent)%), "
            + "scenarios \(r.scenariosDone) of \(r.scenariosTotal), units \(r.unitsDone) of about \(r.unitsTotal), \(rate), \(eta); "
            + "\(count(r.workers.count, "worker", "workers")), \(count(r.retries, "retry", "retries")), \(r.quarantinedCount) quarantined"
            + (r.finished ? "; every tree is done" : "") + "\n"
        if !r.workers.isEmpty {
            let header = ["WORKER", "HOST", "SLOTS", "UNITS DONE", "HELD", "CPU", "MEMORY", "LAST HEARD"]
            let rows = r.workers.map {
                [
                    $0.id, $0.host, "\($0.slots)", "\($0.unitsDone)", "\($0.unitsHeld)",
                    $0.load?.cpuPercent.map { "\(decimal($0, 0))%" } ?? "-", $0.load.map { mebibytes($0.residentBytes) } ?? "-",
                    "\(duration(Double($0.lastHeardMsAgo) / 1000)) ago"
                ]
            }
            let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
            for row in [header] + rows {
                // Text columns left, numbers right.
                let cells = row.enumerated().map { c, cell in
                    let pad = String(repeating: " ", count: widths[c] - cell.count)
                    return c < 2 || c == 7 ? cell + pad : pad + cell
                }
                out += "  " + cells.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
            }
        }
        for q in r.quarantinedUnits { out += "  quarantined \(q.unit): \(q.reason)\n" }
        if r.quarantinedCount > r.quarantinedUnits.count {
            out += "  … and \(r.quarantinedCount - r.quarantinedUnits.count) more quarantined units (the coordinator's log names them)\n"
        }
        return out
    }

    /// The JSON document (keys in a fixed order, two-space indent, ending with a newline).
    public static func json(_ r: StatusReport, endpoint: String) -> String {
        func number(_ v: Double?, _ places: Int) -> String { v.map { decimal($0, places) } ?? "null" }
        let quarantined = r.quarantinedUnits.map { "{\"unit\": \(quote($0.unit)), \"reason\": \(quote($0.reason))}" }
        let workers = r.workers.map {
            "{\"id\": \(quote($0.id)), \"host\": \(quote($0.host)), \"slots\": \($0.slots), \"unitsDone\": \($0.unitsDone), "
                + "\"unitsHeld\": \($0.unitsHeld), \"lastHeardSeconds\": \(decimal(Double($0.lastHeardMsAgo) / 1000, 3)), "
                + "\"pid\": \($0.load.map { "\($0.pid)" } ?? "null"), \"cpuPercent\": \(number($0.load?.cpuPercent, 1)), "
                + "\"residentBytes\": \($0.load.map { "\($0.residentBytes)" } ?? "null")}"
        }
        func list(_ items: [String]) -> String { items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]" }
        return """
            {
              "format": \(quote(jsonFormat)),
              "endpoint": \(quote(endpoint)),
              "protocol": \(quote(ProtocolVersion.name)),
              "sweep": \(quote(r.sweepID)),
              "configHash": \(quote(r.configHash)),
              "finished": \(r.finished),
              "trees": {"done": \(r.treesDone), "total": \(r.treesTotal)},
              "scenarios": {"done": \(r.scenariosDone), "total": \(r.scenariosTotal)},
              "units": {"done": \(r.unitsDone), "estimatedTotal": \(r.unitsTotal)},
              "elapsedSeconds": \(decimal(Double(r.elapsedMs) / 1000, 3)),
              "rate": {"treesPerSecond": \(number(r.treesPerSecond, 3)), "scenariosPerSecond": \(number(r.scenariosPerSecond, 3))},
              "etaSeconds": \(number(r.etaSeconds, 1)),
              "retries": \(r.retries),
              "quarantined": {"count": \(r.quarantinedCount), "units": [\(quarantined.joined(separator: ", "))]},
              "workers": \(list(workers))
            }

            """
    }

    /// Resident memory for people: `58 MiB`.
    static func mebibytes(_ bytes: Int) -> String { "\(decimal(Double(bytes) / 1_048_576, 0)) MiB" }

    /// `1 worker`, `2 workers`, `0 workers`.
    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    /// `value` with `places` decimals (no exponent, `.` as the separator whatever the locale).
    static func decimal(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

    /// A duration for people: `0.2 s`, `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return "\(decimal(seconds, 1)) s" }
        let s = Int(seconds.rounded())
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min \(s % 60) s" }
        return "\(s / 3600) h \(s % 3600 / 60) min"
    }

    static func quote(_ s: String) -> String { QuotedString.json(s) }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
