import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// The exit statuses every `sweep` command keeps to (docs/cli.md, "Exit status"; the man page's EXIT STATUS):
/// what a script or CI job can tell apart without reading the message.
enum ExitStatus {
    /// The command's own "no": a rate above `sweep check`'s maximum, `trace --check` failures, a failure at work
    /// (a disk that fills while writing).
    static let failed = ExitCode(1)
    /// A bad input file: a config, scenario, dump, key or token file, or an output directory that cannot be read as
    /// a sweep's. Nothing was run or written.
    static let badInput = ExitCode(2)
    /// `sweep submit`: the sweep finished, but some units were quarantined (docs/operations.md).
    static let quarantined = ExitCode(3)
    /// A usage error: an unknown option, a missing argument, an option value out of its range or naming nothing
    /// there is (an example id not in the sweep, a tree index past the last), an output path that cannot be written.
    /// ArgumentParser's own status for usage errors (EX_USAGE), the same for every command.
    static let usage = ExitCode.validationFailure
    /// `sweep submit` stopped by a signal before the sweep finished: 128 + its number, as a shell reports it (143 for
    /// SIGTERM, 130 for SIGINT). The journal holds every committed unit; the same command resumes.
    static func signalled(_ number: Int32) -> ExitCode { ExitCode(128 + number) }

    /// The man page's EXIT STATUS section and docs/cli.md's table, in one place.
    static let table: [(status: Int32, meaning: String)] = [
        (0, "success; for sweep check, every check passed or was skipped"),
        (
            failed.rawValue,
            "the command's finding or a failure at work: sweep check found a rate above its maximum, sweep trace --check a trace that differs, a file could not be written"
        ),
        (
            badInput.rawValue,
            "a bad input file: a config, scenario, dump, key or token file, or a directory that is not what the command reads; one sentence names the file (and line and column), and nothing was written"
        ),
        (
            quarantined.rawValue,
            "sweep submit: the reports were written without units quarantined after failing on every attempt, or its local workers kept dying"
        ),
        (
            usage.rawValue,
            "a usage error: an unknown option, a missing argument, an option value outside its range or naming nothing that exists, an output path that cannot be written; one sentence names the option"
        ),
        (
            signalled(SIGINT).rawValue,
            "sweep submit: stopped by SIGINT (Ctrl-C) before the sweep finished; its journal holds every committed unit, and the same command resumes"
        ),
        (
            signalled(SIGTERM).rawValue,
            "sweep submit: stopped by SIGTERM (kill, scancel, a Slurm requeue, a pod's termination) before the sweep finished; as for 130"
        )
    ]

    /// Prints `command: message` (``printError(_:)``) and gives the usage status to throw.
    static func usageError(_ message: String, command: String) -> ExitCode {
        printError("\(command): \(message)")
        return usage
    }
}
