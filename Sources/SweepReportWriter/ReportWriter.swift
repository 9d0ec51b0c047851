import Dispatch
import SweepCore
import SweepHTMLReport
import SweepPlanning
import SweepReporting
import SweepShrinker
import Synchronization
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

    /// A report step's start or end, as ``files(plan:tallies:configText:outputDirectory:durationSeconds:excel:forWriting:step:)``
    /// reports it: the steps run in parallel, so starts and ends interleave and come from any thread. `index` counts
    /// the steps started (0-based, in the order they started); `total` is the number of steps.
    public struct Step: Sendable {
        public var name: String
        public var finished: Bool
        public var index: Int
        public var total: Int
    }

    /// The steps after the report files, and the directory swap that ``write`` adds.
    public static let laterSteps = ["minimal repros", "report.html"]
    public static let writingStep = "the directory swap"

    /// Every file of the report directory, report.html last. `durationSeconds` (the sweep's wall-clock time, when the
    /// caller measured it) is the only thing on the page that is not in the other files. With `excel` every CSV file
    /// starts with a UTF-8 byte order mark (`--excel`) and is otherwise the same bytes.
    ///
    /// The files are independent but for the page, which is drawn from summary, effects, examples, residuals, causes,
    /// by_screen and model_bands and from the minimal repros: every file and the repros are made on every core, then the
    /// page (its sections on every core too). The bytes do not depend on the order. `step` is called as each step
    /// starts and ends (``Step``).
    public static func files(
        plan: SweepPlan, tallies: SweepTallies, configText: String, outputDirectory: String,
        durationSeconds: Double? = nil, excel: Bool = false, forWriting: Bool = false,
        step: @escaping @Sendable (Step) -> Void = { _ in }
    ) throws(PageError) -> [(name: String, contents: String)] {
        try made(
            plan: plan, tallies: tallies, configText: configText, outputDirectory: outputDirectory,
            durationSeconds: durationSeconds, excel: excel, forWriting: forWriting, step: step
        ).files
    }

    /// ``files(plan:tallies:configText:outputDirectory:durationSeconds:excel:forWriting:step:)`` and the number of
    /// steps it counted (with the directory swap when `forWriting`).
    static func made(
        plan: SweepPlan, tallies: SweepTallies, configText: String, outputDirectory: String,
        durationSeconds: Double?, excel: Bool, forWriting: Bool, step: @escaping @Sendable (Step) -> Void
    ) throws(PageError) -> (files: [(name: String, contents: String)], steps: Int) {
        let builders = Reports.builders(plan: plan, tallies: tallies, configText: configText, outputDirectory: outputDirectory)
        let total = builders.count + laterSteps.count + (forWriting ? 1 : 0)
        let started = Mutex(0)
        @Sendable func begin(_ name: String) -> Int {
            let index = started.withLock { n in
                defer { n += 1 }
                return n
            }
            step(Step(name: name, finished: false, index: index, total: total))
            return index
        }
        @Sendable func end(_ name: String, _ index: Int) { step(Step(name: name, finished: true, index: index, total: total)) }
        @Sendable func timed<T>(_ name: String, _ make: () throws -> T) rethrows -> T {
            let index = begin(name)
            defer { end(name, index) }
            return try make()
        }
        // One level of parallel steps (Dispatch runs an apply nested in another with the cores divided between them,
        // on a small machine one core): examples.csv's replays in chunks, then the repros, then every other file, so that
        // no long step starts last; examples.csv is joined from its chunks; then the page, drawn from them all. The
        // examples.csv step lasts from its first chunk to the joined file.
        let examples =
            builders.contains { $0.name == "examples.csv" } ? ExamplesReport(plan: plan, tallies: tallies, outputDirectory: outputDirectory) : nil
        let chunks = examples?.chunkCount ?? 0
        let rest = builders.filter { $0.name != "examples.csv" }
        let examplesStep = examples.map { _ in begin("examples.csv") }
        enum Made: Sendable {
            case chunk([[String]])
            case files([(name: String, contents: String)])
        }
        let steps = ParallelMap.map(chunks + 1 + rest.count) { i -> Made in
            if i < chunks, let examples { return .chunk(examples.replay(chunk: i)) }
            if i == chunks { return .files(timed(laterSteps[0]) { MinimalRepros.files(plan: plan, tallies: tallies) }) }
            let builder = rest[i - chunks - 1]
            return .files([(builder.name, timed(builder.name, builder.make))])
        }
        var made: [(name: String, contents: String)] = []
        var replayed: [[[String]]] = []
        for result in steps {
            switch result {
            case let .chunk(rows): replayed.append(rows)
            case let .files(files): made += files
            }
        }
        if let examples, let examplesStep {
            made.append(("examples.csv", examples.csv(replayed)))
            end("examples.csv", examplesStep)
        }
        let forPage = Set(pageInputs)
        let inputs = made.filter { forPage.contains($0.name) || $0.name.hasPrefix("minimal/") }
        let (minimalIndex, minimalScenarios) = minimalRepros(in: inputs)
        let html: String
        do {
            html = try timed(laterSteps[1]) {
                try page(
                    plan: plan, files: inputs, durationSeconds: durationSeconds, minimalIndexCSV: minimalIndex, minimalScenarios: minimalScenarios)
            }
        } catch {
            throw PageError(underlying: error)
        }
        // Builders' order, then the repros, then the page, as before the steps ran side by side.
        let order = Dictionary(uniqueKeysWithValues: builders.enumerated().map { ($0.element.name, $0.offset) })
        let files =
            made.filter { order[$0.name] != nil }.sorted { order[$0.name]! < order[$1.name]! }
            + made.filter { order[$0.name] == nil } + [("report.html", html)]
        return (excel ? Reports.withByteOrderMarks(files) : files, total)
    }

    /// The sweep's own minimal repros among `files`, as the page links them with their timelines: minimal/index.csv's
    /// text, and each scenario's text by its path relative to the directory (index.csv's `file` column).
    public static func minimalRepros(in files: [(name: String, contents: String)]) -> (index: String?, scenarios: [String: String]) {
        var scenarios: [String: String] = [:]
        for file in files where file.name.hasPrefix("minimal/") && file.name.hasSuffix(".yaml") { scenarios[file.name] = file.contents }
        return (files.first { $0.name == "minimal/index.csv" }?.contents, scenarios)
    }

    /// The report files the page is drawn from (``page(plan:files:durationSeconds:minimalIndexCSV:minimalScenarios:)``).
    static let pageInputs = [
        "summary.csv", "effects.csv", "examples.csv", "residuals.csv", "causes.csv", "by_screen.csv", "model_bands.csv"
    ]

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
    /// the directory when it started; `swap` the swap's options (tests use its hooks). `alongside` (a terminal summary,
    /// which reads the same tallies) is made on another core while the reports are written; its text is returned, and
    /// it is waited for whether or not the writing fails.
    @discardableResult
    public static func write(
        plan: SweepPlan, tallies: SweepTallies, configText: String, to directory: String, keeping: [String] = [],
        claim: OutputClaim? = nil, durationSeconds: Double? = nil, excel: Bool = false,
        swap: OutputDirectory.SwapOptions = OutputDirectory.SwapOptions(),
        step: @escaping @Sendable (Step) -> Void = { _ in }, alongside: (@Sendable () -> String)? = nil
    ) throws -> String? {
        let text = Mutex<String?>(nil)
        let beside = DispatchGroup()
        if let alongside {
            DispatchQueue.global().async(group: beside) {
                let made = alongside()
                text.withLock { $0 = made }
            }
        }
        defer { beside.wait() }
        let (files, total) = try made(
            plan: plan, tallies: tallies, configText: configText, outputDirectory: directory,
            durationSeconds: durationSeconds, excel: excel, forWriting: true, step: step)
        step(Step(name: writingStep, finished: false, index: total - 1, total: total))
        try OutputDirectory.write(files: files, to: directory, keeping: keeping, claim: claim, options: swap)
        step(Step(name: writingStep, finished: true, index: total - 1, total: total))
        beside.wait()
        return text.withLock { $0 }
    }
}
