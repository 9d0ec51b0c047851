import ArgumentParser
import Foundation
import Logging
import ScenarioKit
import SweepCore
import SweepHTMLReport
import SweepJournal
import SweepLogging
import SweepPlanning
import SweepReporting
import Synchronization

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

/// Writes a finished sweep's report files into `directory` (``ReportWriter``: the CSV and YAML files, the minimal
/// repros and report.html), replacing it as a whole (files named in `keeping` move over from the old directory). A
/// failure is printed as `command: sentence` and ends the command with exit status 1. `claim` is the hold the command
/// took on the directory when it started (``claimOutput(_:keeping:create:command:quiet:)``). `alongside` (the terminal
/// summary, which reads the same tallies) is made on another core while the reports are written; its text is returned.
@discardableResult
func writeReports(
    plan: SweepPlan, tallies: SweepTallies, configText: String, to directory: String,
    keeping: [String] = [], claim: OutputClaim? = nil, durationSeconds: Double? = nil, excel: Bool = false,
    swap: OutputDirectory.SwapOptions = .init(), command: String, display: ProgressDisplay? = nil,
    alongside: (@Sendable () -> String)? = nil
) throws -> String? {
    let text = Mutex<String?>(nil)
    let beside = DispatchGroup()
    if let alongside {
        DispatchQueue.global().async(group: beside) {
            let made = alongside()
            text.withLock { $0 = made }
        }
    }
    do {
        try ReportWriter.write(
            plan: plan, tallies: tallies, configText: configText, to: directory, keeping: keeping, claim: claim,
            durationSeconds: durationSeconds, excel: excel, swap: swap
        ) { step in display?.reportStep(step) }
        display?.finish()
    } catch {
        display?.finish()
        beside.wait()
        printError("\(command): \(error)")
        throw ExitCode(1)
    }
    beside.wait()
    return text.withLock { $0 }
}

/// What makes the summary a finished sweep prints (``TerminalSummary``), for ``writeReports``' `alongside`; nil when
/// `quiet` (nothing is printed).
func terminalSummary(quiet: Bool, plan: SweepPlan, tallies: SweepTallies, layout: TerminalLayout) -> (@Sendable () -> String)? {
    if quiet { return nil }
    return { TerminalSummary.render(plan: plan, tallies: tallies, layout: layout) }
}

/// Claims the output directory before a sweep starts (``OutputDirectory/claim(_:keeping:create:)``): a path that
/// cannot be written, a directory another running sweep uses, or a name too long is refused now, in one sentence
/// (`command: sentence`, exit status 1), rather than after the sweep. What was done with the copies a killed sweep
/// left beside the directory is a notice event (component: the command's name).
func claimOutput(_ directory: String, keeping: [String], create: Bool, command: String) throws -> OutputClaim {
    let claim: OutputClaim
    do { claim = try OutputDirectory.claim(directory, keeping: keeping, create: create) } catch {
        printError("\(command): \(error)")
        throw ExitCode(1)
    }
    if let recovered = claim.recovered {
        Logger(label: command.replacingOccurrences(of: "sweep ", with: "")).notice(
            "cleaned up after a killed sweep",
            metadata: ["output": "\(directory)", "detail": "\(recovered)"])
    }
    return claim
}

/// Refuses (`command: sentence`, exit status 1) to replace the results of another sweep: a claimed directory whose
/// plan.yaml (or, with `journal`, whose journal) is of another config hash than `plan`'s, unless `force`.
func refuseAnotherSweep(in claim: OutputClaim, plan: SweepPlan, journal: Bool, force: Bool, command: String) throws {
    guard !force, let (file, hash) = otherSweep(in: claim.path, hash: plan.configHash, journal: journal) else { return }
    printError(
        "\(command): \(claim.requested) holds the results of another sweep (its \(file) is of config hash \(hash), this sweep's is "
            + "\(plan.configHash)); run with --force to replace them, or choose another --output.")
    throw ExitCode(1)
}

/// The file and config hash that show `directory` holds the results of a sweep other than the one of `hash`: its
/// journal's header (with `journal`), else its plan.yaml; nil when neither says so.
func otherSweep(in directory: String, hash: String, journal: Bool) -> (file: String, hash: String)? {
    if journal, let header = try? JournalReader.header(path: directory + "/" + Journal.defaultFileName), header.configHash != hash {
        return (Journal.defaultFileName, header.configHash)
    }
    guard let text = try? String(contentsOfFile: directory + "/plan.yaml", encoding: .utf8),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("configHash: ") })
    else { return nil }
    let found = line.dropFirst("configHash: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" \r"))
    return found == hash ? nil : ("plan.yaml", found)
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
