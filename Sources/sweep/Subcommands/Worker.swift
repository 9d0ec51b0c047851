import ArgumentParser
import Foundation
import Logging
import SweepNode

extension SweepCommand {
    /// `sweep worker --connect ENDPOINT`: join a coordinator and run its units on every slot.
    struct Worker: ParsableCommand, LoggingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Join a sweep coordinator and run its work units on this machine's cores.",
            discussion: """
                Connects to the coordinator, registers with its slots, and runs units as they are assigned. \
                Reconnects with backoff (1 s doubling to 32 s) when the coordinator goes away and re-sends \
                finished results it has not acknowledged. Exits 0 when the sweep is done (unless --keep-alive), \
                2 when the coordinator refuses it (e.g. another engine version).
                """
        )

        @Option(help: "The coordinator's endpoint, e.g. tcp://HOST:5555.")
        var connect: String

        @Option(help: OptionRanges.slots.help("Units to run at once, by default one per core"))
        var slots: Int?

        @Option(help: "This worker's id (default: host:pid).")
        var id: String?

        @Flag(help: "Stay for the next sweep instead of exiting when this one is done.")
        var keepAlive = false

        @OptionGroup(title: "Logging")
        var logging: LogOptions

        @Option(help: OptionRanges.parentPid.help("Exit when this process's parent is no longer this pid", hidden: true))
        var parentPid: Int32?

        @OptionGroup
        var testHooks: WorkerTestHooks

        @OptionGroup(title: "Security (any tcp:// endpoint)")
        var security: ClientSecurityOptions

        func validate() throws {
            try OptionRanges.slots.check(slots)
            try OptionRanges.parentPid.check(parentPid)
            try security.validate(endpoint: connect)
        }

        func run() throws {
            var options = WorkerNode.Options(
                connect: connect, slots: slots ?? ProcessInfo.processInfo.activeProcessorCount,
                workerID: id ?? "\(ProcessInfo.processInfo.hostName):\(getpid())")
            options.keepAlive = keepAlive
            options.parentPID = parentPid
            options.security = try security.resolve(command: "sweep worker")
            if security.insecure { insecureWarning(command: "sweep worker", endpoint: connect) }
            testHooks.apply(to: &options)
            var logger = Logger(label: "worker")
            logger[metadataKey: "worker"] = .string(options.workerID)
            options.logger = logger
            let (code, reason) = try WorkerNode(options: options).run()
            if code != 0 {
                printError("sweep worker: \(reason)")
                throw ExitCode(code)
            }
            logger.info("worker finished", metadata: ["reason": .string(reason)])
        }
    }
}
