import ArgumentParser
import SweepNode

extension SweepCommand {
    /// `sweep status ENDPOINT`: ask a running coordinator how far it is.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the progress of a running sweep coordinator.",
            discussion: """
                Prints a header line (sweep name, config hash, trees and scenarios done, rate, ETA, retries, \
                quarantined units) and one row per connected worker; --json prints the document described in \
                docs/operations.md instead. On a CURVE endpoint, use the status key (--key status.secret from \
                `sweep keys generate`, allowed with the coordinator's --status-keys): it reads, and never takes work.
                """
        )

        @Argument(help: "The coordinator's endpoint, e.g. tcp://HOST:5555.")
        var endpoint: String

        @Option(help: OptionRanges.statusTimeout.help("Seconds to wait for an answer"))
        var timeout = 5.0

        @Flag(help: "Print the status as a JSON document (format touchsweep-status/1, docs/operations.md).")
        var json = false

        @OptionGroup(title: "Security (any tcp:// endpoint)")
        var security: ClientSecurityOptions

        func validate() throws {
            try OptionRanges.statusTimeout.check(timeout)
            try security.validate(endpoint: endpoint)
        }

        func run() throws {
            let clientSecurity = try security.resolve(command: "sweep status")
            do {
                let report = try StatusClient.query(endpoint: endpoint, timeoutMs: Int(timeout * 1000), security: clientSecurity)
                print(json ? StatusText.json(report, endpoint: endpoint) : StatusText.text(report, endpoint: endpoint), terminator: "")
            } catch {
                printError("sweep status: \(error)")
                throw ExitCode(1)
            }
        }
    }
}
