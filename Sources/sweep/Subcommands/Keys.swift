import ArgumentParser
import Foundation
import SweepNode

extension SweepCommand {
    /// `sweep keys generate`: CURVE key pairs for a coordinator and its workers.
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make CURVE keys for encrypted, authenticated cluster sweeps.",
            subcommands: [Generate.self]
        )

        struct Generate: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write coordinator, status and worker key pairs (Z85 text; secrets readable by the owner only).",
                discussion: """
                    Writes DIR/coordinator.secret and DIR/coordinator.pub, the status key DIR/status.secret and \
                    DIR/status.pub, and DIR/workers/worker-K.secret and DIR/workers/worker-K.pub for K = 1...N. The \
                    coordinator takes --key DIR/coordinator.secret --allow DIR/workers --status-keys DIR/status.pub; \
                    each worker takes --coordinator-key DIR/coordinator.pub --key DIR/workers/worker-K.secret; \
                    `sweep status` and probes take --coordinator-key DIR/coordinator.pub --key DIR/status.secret (a \
                    status key reads progress and is refused any work). Existing key files are never replaced.
                    """
            )

            @Option(name: .shortAndLong, help: ArgumentHelp("Directory to write the keys into (created with mode 0700).", valueName: "dir"))
            var output: String

            @Option(help: OptionRanges.keyPairs.help("Worker key pairs to make"))
            var workers = 1

            func validate() throws {
                try OptionRanges.keyPairs.check(workers)
            }

            func run() throws {
                try readingKeys(command: "sweep keys generate") { try KeyFiles.generate(into: output, workers: workers) }
                print("Keys written to \(output)/: coordinator.secret coordinator.pub, status.secret status.pub, \(workers) worker key pairs in workers/")
                print("Coordinator: --key \(output)/coordinator.secret --allow \(output)/workers --status-keys \(output)/status.pub")
                print("Worker K:    --coordinator-key \(output)/coordinator.pub --key \(output)/workers/worker-K.secret")
                print("Status:      --coordinator-key \(output)/coordinator.pub --key \(output)/status.secret")
            }
        }
    }
}
