import Foundation
import ScenarioKit
import SweepHTMLReport
import SweepShrinker
import TestSupport
import Testing
import TouchEngine

/// The worst-configuration tables link an example to its minimal repro when `sweep shrink` left
/// minimal/index.csv, and show that scenario's timeline; without an index they give the replay command.
@Suite struct MinimalReproTests {
    static let indexColumns =
        "example_id,config_id,defect,cause,views_before,views_after,recognizers_before,recognizers_after,"
        + "samples_before,samples_after,duration_ms_before,duration_ms_after,file\r\n"

    /// The first example the page shows (the first worst-configurations table's first ranked configuration that has
    /// one).
    static func shownExample(_ page: String) throws -> String {
        let table = try #require(page.components(separatedBy: "<table class=\"worst\" data-defect=\"").dropFirst().first)
        let part = try #require(table.components(separatedBy: "<div class=\"example\" data-example=\"").dropFirst().first)
        return String(part.prefix { $0 != "\"" })
    }

    /// The class of the first worst-configurations table, under which `shownExample` is shown.
    static func shownUnder(_ page: String) throws -> String {
        let table = try #require(page.components(separatedBy: "<table class=\"worst\" data-defect=\"").dropFirst().first)
        return String(table.prefix { $0 != "\"" })
    }

    @Test func anExampleWithAMinimalReproLinksToItAndShowsItsTimeline() throws {
        let f = try ReportFixture()
        let plain = try f.page()
        let id = try Self.shownExample(plain)
        let defect = try Self.shownUnder(plain)
        // Any valid scenario file stands in for the shrunk one: a golden case.
        let yaml = try String(
            contentsOfFile: Repository.path + "/configs/scenarios/golden/BUG-01a-dismiss-tap-kills-quick-tap.yaml",
            encoding: .utf8)
        let index = Self.indexColumns + "\(id),c0001,\(defect),cause,12,3,5,1,9,4,300,120,\(id).yaml\r\n"
        let page = try HTMLReport.render(try f.inputs(minimalIndex: index, minimalScenarios: ["\(id).yaml": yaml]))
        let links = Marks.elements(page, tag: "a", className: "repro")
        #expect(links.map { $0["href"]! } == ["minimal/\(id).yaml"])
        #expect(page.contains("(views 12 → 3, recognizers 5 → 1)"))
        let scene = try ScenarioLoader.load(yaml: yaml, path: "minimal/\(id).yaml").scene
        let timeline = TraceText.render(scene: scene, trace: Engine.trace(scene))
        let part = try #require(page.components(separatedBy: "<summary>trace timeline (minimal/\(id).yaml)</summary>").dropFirst().first)
        #expect(part.contains("</svg><pre>" + escape(timeline) + "</pre>"))
        // The drawing has one dot per event of that trace.
        let svg = part.components(separatedBy: "</svg>")[0]
        #expect(svg.components(separatedBy: "<circle ").count - 1 == Engine.trace(scene).count)
    }

    /// A run that shows two classes has a minimal repro for each (shrunk to keep that class): the example under one
    /// class links and draws that class's repro, never the other's, whatever order minimal/index.csv lists them in.
    @Test func anExampleLinksTheMinimalReproOfTheClassItIsShownUnder() throws {
        let f = try ReportFixture()
        let plain = try f.page()
        let id = try Self.shownExample(plain)
        let shownUnder = try Self.shownUnder(plain)
        let other = shownUnder == "ghost_tap" ? "swallowed_scroll" : "ghost_tap"
        let own = try String(
            contentsOfFile: Repository.path + "/configs/scenarios/golden/BUG-01a-dismiss-tap-kills-quick-tap.yaml", encoding: .utf8)
        let wrong = try String(
            contentsOfFile: Repository.path + "/configs/scenarios/golden/SV-01-quick-tap-button.yaml", encoding: .utf8)
        let index =
            Self.indexColumns + "\(id),c0001,\(shownUnder),cause,12,3,5,1,9,4,300,120,minimal/\(id).\(shownUnder).yaml\r\n"
            + "\(id),c0001,\(other),cause,12,2,5,0,9,2,300,1,minimal/\(id).\(other).yaml\r\n"
        let page = try HTMLReport.render(
            try f.inputs(
                minimalIndex: index,
                minimalScenarios: ["minimal/\(id).\(shownUnder).yaml": own, "minimal/\(id).\(other).yaml": wrong]))
        let example = try #require(
            page.components(separatedBy: "<div class=\"example\" data-example=\"\(id)\" data-defect=\"\(shownUnder)\">").dropFirst().first)
        let shown = example.components(separatedBy: "</details>")[0]
        #expect(shown.contains("href=\"minimal/\(id).\(shownUnder).yaml\""), "\(shown)")
        #expect(!shown.contains("\(id).\(other).yaml"))
        #expect(shown.contains("(views 12 → 3, recognizers 5 → 1)"))
        #expect(shown.contains("<summary>trace timeline (minimal/\(id).\(shownUnder).yaml)</summary>"))
    }

    @Test func withoutAnIndexTheExampleGivesItsReplayCommandAndReplayedTimeline() throws {
        let f = try ReportFixture()
        let page = try f.page()
        let id = try Self.shownExample(page)
        #expect(Marks.elements(page, tag: "a", className: "repro").isEmpty)
        #expect(page.contains("replay: <code>sweep trace --replay out/html-tiny \(id)</code>"))
        #expect(page.contains("<summary>trace timeline (replayed example \(id))</summary><svg class=\"timeline\""))
        #expect(page.contains("</svg><pre>== \(id): "))
    }

    func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
