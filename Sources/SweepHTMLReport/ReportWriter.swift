import SweepCore
import SweepPlanning
import SweepReporting
import SweepShrinker
import TouchEngine

/// A finished sweep's report directory: the CSV and YAML files (`Reports.files`), the minimal repros of its worst
/// examples (`minimal/`, ``MinimalRepros``) and report.html drawn from them, written in one directory swap
/// (``OutputDirectory``). Every command that ends a sweep (`sweep run`, `submit`, `merge`) writes through it.
public enum ReportWriter {
    /// report.html could not be drawn; nothing was written.
    public struct PageError: Error, CustomStringConvertible {
        public var underlying: any Error
        public var description: String { "cannot draw report.html: \(underlying)" }
    }

    /// Every file of the report directory, report.html last. `durationSeconds` (the sweep's wall-clock time, when the
    /// caller measured it) is the only thing on the page that is not in the other files. With `excel` every CSV file
    /// starts with a UTF-8 byte order mark (`--excel`) and is otherwise the same bytes.
    /// The steps of ``files(plan:tallies:configText:outputDirectory:durationSeconds:excel:step:)`` and ``write``: one per
    /// report file, then the minimal repros, report.html, and (``write`` only) writing the directory.
    public static let laterSteps = ["minimal repros", "report.html"]
    public static let writingStep = "the directory swap"

    /// `step` is called before each step with its name, its index and the number of steps (`forWriting`: counting the
    /// directory swap that ``write`` adds).
    public static func files(
        plan: SweepPlan, tallies: SweepTallies, configText: String, outputDirectory: String,
        durationSeconds: Double? = nil, excel: Bool = false, forWriting: Bool = false,
        step: (_ name: String, _ index: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws(PageError) -> [(name: String, contents: String)] {
        let builders = Reports.builders(plan: plan, tallies: tallies, configText: configText, outputDirectory: outputDirectory)
        let total = builders.count + laterSteps.count + (forWriting ? 1 : 0)
        var files: [(name: String, contents: String)] = []
        for (i, builder) in builders.enumerated() {
            step(builder.name, i, total)
            files.append((builder.name, builder.make()))
        }
        step(laterSteps[0], builders.count, total)
        files += MinimalRepros.files(plan: plan, tallies: tallies)
        step(laterSteps[1], builders.count + 1, total)
        // The sweep's own minimal repros are linked from the page, with their timelines: index.csv's `file` column
        // names them relative to the directory.
        let minimalIndex = files.first { $0.name == "minimal/index.csv" }?.contents
        var minimalScenarios: [String: String] = [:]
        for file in files where file.name.hasPrefix("minimal/") && file.name.hasSuffix(".yaml") { minimalScenarios[file.name] = file.contents }
        do {
            files.append(
                (
                    "report.html",
                    try page(
                        plan: plan, files: files, durationSeconds: durationSeconds,
                        minimalIndexCSV: minimalIndex, minimalScenarios: minimalScenarios)
                ))
        } catch {
            throw PageError(underlying: error)
        }
        return excel ? Reports.withByteOrderMarks(files) : files
    }

    /// The page for report files about to be written. `sweep shrink`'s minimal repros, when a sweep has them in
    /// memory, go in as minimal/index.csv's text and the scenario texts keyed by its `file` column; without them the
    /// page gives each example's replay command (`sweep report` redraws it later).
    public static func page(
        plan: SweepPlan, files: [(name: String, contents: String)], durationSeconds: Double?,
        minimalIndexCSV: String? = nil, minimalScenarios: [String: String] = [:]
    ) throws -> String {
        func text(_ name: String) -> String { files.first { $0.name == name }?.contents ?? "" }
        return try HTMLReport.render(
            ReportInputs(
                plan: plan, summaryCSV: text("summary.csv"), effectsCSV: text("effects.csv"),
                examplesCSV: text("examples.csv"), residualsCSV: text("residuals.csv"),
                causesCSV: text("causes.csv"),
                minimalIndexCSV: minimalIndexCSV,
                minimalScenarios: minimalScenarios, engineVersion: EngineVersion.current,
                durationSeconds: durationSeconds, byScreenCSV: text("by_screen.csv"), modelBandsCSV: text("model_bands.csv")))
    }

    /// Writes ``files(plan:tallies:configText:outputDirectory:durationSeconds:excel:)`` into `directory`, replacing it
    /// as a whole (files named in `keeping` move over from the old directory). `claim` is the hold the command took on
    /// the directory when it started; `swap` the swap's options (tests use its hooks).
    public static func write(
        plan: SweepPlan, tallies: SweepTallies, configText: String, to directory: String, keeping: [String] = [],
        claim: OutputClaim? = nil, durationSeconds: Double? = nil, excel: Bool = false,
        swap: OutputDirectory.SwapOptions = OutputDirectory.SwapOptions(),
        step: (_ name: String, _ index: Int, _ total: Int) -> Void = { _, _, _ in }
    ) throws {
        var total = 0
        let files = try files(
            plan: plan, tallies: tallies, configText: configText, outputDirectory: directory,
            durationSeconds: durationSeconds, excel: excel, forWriting: true
        ) { name, index, steps in
            total = steps
            step(name, index, steps)
        }
        step(writingStep, total - 1, total)
        try OutputDirectory.write(files: files, to: directory, keeping: keeping, claim: claim, options: swap)
    }
}
