import ArgumentParser
import Foundation
import SweepCore
import SweepHTMLReport
import SweepPlanning
import SweepReporting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes one line to standard error (file descriptor 2).
func printError(_ message: String) {
    let line = message + "\n"
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

/// A sweep config file read once: what it says and its text (journaled and written to the reports). A problem
/// is printed as `command: file:line:column: sentence` and ends the command with exit status 2.
func readSweepConfig(_ path: String, command: String) throws -> (config: SweepConfig, text: String) {
    do {
        let text = try SweepConfigLoader.read(path: path)
        let config = try SweepConfigLoader.load(yaml: text, path: path)
        // With trees.screens the text carries the dumps from here on (journal, workers, config.yaml).
        return (config, SweepConfigLoader.expandedText(text, config: config))
    } catch {
        printError("\(command): \(error)")
        throw ExitCode(2)
    }
}

/// Writes a finished sweep's report files into `directory`, replacing it as a whole (files named in `keeping`
/// move over from the old directory). A failure is printed as `command: sentence` and ends the command with
/// exit status 1.
///
/// report.html is drawn from the same files and written with them; `durationSeconds` (the sweep's wall-clock
/// time, when this process measured it) is the only thing on the page that is not in the other files.
func writeReports(plan: SweepPlan, tallies: SweepTallies, configText: String, to directory: String,
                  keeping: [String] = [], durationSeconds: Double? = nil, command: String) throws {
    var files = Reports.files(plan: plan, tallies: tallies, configText: configText, outputDirectory: directory)
    do {
        // The sweep's own minimal repros (Reports.files shrinks the worst examples) are linked from the page, with
        // their timelines: index.csv's `file` column names them relative to the directory.
        let minimalIndex = files.first { $0.name == "minimal/index.csv" }?.contents
        var minimalScenarios: [String: String] = [:]
        for file in files where file.name.hasPrefix("minimal/") && file.name.hasSuffix(".yaml") { minimalScenarios[file.name] = file.contents }
        files.append(("report.html", try HTMLReportSupport.page(plan: plan, files: files, durationSeconds: durationSeconds,
                                                                minimalIndexCSV: minimalIndex, minimalScenarios: minimalScenarios)))
    } catch {
        printError("\(command): cannot draw report.html: \(error)")
        throw ExitCode(1)
    }
    do {
        try OutputDirectory.write(files: files, to: directory, keeping: keeping)
    } catch {
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
        throw ExitCode(2)
    }
    let config: SweepConfig
    do { config = try SweepConfigLoader.load(path: configPath) } catch {
        printError("\(command): \(error)")
        throw ExitCode(2)
    }
    let plan = SweepPlan(config)
    if let planText = try? String(contentsOfFile: outputDirectory + "/plan.yaml", encoding: .utf8),
       !planText.contains("configHash: \"\(plan.configHash)\"") {
        printError("\(command): \(outputDirectory)/plan.yaml does not match \(configPath) (config hash \(plan.configHash)); was the directory edited?")
        throw ExitCode(2)
    }
    return plan
}

/// The final lines of a sweep: the report files written and the path of report.html.
func reportsWrittenLines(directory: String, plan: SweepPlan, note: String = "") -> String {
    "Reports written to \(directory)/: summary.csv by_template.csv by_gesture.csv effects.csv causes.csv residuals.csv examples.csv "
        + (plan.screenCount > 0 ? "by_screen.csv " : "") + "plan.yaml config.yaml minimal/\(note)\nReport page: \(directory)/report.html"
}
