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

        func run() throws {
            do {
                print(try StatusClient.query(endpoint: endpoint, timeoutMs: Int(timeout * 1000)))
            } catch {
                printError("sweep status: \(error)")
                throw ExitCode(1)
            }
        }
    }
}
