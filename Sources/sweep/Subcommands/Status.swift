import ArgumentParser
import SweepNode

extension SweepCommand {
    /// `sweep status ENDPOINT`: ask a running coordinator how far it is.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the progress of a running sweep coordinator.")

        @Argument(help: "The coordinator's endpoint, e.g. tcp://HOST:5555.")
        var endpoint: String

        @Option(help: "Seconds to wait for an answer.")
        var timeout = 5.0

        @OptionGroup(title: "Security (any tcp:// endpoint)")
        var security: ClientSecurityOptions

        func validate() throws {
            if !(timeout > 0) { throw ValidationError("--timeout must be positive, got \(timeout).") }
            try security.validate(endpoint: endpoint)
        }

        func run() throws {
            let clientSecurity = try security.resolve(command: "sweep status")
            do {
                print(try StatusClient.query(endpoint: endpoint, timeoutMs: Int(timeout * 1000), security: clientSecurity))
            } catch {
                printError("sweep status: \(error)")
                throw ExitCode(1)
            }
        }
    }
}
