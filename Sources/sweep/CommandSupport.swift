import ArgumentParser
import Foundation
import Logging
import ScenarioKit
import SweepCore
import SweepLogging
import SweepPlanning
import SweepReporting
import SweepSubmission

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one line to standard error (file descriptor 2): as it is, or as a JSON log event under
/// `--log-format json` (`CommandMessage`). Control characters in it (a newline or an escape sequence in a value
/// given on the command line) are written as `\u{…}` escapes (``OptionText/escaped(_:limit:)``), so it stays one line.
func printError(_ message: String) {
    let format = SweepLogging.bootstrappedFormat ?? .text
    let line = CommandMessage.render(OptionText.escaped(message), format: format, time: Date()) + "\n"
    var bytes = Array(line.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
            write(2, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written <= 0 { return }
        offset += written
    }
}

/// Writes `text` to the file the user gave with `option` (``OutputFile``): what is not a regular file (a device, a
/// FIFO, a link to one) or lies in a missing directory is refused in one sentence (`command: cannot write --output
/// PATH: reason; the way out.`) with exit status 64 (a usage error), and left as it is; a failure while writing ends
/// the command with `failure`.
func writeOutputFile(_ text: String, to path: String, option: String?, command: String, failure: Int32 = 1) throws {
    do { try OutputFile.write(text, to: path, option: option) } catch {
        printError("\(command): \(error)")
        throw error.refused ? ExitStatus.usage : ExitCode(failure)
    }
}

/// Refuses at once, before any work, a path ``writeOutputFile(_:to:option:command:failure:)`` would refuse at the
/// end (`command: sentence`, exit status 64).
func refuseUnwritableOutputFile(_ path: String?, option: String, command: String) throws {
    guard let path else { return }
    do { try OutputFile.replaceable(path, option: option) } catch {
        throw ExitStatus.usageError("\(error)", command: command)
    }
}

/// A sweep config file read once, with its `--set` overrides applied: what it says and its text (journaled and
/// written to the reports; with overrides, the merged document). A problem is printed as
/// `command: file:line:column: sentence` (`command: --set KEY=VALUE: sentence` for an override's) and ends the
/// command with exit status 2 (64 for an override's: a usage error).
func readSweepConfig(_ path: String, overrides: [String] = [], command: String) throws -> (config: SweepConfig, text: String) {
    do {
        var parsed: [ConfigOverride] = []
        for option in overrides { parsed.append(try ConfigOverride(parsing: option)) }
        let (config, text) = try SweepConfigLoader.load(yaml: try SweepConfigLoader.read(path: path), path: path, overrides: parsed)
        // With trees.screens the text carries the dumps from here on (journal, workers, config.yaml).
        return (config, SweepConfigLoader.expandedText(text, config: config))
    } catch {
        printError("\(command): \(error)")
        throw error.file.hasPrefix("--set ") ? ExitStatus.usage : ExitStatus.badInput
    }
}

/// Claims the output directory before a sweep starts (``OutputDirectory/claim(_:keeping:create:)``): a path that
/// cannot be written, a directory another running sweep uses, or a name too long is refused now, in one sentence
/// (`command: sentence`, exit status 1), rather than after the sweep. What was done with the copies a killed sweep
/// left beside the directory is a notice event (component: the command's name).
func claimOutput(_ directory: String, keeping: [String], create: Bool, command: String) throws -> OutputClaim {
    do {
        return try OutputOwnership.claim(
            directory, keeping: keeping, create: create, logger: Logger(label: command.replacingOccurrences(of: "sweep ", with: "")))
    } catch {
        printError("\(command): \(error)")
        throw ExitCode(1)
    }
}

/// Refuses (`command: sentence`, exit status 1) to replace the results of another sweep
/// (``OutputOwnership/refuseAnotherSweep(in:plan:journal:force:)``).
func refuseAnotherSweep(in claim: OutputClaim, plan: SweepPlan, journal: Bool, force: Bool, command: String) throws {
    do { try OutputOwnership.refuseAnotherSweep(in: claim, plan: plan, journal: journal, force: force) } catch {
        printError("\(command): \(error)")
        throw ExitCode(1)
    }
}

/// The plan of a finished sweep, rebuilt from its output directory (config.yaml, checked against plan.yaml's
/// config hash). A problem is printed as `command: sentence` and ends the command with exit status 2.
func loadFinishedSweepPlan(outputDirectory: String, command: String) throws -> SweepPlan {
    let configPath = outputDirectory + "/config.yaml"
    guard FileManager.default.fileExists(atPath: configPath) else {
        printError("\(command): \(outputDirectory) is not the output directory of a finished sweep (it has no config.yaml).")
        throw ExitStatus.badInput
    }
    let config: SweepConfig
    do { config = try SweepConfigLoader.load(path: configPath) } catch {
        printError("\(command): \(error)")
        throw ExitStatus.badInput
    }
    let plan = SweepPlan(config)
    if let planText = try? String(contentsOfFile: outputDirectory + "/plan.yaml", encoding: .utf8),
        !planText.contains("configHash: \"\(plan.configHash)\"")
    {
        printError("\(command): \(outputDirectory)/plan.yaml does not match \(configPath) (config hash \(plan.configHash)); was the directory edited?")
        throw ExitStatus.badInput
    }
    return plan
}

/// The final lines of a sweep: the report files written and the path of report.html.
func reportsWrittenLines(directory: String, plan: SweepPlan, note: String = "") -> String {
    "Reports written to \(directory)/: summary.csv by_template.csv by_gesture.csv effects.csv causes.csv model_bands.csv residuals.csv examples.csv "
        + (plan.screenCount > 0 ? "by_screen.csv by_screen_config.csv by_screen_summary.csv " : "")
        + "plan.yaml config.yaml minimal/\(note)\nReport page: \(directory)/report.html"
}
