import Foundation
import SweepCore
import SweepHTMLReport
import SweepPlanning
import SweepReporting
import TouchEngine

/// report.html redrawn from an output directory on disk (`sweep report`): the inputs read back from the report
/// files, the duration an earlier page kept, and the page written in place of the old one.
public enum ReportDirectory {
    /// A one-sentence problem with an output directory's files (exit status 2).
    public struct InputError: Error, CustomStringConvertible { public let description: String }

    /// Reads what the page needs from `directory`: config.yaml (checked against plan.yaml), summary.csv,
    /// effects.csv, examples.csv, residuals.csv, causes.csv, minimal/index.csv and the scenario files it names when present, and the
    /// duration kept in an earlier report.html.
    public static func inputs(directory: String) throws -> ReportInputs {
        func read(_ name: String) throws -> String {
            let path = directory + "/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw InputError(
                    description: FileManager.default.fileExists(atPath: path)
                        ? "cannot read \(path) as UTF-8 text"
                        : "\(path) is missing; is \(directory) the output directory of a sweep (run it again to write every report)?")
            }
            return text
        }
        let configPath = directory + "/config.yaml"
        let config: SweepConfig
        do { config = try SweepConfigLoader.load(yaml: try read("config.yaml"), path: configPath) } catch let error as InputError { throw error } catch {
            throw InputError(description: "\(error)")
        }
        let plan = SweepPlan(config)
        guard try read("plan.yaml").contains("configHash: \"\(plan.configHash)\"") else {
            throw InputError(description: "\(directory)/plan.yaml does not match \(configPath) (config hash \(plan.configHash)); was the directory edited?")
        }
        var minimalIndex: String?
        var scenarios: [String: String] = [:]
        if FileManager.default.fileExists(atPath: directory + "/minimal/index.csv") {
            let index = try read("minimal/index.csv")
            minimalIndex = index
            let table: CSVReader.Table
            do { table = try CSVReader.parse(index, name: "minimal/index.csv") } catch { throw error }
            for record in table.records {
                guard let file = record["file"], !file.isEmpty, !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else { continue }
                let relative = file.contains("/") ? file : "minimal/" + file
                if let text = try? String(contentsOfFile: directory + "/" + relative, encoding: .utf8) { scenarios[file] = text }
            }
        }
        return ReportInputs(
            plan: plan, summaryCSV: try read("summary.csv"), effectsCSV: try read("effects.csv"),
            examplesCSV: try read("examples.csv"), residualsCSV: try read("residuals.csv"),
            causesCSV: try read("causes.csv"), minimalIndexCSV: minimalIndex, minimalScenarios: scenarios,
            engineVersion: EngineVersion.current, durationSeconds: previousDuration(directory: directory),
            byScreenCSV: FileManager.default.fileExists(atPath: directory + "/by_screen.csv") ? try read("by_screen.csv") : "",
            modelBandsCSV: FileManager.default.fileExists(atPath: directory + "/model_bands.csv") ? try read("model_bands.csv") : "")
    }

    /// The duration an earlier report.html of `directory` kept in its `<meta>`, if any.
    public static func previousDuration(directory: String) -> Double? {
        guard let html = try? String(contentsOfFile: directory + "/report.html", encoding: .utf8),
            let start = html.range(of: "<meta name=\"\(HTMLReport.durationMetaName)\" content=\"")
        else { return nil }
        return Double(html[start.upperBound...].prefix { $0 != "\"" })
    }

    /// Writes `page` as `directory/report.html` (``OutputFile``): a temporary file in the same directory, fsync'd,
    /// then renamed over the old page, so a reader sees the old page or the new one. A report.html that is not a
    /// regular file (a FIFO, a link to a device) is refused and left as it is.
    /// - Throws: `OutputFileError`, one sentence naming the file.
    public static func write(_ page: String, directory: String) throws(OutputFileError) {
        try OutputFile.write(page, to: directory + "/report.html")
    }
}
