import Foundation
import SweepProtocol
import SweepReporting

/// `/live.json`: a ``LiveSnapshot`` as the JSON document of docs/operations.md ("The live view"). Its `status` is
/// the `sweep status --json` document itself (``StatusText/json(_:endpoint:)``), so the two never disagree.
public enum LiveJSON {
    /// The `format` field; bumped when a field changes meaning or goes away (new fields may be added without).
    public static let format = "touchsweep-live/1"

    /// The document: keys in a fixed order, two-space indent, one configuration a line, ending with a newline.
    public static func render(_ s: LiveSnapshot) -> String {
        let quote = StatusText.quote
        let status = StatusText.json(s.status, endpoint: s.endpoint)
            .split(separator: "\n").joined(separator: "\n  ")
        let axes = s.table.axes.map { axis in
            "{\"name\": \(quote(axis.name)), \"values\": [\(axis.levels.map(quote).joined(separator: ", "))]}"
        }
        let configurations = s.table.rows.enumerated().map { c, row in
            let values = s.table.axes.indices.map { a in "\(quote(s.table.axes[a].name)): \(quote(s.table.axes[a].levels[row.levels[a]]))" }
            let defects = s.table.outcomes.indices.map { o in
                let rate = row.attempts[o] > 0 ? ReportNumber.fixed(Double(row.counts[o]) / Double(row.attempts[o]), digits: 4) : "null"
                return "\(quote(s.table.outcomes[o])): {\"attempts\": \(row.attempts[o]), \"count\": \(row.counts[o]), \"rate\": \(rate)}"
            }
            return "{\"id\": \(quote(s.configurationIDs[c])), \"values\": {\(values.joined(separator: ", "))}, \"runs\": \(s.runs[c]), "
                + "\"defects\": {\(defects.joined(separator: ", "))}}"
        }
        func list(_ items: [String]) -> String { items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]" }
        let processes = s.processes.map { p in
            "{\"name\": \(quote(p.name)), \"pid\": \(p.pid), \"cpu_percent\": \(p.cpuPercent.map { ReportNumber.fixed($0, digits: 1) } ?? "null"), "
                + "\"resident_bytes\": \(p.residentBytes)}"
        }
        let throughput = s.throughput.map { "{\"elapsed_ms\": \($0.elapsedMs), \"scenarios_done\": \($0.scenariosDone)}" }
        return """
            {
              "format": \(quote(format)),
              "status": \(status),
              "defects": [\(s.table.outcomes.map(quote).joined(separator: ", "))],
              "axes": \(list(axes)),
              "configurations": \(list(configurations)),
              "processes": \(list(processes)),
              "throughput": \(list(throughput))
            }

            """
    }
}
