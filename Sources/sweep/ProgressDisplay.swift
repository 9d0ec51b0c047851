import Foundation
import SweepCore

/// Where a sweep's progress goes (issue 16 §1), for `sweep run` and `sweep submit` alike: on a terminal one live
/// line on standard error, redrawn in place; anywhere else (`kubectl logs`, Slurm output files, CI logs) a plain
/// line every `plainInterval` seconds and one when the last tree is done, each ending with a newline, so a log
/// shows progress while the sweep runs.
final class ProgressDisplay: @unchecked Sendable {
    private let enabled: Bool
    private let prefix: String
    private let terminal: Bool
    private let plainInterval: Double
    private let lock = NSLock()
    private var lastPlain = -Double.infinity
    private var lineShown = false
    private var finalShown = false

    init(enabled: Bool, command: String, terminal: Bool = isatty(2) != 0, plainInterval: Double = 3) {
        self.enabled = enabled; self.prefix = command + ": "; self.terminal = terminal; self.plainInterval = plainInterval
    }

    /// Shows `line` (without the command's name) for `progress`.
    func show(_ line: String, _ progress: SweepProgress) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        if terminal {
            FileHandle.standardError.write(Data(("\r\u{1B}[K" + prefix + line).utf8))
            lineShown = true
        } else {
            let last = progress.treesDone >= progress.treesTotal
            guard progress.elapsedSeconds - lastPlain >= plainInterval || (last && !finalShown) else { return }
            lastPlain = progress.elapsedSeconds
            finalShown = last
            FileHandle.standardError.write(Data((prefix + line + "\n").utf8))
        }
    }

    /// A message between progress lines: on a terminal the live line is cleared first.
    func log(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        let clear = terminal && lineShown ? "\r\u{1B}[K" : ""
        FileHandle.standardError.write(Data((clear + prefix + line + "\n").utf8))
        lineShown = false
    }

    /// Ends the live line (a terminal's cursor goes to the next line).
    func finish() {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        if terminal && lineShown { FileHandle.standardError.write(Data("\n".utf8)) }
        lineShown = false
    }
}

/// Seconds on `clock` since `start`.
func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
