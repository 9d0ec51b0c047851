import ArgumentParser
import SweepHTMLReport
import SweepReportWriter
import SweepReporting

extension SweepCommand {
    /// `sweep report OUTPUT_DIR`: (re)draws report.html from a finished sweep's files.
    struct Report: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write report.html for a sweep's output directory and print its path.",
            discussion: """
                Draws one self-contained page (no network access: inline CSS and SVG) from the directory's \
                summary.csv, effects.csv, examples.csv, residuals.csv, plan.yaml and config.yaml, with minimal/index.csv \
                and its scenario files when `sweep shrink` wrote them: heatmaps of each defect rate over pairs of axes, \
                per-axis effect charts, the worst configurations with their repros and trace timelines, what remains \
                where every documented seed fix is applied, and the run's metadata (docs/reports.md). `sweep run`, `submit` and `merge` write it too.
                """
        )

        @Argument(help: "The output directory of a sweep.")
        var outputDirectory: String

        func run() throws {
            let page: String
            do {
                page = try HTMLReport.render(try ReportDirectory.inputs(directory: outputDirectory))
            } catch let error as CSVReader.Failure {
                // The sentence starts with the file's name within the directory (e.g. summary.csv).
                printError("sweep report: \(outputDirectory)/\(error)")
                throw ExitStatus.badInput
            } catch {
                printError("sweep report: \(error)")
                throw ExitStatus.badInput
            }
            do { try ReportDirectory.write(page, directory: outputDirectory) } catch {
                printError("sweep report: \(error)")
                throw error.refused ? ExitStatus.badInput : ExitStatus.failed
            }
            print(outputDirectory + "/report.html")
        }
    }
}
