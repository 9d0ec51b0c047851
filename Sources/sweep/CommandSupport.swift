import ArgumentParser
import Foundation
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
