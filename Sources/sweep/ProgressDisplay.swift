import Foundation
import Logging
import SweepCore
import SweepLogging
import SweepPlanning

/// Where a sweep's progress goes (issue 16 §1), for `sweep run`, `run --shard`, `merge` and `submit` alike: on a
/// terminal one live line on standard error, redrawn in place; anywhere else (`kubectl logs`, Slurm output files,
/// CI logs) a log event (level info, component `progress`) every `plainInterval` seconds and one when the work is
/// all done, so a log shows progress while the sweep runs, with a timestamp, in the format of `--log-format`.
final class ProgressDisplay: @unchecked Sendable {
    private let enabled: Bool
    private let prefix: String
    private let terminal: Bool
    private let plainInterval: Double
    private let output: LogOutput
    private let logger = Logger(label: "progress")
    private let lock = NSLock()
    private var lastPlain = -Double.infinity
    private var finalShown = false
    /// The report being written and when it began (``reportStep(_:index:total:)``).
    private var currentReport: (name: String, start: ContinuousClock.Instant)?

    /// `firstAtOnce`: off a terminal, the first line is shown at once (else only after `plainInterval`, so a merge
    /// that fails at once says only why).
    init(enabled: Bool, command: String, terminal: Bool = isatty(2) != 0, plainInterval: Double = 3, firstAtOnce: Bool = true) {
        self.enabled = enabled; self.prefix = command + ": "; self.terminal = terminal; self.plainInterval = plainInterval
        if !firstAtOnce { lastPlain = 0 }
        output = SweepLogging.current.output
    }

    /// Shows `line` (without the command's name) for `progress`. On a terminal the line fits its width
    /// (``TerminalWidth``): `progress.text` in it gives way to `progress.compactText`, then the line is cut. Off a
    /// terminal the event carries the figures as fields (``SweepProgress/fields``).
    func show(_ line: String, _ progress: SweepProgress) {
        guard enabled else { return }
        if terminal {
            let width = TerminalWidth.columns()
            var text = prefix + line
            if text.count >= width { text = prefix + line.replacingOccurrences(of: progress.text, with: progress.compactText) }
            output.showLive(TerminalWidth.fit(text, width: width))
            return
        }
        let shown: Bool = lock.withLock {
            let last = progress.treesDone >= progress.treesTotal
            guard progress.elapsedSeconds - lastPlain >= plainInterval || (last && !finalShown) else { return false }
            lastPlain = progress.elapsedSeconds
            finalShown = last
            return true
        }
        if shown { logger.info("\(line)", metadata: Self.metadata(progress.fields)) }
    }

    /// Figures as log metadata: whole numbers as integers.
    static func metadata(_ fields: [(String, Double)]) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        for (key, value) in fields {
            metadata[key] = value == value.rounded() && abs(value) < 1e15 ? .stringConvertible(Int(value)) : .stringConvertible(value)
        }
        return metadata
    }

    /// After the last tree, the reports: on a terminal the live line says which is being written
    /// (`writing reports: effects.csv, 4 of 13`); off it, one info event when they begin. At `--log-level debug` each
    /// report's time is an event of its own (`report written`, with `report` and `ms`).
    func reportStep(_ name: String, index: Int, total: Int) {
        endReport(startingNext: name)
        guard enabled else { return }
        if terminal {
            output.showLive(TerminalWidth.fit(prefix + "writing reports: \(name), \(index + 1) of \(total)", width: TerminalWidth.columns()))
        } else if index == 0 {
            logger.info("writing the reports", metadata: ["reports": .stringConvertible(total)])
        }
    }

    /// Ends the report steps: the last report's time.
    func reportsDone() {
        endReport(startingNext: nil)
        finish()
    }

    /// Logs the time of the report being written, if any, and starts timing `next`.
    private func endReport(startingNext next: String?) {
        let clock = ContinuousClock()
        let now = clock.now
        let ended = lock.withLock {
            defer { currentReport = next.map { ($0, now) } }
            return currentReport
        }
        guard let ended else { return }
        let ms = Int((seconds(since: ended.start, clock) * 1000).rounded())
        Logger(label: "reports").debug("report written", metadata: ["report": "\(ended.name)", "ms": .stringConvertible(ms)])
    }

    /// Ends the live line (a terminal's cursor goes to the next line).
    func finish() {
        guard enabled, terminal else { return }
        output.endLive()
    }
}

/// The sweep's true scenario total (`SweepPlan.scenarioTotal`), counted on `threads` threads before it runs; a
/// debug event says how long the count took (docs/operations.md, "Progress").
func countScenarios(_ plan: SweepPlan, threads: Int, logger: Logger) -> Int {
    let clock = ContinuousClock(), start = clock.now
    let total = plan.scenarioTotal(threads: threads)
    logger.debug(
        "counted the scenarios",
        metadata: [
            "scenarios": .stringConvertible(total), "trees": .stringConvertible(plan.treeCount),
            "ms": .stringConvertible(Int(seconds(since: start, clock) * 1000))
        ])
    return total
}

/// Seconds on `clock` since `start`.
func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
