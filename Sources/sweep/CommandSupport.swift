import ArgumentParser
import SweepCore
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
func writeReports(plan: SweepPlan, tallies: SweepTallies, configText: String, to directory: String,
                  keeping: [String] = [], command: String) throws {
    let files = Reports.files(plan: plan, tallies: tallies, configText: configText, outputDirectory: directory)
    do {
        try OutputDirectory.write(files: files, to: directory, keeping: keeping)
    } catch {
        printError("\(command): \(error)")
        throw ExitCode(1)
    }
}
