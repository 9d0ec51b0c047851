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
                abstract: "Write a coordinator key pair and worker key pairs (Z85 text; secrets readable by the owner only).",
                discussion: """
                    Writes DIR/coordinator.secret and DIR/coordinator.pub, and DIR/workers/worker-K.secret and \
                    DIR/workers/worker-K.pub for K = 1...N. The coordinator takes --key DIR/coordinator.secret \
                    --allow DIR/workers; each worker takes --coordinator-key DIR/coordinator.pub --key \
                    DIR/workers/worker-K.secret. Existing key files are never replaced.
                    """
            )

            @Option(help: "Directory to write the keys into (created with mode 0700).")
            var out: String

            @Option(help: "Worker key pairs to make.")
            var workers = 1

            func validate() throws {
                if workers < 0 { throw ValidationError("--workers must be 0 or more, got \(workers).") }
            }

            func run() throws {
                try readingKeys(command: "sweep keys generate") { try KeyFiles.generate(into: out, workers: workers) }
                print("Keys written to \(out)/: coordinator.secret coordinator.pub, \(workers) worker key pairs in workers/")
                print("Coordinator: --key \(out)/coordinator.secret --allow \(out)/workers")
                print("Worker K:    --coordinator-key \(out)/coordinator.pub --key \(out)/workers/worker-K.secret")
            }
        }
    }
}
