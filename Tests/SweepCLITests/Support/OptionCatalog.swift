import Foundation
import TestSupport

/// Every option of every subcommand, as the binary's own command definitions list them
/// (`sweep --experimental-dump-help`, ArgumentParser's description of each command's arguments): nothing is listed
/// by hand, so an option added later is fuzzed without a change here.
struct CatalogOption: Sendable, CustomStringConvertible {
    /// The subcommand's path after `sweep`, e.g. `["keys", "generate"]`.
    var command: [String]
    /// The long name with its dashes, e.g. `--liveness`.
    var name: String
    /// Its help text.
    var abstract: String
    /// Hidden from `--help` (the options only tests use).
    var hidden: Bool

    var description: String { "sweep \(command.joined(separator: " ")) \(name)" }
}

enum OptionCatalog {
    /// The options (not flags or positional arguments) of every command, from `sweep --experimental-dump-help`.
    static func options() throws -> [CatalogOption] {
        let dump = try Program.sweep(["--experimental-dump-help"])
        guard dump.status == 0, let root = try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any],
            let command = root["command"] as? [String: Any]
        else { throw CatalogError(description: "sweep --experimental-dump-help did not print a command tree: \(dump.transcript)") }
        var found: [CatalogOption] = []
        func walk(_ command: [String: Any], path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let names = (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                guard let long = names.first?["name"] as? String else { continue }
                found.append(
                    CatalogOption(
                        command: path, name: "--" + long, abstract: argument["abstract"] as? String ?? "",
                        hidden: argument["shouldDisplay"] as? Bool == false))
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                if let name = sub["commandName"] as? String { walk(sub, path: path + [name]) }
            }
        }
        walk(command, path: [])
        return found
    }

    struct CatalogError: Error, CustomStringConvertible { var description: String }
}

/// An invocation of a subcommand that is valid and ends quickly on its own (a tiny sweep, a worker whose parent is
/// not its parent, `sweep status` of an endpoint nobody serves), to which one fuzzed option is added.
struct BaseInvocation: Sendable {
    /// Positional arguments, then options as `--name=value` (nil: a flag). `{fresh}` becomes a new path in the
    /// workspace for every run.
    var positionals: [String]
    var options: [(name: String, value: String?)]
    /// The exit status of the base invocation alone.
    var status: Int32

    /// The arguments with `option` set to `value` (replacing the base's own value of it).
    func arguments(command: [String], option: String, value: String?, fresh: String) -> [String] {
        var out = command + positionals.map { $0.replacingOccurrences(of: "{fresh}", with: fresh) }
        for (name, base) in options where name != option {
            out.append(base.map { name + "=" + $0.replacingOccurrences(of: "{fresh}", with: fresh) } ?? name)
        }
        if let value { out.append(option + "=" + value) }
        return out
    }
}

/// A process run with a time limit.
enum TimedRun {
    struct Ended: Sendable {
        /// nil when it was still running at the limit (and was killed).
        var status: Int32?
        var signalled: Bool
        var stderr: String
    }

    /// Runs `sweep arguments…` in `directory`, standard output discarded, standard error kept (in a file, so it
    /// cannot fill a pipe), killed after `seconds`.
    static func sweep(_ arguments: [String], in directory: String, seconds: Double) throws -> Ended {
        let errorPath = directory + "/.stderr-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let process = try Program.start(Program.sweep, arguments, in: URL(fileURLWithPath: directory), standardError: .file(errorPath))
        let hung = !Program.wait(process, seconds: seconds)
        let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Ended(
            status: hung ? nil : process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal, stderr: stderr)
    }
}
