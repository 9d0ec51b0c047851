import Foundation
import Logging

/// Where log lines go: standard error by default, one whole line per write, lines from several threads never
/// interleaved. A terminal's live progress line (``showLive(_:)``) is cleared before a log line is written.
public final class LogOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> Date
    /// Whether a terminal's live line is on screen (cleared before the next log line).
    private var liveShown = false

    /// `write` gets each line with its newline; `clock` gives each line's time (fixed in tests).
    public init(clock: @escaping @Sendable () -> Date = { Date() }, write: @escaping @Sendable (String) -> Void = LogOutput.standardError) {
        self.clock = clock; self.write = write
    }

    public static let standardError: @Sendable (String) -> Void = { line in
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Foundation.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { if errno == EINTR { continue }; return }
            offset += written
        }
    }

    /// Writes one log line (a newline is added), clearing a live line first.
    func emit(_ render: (Date) -> String) {
        lock.lock(); defer { lock.unlock() }
        let clear = liveShown ? "\r\u{1B}[K" : ""
        liveShown = false
        write(clear + render(clock()) + "\n")
    }

    /// Draws `text` as the live line of a terminal, in place of the one before (no newline).
    public func showLive(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        write("\r\u{1B}[K" + text)
        liveShown = true
    }

    /// Ends the live line, if one is shown: the cursor goes to the next line.
    public func endLive() {
        lock.lock(); defer { lock.unlock() }
        if liveShown { write("\n") }
        liveShown = false
    }
}

/// The one `LogHandler` of every `sweep` command: each event is one line (``LogLine``) on a ``LogOutput``, with
/// the logger's label as the component (`coordinator`, `worker`, `submit`, `journal`, `progress` …).
public struct SweepLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public let component: String
    public let format: LogFormat
    public let output: LogOutput

    public init(component: String, level: Logger.Level, format: LogFormat, output: LogOutput) {
        self.component = component; self.logLevel = level; self.format = format; self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let extra = event.metadata { all.merge(extra) { _, new in new } }
        let (format, component, level, message) = (self.format, self.component, event.level, event.message.description)
        output.emit { LogLine.render(format, time: $0, level: level, component: component, message: message, metadata: all) }
    }
}

/// The process's logging, set up once from the command line (`--log-level`, `--log-format`).
public enum SweepLogging {
    nonisolated(unsafe) private static var configured: (level: Logger.Level, format: LogFormat, output: LogOutput)?
    private static let lock = NSLock()

    /// Bootstraps swift-log with ``SweepLogHandler`` at `level` in `format` on `output`. Once per process: later
    /// calls change nothing.
    public static func bootstrap(level: Logger.Level, format: LogFormat, output: LogOutput = LogOutput()) {
        lock.lock(); defer { lock.unlock() }
        guard configured == nil else { return }
        configured = (level, format, output)
        LoggingSystem.bootstrap { label in SweepLogHandler(component: label, level: level, format: format, output: output) }
    }

    /// The format bootstrapped; nil before any bootstrap (asking bootstraps nothing).
    public static var bootstrappedFormat: LogFormat? {
        lock.lock(); defer { lock.unlock() }
        return configured?.format
    }

    /// The level, format and output bootstrapped (info, text on standard error before any bootstrap).
    public static var current: (level: Logger.Level, format: LogFormat, output: LogOutput) {
        lock.lock(); defer { lock.unlock() }
        if let configured { return configured }
        let fallback = (Logger.Level.info, LogFormat.text, LogOutput())
        configured = fallback
        LoggingSystem.bootstrap { label in SweepLogHandler(component: label, level: fallback.0, format: fallback.1, output: fallback.2) }
        return fallback
    }
}
