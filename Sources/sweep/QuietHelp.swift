import ArgumentParser

/// `-q/--quiet` means one thing on every command that has it (docs/cli.md): no progress — no progress line, no
/// summary, no running commentary — only the command's result. Warnings, errors and log events are not affected
/// (`--log-level warning` makes the log quieter).
enum QuietHelp {
    /// The flag's help, naming what is still printed (`the output directory`, `the violations`).
    static func help(printing result: String) -> ArgumentHelp {
        ArgumentHelp("No progress: no progress line or summary; print only \(result).")
    }
}
