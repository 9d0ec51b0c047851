import SweepPlanning
import SweepProtocol

/// The range of every numeric option of every command, in one place (docs/operations.md, "Option ranges"). Ranges
/// that the protocol or the config loader also enforces are taken from their limits (``WireLimits``,
/// ``SweepLimits``), so a value a worker would refuse in the welcome is refused at the command line instead.
enum OptionRanges {
    // What runs at once.

    /// `sweep run --threads`: as many as a worker's slots may be.
    static let threads = OptionRange("--threads", Int(WireLimits.slots.lowerBound) ... Int(WireLimits.slots.upperBound))
    /// `sweep worker --slots`: what `hello.slots` may say.
    static let slots = OptionRange("--slots", Int(WireLimits.slots.lowerBound) ... Int(WireLimits.slots.upperBound))
    /// `sweep submit --workers`: local worker processes (0: cluster mode, workers join over --listen).
    static let localWorkers = OptionRange("--workers", 0 ... 1024)
    /// `sweep keys generate --workers`: worker key pairs.
    static let keyPairs = OptionRange("--workers", 0 ... 10_000)

    // The size of a unit of work.

    /// `sweep run --trees-per-unit`: at most a configuration's trees (more is the same as all of them).
    static let treesPerUnit = OptionRange("--trees-per-unit", 1 ... SweepLimits.treesPerConfiguration.upperBound)
    /// `sweep submit --max-unit-trees`: the same bound.
    static let maxUnitTrees = OptionRange("--max-unit-trees", 1 ... SweepLimits.treesPerConfiguration.upperBound)
    /// `sweep submit --unit-seconds`: a millisecond to an hour (a unit's deadline is 20 × its expected time).
    static let unitSeconds = OptionRange("--unit-seconds", 0.001 ... 3600.0, unit: "seconds")
    /// `sweep run --shard I/N`: N, the number of shards (0 ≤ I < N).
    static let shardCount = OptionRange("--shard", 1 ... 1_000_000)

    // The protocol's timing: what `welcome` may say (below 10 ms the heartbeats are busy work).

    /// `sweep submit --heartbeat-ms`.
    static let heartbeatMs = OptionRange("--heartbeat-ms", 10 ... Int(WireLimits.heartbeatMs.upperBound), unit: "ms")
    /// `sweep submit --liveness`: heartbeat intervals of silence.
    static let liveness = OptionRange("--liveness", Int(WireLimits.liveness.lowerBound) ... Int(WireLimits.liveness.upperBound))
    /// `sweep submit --max-message-bytes` (hidden): at most the protocol's largest frame.
    static let maxMessageBytes = OptionRange("--max-message-bytes", 1 ... WireLimits.payloadBytes)

    // Network and waiting.

    /// `sweep submit --metrics-port`: a TCP port (0: any free one).
    static let metricsPort = OptionRange("--metrics-port", 0 ... 65_535)
    /// `sweep status --timeout`: a millisecond to an hour.
    static let statusTimeout = OptionRange("--timeout", 0.001 ... 3600.0, unit: "seconds")

    // What a command looks at or prints.

    /// `sweep plan --show`: configurations listed (a plan has at most this many).
    static let show = OptionRange("--show", 0 ... SweepLimits.combinations)
    /// `sweep trees --index`: a tree of a configuration (the plan's own count is checked once it is read).
    static let treeIndex = OptionRange("--index", 0 ... SweepLimits.treesPerConfiguration.upperBound - 1)
    /// `sweep shrink --max-runs`: engine runs.
    static let maxRuns = OptionRange("--max-runs", 1 ... 10_000_000)

    // Options only tests use (hidden from --help).

    /// `--kill-at-swap-step`: a step of the report swap.
    static let killAtSwapStep = OptionRange("--kill-at-swap-step", 1 ... 100)
    /// `sweep worker --parent-pid`: a process id.
    static let parentPid = OptionRange("--parent-pid", 1 ... Int(Int32.max))

    /// Every range by the command that has the option (`submit`, `keys generate`): the sentence for a value
    /// ArgumentParser cannot read as a number at all (`--liveness 1e300`, `--threads abc`).
    static let byCommand: [String: [OptionRange]] = [
        "run": [threads, treesPerUnit, killAtSwapStep],
        "submit": [localWorkers, heartbeatMs, liveness, unitSeconds, maxUnitTrees, maxMessageBytes, metricsPort, killAtSwapStep],
        "merge": [killAtSwapStep],
        "worker": [slots, parentPid],
        "status": [statusTimeout],
        "plan": [show],
        "trees": [treeIndex],
        "shrink": [maxRuns],
        "keys generate": [keyPairs]
    ]

    /// The range of `option` on the command named by `words` (the subcommand names typed after `sweep`, most
    /// specific first: `keys generate`, then `keys`).
    static func range(of option: String, command words: [String]) -> OptionRange? {
        for count in stride(from: min(2, words.count), through: 1, by: -1) {
            let name = words.prefix(count).joined(separator: " ")
            if let range = byCommand[name]?.first(where: { $0.option == option }) { return range }
        }
        return nil
    }
}
