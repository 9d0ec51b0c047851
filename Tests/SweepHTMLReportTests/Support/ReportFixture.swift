import Foundation
import SweepCore
import SweepHTMLReport
import SweepPlanning
import SweepReporting
import TestSupport

/// A small real sweep run in process, its report files and its report.html, shared by the page's tests.
struct ReportFixture {
    static let config = TinySweep(
        name: "html-tiny", seed: 8, axes: TinySweep.twoSwitches + [("contentTouchDelay", "[0, 150, 300]")],
        perConfiguration: 4, templates: "{feed: 1, form: 1, drawer: 2}"
    ).yaml

    let plan: SweepPlan
    let tallies: SweepTallies
    let files: [String: String]

    init() throws {
        plan = SweepPlan(try SweepConfigLoader.load(yaml: Self.config, path: "html-tiny.yaml"))
        tallies = ParallelSweep.run(plan, threads: 2)
        files = Dictionary(
            uniqueKeysWithValues: Reports.files(
                plan: plan, tallies: tallies, configText: Self.config,
                outputDirectory: "out/html-tiny"
            ).map { ($0.name, $0.contents) })
    }

    func inputs(minimalIndex: String? = nil, minimalScenarios: [String: String] = [:], duration: Double? = 1.5) throws -> ReportInputs {
        ReportInputs(
            plan: plan, summaryCSV: try file("summary.csv"), effectsCSV: try file("effects.csv"),
            examplesCSV: try file("examples.csv"), residualsCSV: try file("residuals.csv"),
            causesCSV: try file("causes.csv"), minimalIndexCSV: minimalIndex, minimalScenarios: minimalScenarios,
            engineVersion: "test-engine", durationSeconds: duration, modelBandsCSV: try file("model_bands.csv"))
    }

    func page() throws -> String { try HTMLReport.render(try inputs()) }

    /// The page of configs/quickstart.yaml's sweep, run in process (the README's first sweep).
    static func quickstartPage() throws -> String {
        let text = try Repository.text("configs/quickstart.yaml")
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: text, path: "configs/quickstart.yaml"))
        let tallies = ParallelSweep.run(plan, threads: 2)
        let files = Dictionary(
            uniqueKeysWithValues: Reports.files(
                plan: plan, tallies: tallies, configText: text,
                outputDirectory: "out/quickstart"
            ).map { ($0.name, $0.contents) })
        return try HTMLReport.render(
            ReportInputs(
                plan: plan, summaryCSV: try file("summary.csv", in: files),
                effectsCSV: try file("effects.csv", in: files),
                examplesCSV: try file("examples.csv", in: files),
                residualsCSV: try file("residuals.csv", in: files),
                causesCSV: try file("causes.csv", in: files), engineVersion: "test", durationSeconds: nil,
                modelBandsCSV: try file("model_bands.csv", in: files)))
    }

    /// The report file `name` of the run; an error naming it when the run did not write it.
    func file(_ name: String) throws -> String {
        try Self.file(name, in: files)
    }

    static func file(_ name: String, in files: [String: String]) throws -> String {
        guard let text = files[name] else { throw MissingReportFile(name: name, written: files.keys.sorted()) }
        return text
    }

    /// The CSV file's records.
    func records(_ name: String) throws -> [CSVReader.Record] { try CSVReader.parse(try file(name), name: name).records }
}

/// A report file the in-process run did not write.
struct MissingReportFile: Error, CustomStringConvertible {
    var name: String
    var written: [String]
    var description: String { "the sweep wrote no \(name) (it wrote: \(written.joined(separator: ", ")))" }
}

/// The SVG and HTML elements of a page, read back with their attributes (the page is generated, so a small
/// scanner over `<tag a="…" …>` is enough).
enum Marks {
    /// Every start tag `<tag` carrying `class="className"`, as attribute dictionaries, in page order.
    static func elements(_ html: String, tag: String, className: String) -> [[String: String]] {
        var found: [[String: String]] = []
        var rest = html[...]
        while let start = rest.range(of: "<" + tag + " ") {
            let end = rest[start.upperBound...].firstIndex(of: ">")!
            let attributes = parse(String(rest[start.upperBound ..< end]))
            if attributes["class"] == className { found.append(attributes) }
            rest = rest[end...]
        }
        return found
    }

    static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text[...]
        while let eq = rest.range(of: "=\"") {
            let name = rest[..<eq.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            let close = rest[eq.upperBound...].firstIndex(of: "\"")!
            result[name] = unescape(String(rest[eq.upperBound ..< close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
