import Foundation

/// How wide the user's terminal is, for lines that must fit it (the live progress line, the terminal summary).
public enum TerminalWidth {
    /// Off a terminal, and where the width cannot be read: wide enough for a log, narrow enough to read.
    public static let fallback = 100

    /// `COLUMNS` when it is a positive number, else the width of the terminal on `descriptor` (TIOCGWINSZ), else
    /// ``fallback``.
    public static func columns(descriptor: Int32 = 2, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        var size = winsize()
        if isatty(descriptor) != 0, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return fallback
    }

    /// `text` cut to at most `width − 1` characters (a terminal that wraps at the last column would leave a
    /// fragment behind every redraw), ending in `…` when cut.
    public static func fit(_ text: String, width: Int) -> String {
        let room = max(width - 1, 1)
        guard text.count > room else { return text }
        return String(text.prefix(room - 1)) + "…"
    }
}
