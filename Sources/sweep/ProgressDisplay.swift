import Foundation
import Logging
import SweepCore
import SweepLogging
import SweepPlanning
import SweepReportWriter
import SweepSubmission

/// Where a sweep's progress goes (issue 16 §1), for `sweep run`, `run --shard`, `merge` and `submit` alike: on a
/// terminal one live line on standard error, redrawn in place; anywhere else (`kubectl logs`, Slurm output files,
/// CI logs) a log event (level info, component `progress`) every `plainInterval` seconds and one when the work is
/// all done, so a log shows progress while the sweep runs, with a timestamp, in the format of `--log-format`.
final class ProgressDisplay: @unchecked Sendable {
    private let enabled: Bool
    private let prefix: String
    private let terminal: Bool
    private let plainInterval: Double
    /// How often the live line on a terminal is redrawn: ten times a second.
    private let liveInterval = 0.1
    private let output: LogOutput
    private let logger = Logger(label: "progress")
    private let lock = NSLock()
    /// When (the progress's elapsed seconds) the line was last shown.
    private var lastShown = -Double.infinity
    private var finalShown = false
    /// The reports being written and when each began, and how many are done (``reportStep(_:)``).
    private var reportStarts: [String: ContinuousClock.Instant] = [:]
    private var reportsDone = 0

    /// `firstAtOnce`: off a terminal, the first line is shown at once (else only after `plainInterval`, so a merge
    /// that fails at once says only why).
    init(enabled: Bool, command: String, terminal: Bool = isatty(2) != 0, plainInterval: Double = 3, firstAtOnce: Bool = true) {
        self.enabled = enabled; self.prefix = command + ": "; self.terminal = terminal; self.plainInterval = plainInterval
        if !firstAtOnce { lastShown = 0 }
        output = SweepLogging.current.output
    }

    /// Shows `line` (without the command's name) for `progress`. On a terminal the line fits its width
    /// (``TerminalWidth``): `progress.text` in it gives way to `progress.compactText`, then the line is cut. Off a
    /// terminal the event carries the figures as fields (``SweepProgress/fields``).
    func show(_ line: @autoclosure () -> String, _ progress: SweepProgress) {
        guard enabled else { return }
        // A sweep reports progress after every few units, tens of thousands of times in a large plan, from every
        // worker thread: the line is built, measured and written only when it is shown (on a terminal every
        // `liveInterval`, off one every `plainInterval`, and always when the work is all done).
        let interval = terminal ? liveInterval : plainInterval
        let shown: Bool = lock.withLock {
            let last = progress.treesDone >= progress.treesTotal
            guard progress.elapsedSeconds - lastShown >= interval || (last && !finalShown) else { return false }
            lastShown = progress.elapsedSeconds
            finalShown = last
            return true
        }
        guard shown else { return }
        let line = line()
        if terminal {
            let width = TerminalWidth.columns()
            var text = prefix + line
            if text.count >= width { text = prefix + line.replacingOccurrences(of: progress.text, with: progress.compactText) }
            output.showLive(TerminalWidth.fit(text, width: width))
            return
        }
        logger.info("\(line)", metadata: Self.metadata(progress.fields))
    }

    /// Figures as log metadata: whole numbers as integers.
    static func metadata(_ fields: [(String, Double)]) -> Logger.Metadata {
        var metadata: Logger.Metadata = [:]
        for (key, value) in fields {
            metadata[key] = value == value.rounded() && abs(value) < 1e15 ? .stringConvertible(Int(value)) : .stringConvertible(value)
        }
        return metadata
    }

    /// After the last tree, the reports (``ReportWriter/Step``; they are written side by side): on a terminal the live
    /// line says which one started last and how many are done (`writing reports: report.html, 9 of 13 started, 7 done`);
    /// off it, one info event when they begin. At `--log-level debug` each report's own time is an event when it ends
    /// (`report written`, with `report` and `ms`).
    func reportStep(_ step: ReportWriter.Step) {
        let clock = ContinuousClock()
        let now = clock.now
        let (began, done) = lock.withLock { () -> (ContinuousClock.Instant?, Int) in
            if step.finished {
                reportsDone += 1
                return (reportStarts.removeValue(forKey: step.name), reportsDone)
            }
            reportStarts[step.name] = now
            return (nil, reportsDone)
        }
        if let began {
            let ms = Int((SweepTiming.seconds(since: began, clock) * 1000).rounded())
            Logger(label: "reports").debug("report written", metadata: ["report": "\(step.name)", "ms": .stringConvertible(ms)])
        }
        guard enabled else { return }
        if terminal {
            guard !step.finished else { return }
            output.showLive(
                TerminalWidth.fit(
                    prefix + "writing reports: \(step.name), \(step.index + 1) of \(step.total) started, \(done) done",
                    width: TerminalWidth.columns()))
        } else if step.index == 0, !step.finished {
            logger.info("writing the reports", metadata: ["reports": .stringConvertible(step.total)])
        }
    }

    /// Ends the live line (a terminal's cursor goes to the next line).
    func finish() {
        guard enabled, terminal else { return }
        output.endLive()
    }
}
