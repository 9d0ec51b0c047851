import ArgumentParser
import SweepCore
import SweepLogging

/// How the terminal summary a finished sweep prints is laid out (`sweep run`, `submit`, `merge`).
struct SummaryOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Print the summary whole: every axis of every configuration in the tables, each tied configuration on its own "
                + "rank, lines as long as they come (by default it fits the terminal: COLUMNS, else its width, else 100)."))
    var wide = false

    /// The layout for standard output.
    var layout: TerminalLayout { wide ? .wide : .fitted(width: TerminalWidth.columns(descriptor: 1)) }
}
