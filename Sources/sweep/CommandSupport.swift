import ArgumentParser
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
        files.append(("report.html", try HTMLReportSupport.page(plan: plan, files: files, durationSeconds: durationSeconds)))
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

/// The final lines of a sweep: the report files written and the path of report.html.
func reportsWrittenLines(directory: String, plan: SweepPlan, note: String = "") -> String {
    "Reports written to \(directory)/: summary.csv by_template.csv by_gesture.csv effects.csv examples.csv "
        + (plan.screenCount > 0 ? "by_screen.csv " : "") + "plan.yaml config.yaml\(note)\nReport page: \(directory)/report.html"
}
