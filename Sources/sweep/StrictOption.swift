import ArgumentParser
import SweepPlanning

/// `--strict`, on the commands that plan a sweep (`sweep plan`, `run`, `submit`): what they print about the
/// screens of `trees.screens` (import warnings, a screen that yields no gesture, a screen left out as transient;
/// `ScreenDiagnostics`) ends the command with exit status 2 instead of going on.
struct StrictOption: ParsableArguments {
    @Flag(help: "Refuse (exit status 2) a sweep whose screens give import warnings, yield no gesture or are left out as transient.")
    var strict = false

    /// Prints each screen finding to standard error as `command: warning: …` (or `error:` under --strict, then
    /// exits 2). `--quiet` does not drop them: it means only "no progress" (docs/cli.md).
    func check(_ plan: SweepPlan, command: String) throws {
        let lines = ScreenDiagnostics.lines(plan)
        guard !lines.isEmpty else { return }
        if strict {
            for line in lines { printError("\(command): error: \(line)") }
            printError("\(command): --strict: \(lines.count) screen finding\(lines.count == 1 ? "" : "s") above; nothing was run")
            throw ExitStatus.badInput
        }
        for line in lines { printError("\(command): warning: \(line)") }
    }
}
