import Foundation
import SweepCore
import SweepHTMLReport
import SweepPlanning
import SweepReporting
import TestSupport
import Testing

/// report.html of a small real sweep: every mark carries the numbers of the CSV files, the page needs no
/// network, the selectors offer every pair, the worst-configuration tables follow the terminal's ranking.
@Suite struct HTMLReportTests {
    @Test func everyHeatmapCellCarriesThePooledNumbersOfSummaryCSV() throws {
        let f = try ReportFixture()
        let cells = Marks.elements(try f.page(), tag: "rect", className: "cell")
        let summary = try f.records("summary.csv")
        #expect(!cells.isEmpty)
        for cell in cells {
            let defect = cell["data-defect"]!
            let rows = summary.filter { $0[cell["data-axis"]!] == cell["data-level"] && $0[cell["data-axis2"]!] == cell["data-level2"] }
            let attempts = rows.reduce(0) { $0 + Int($1[defect + "_attempts"]!)! }
            let count = rows.reduce(0) { $0 + Int($1[defect + "_count"]!)! }
            #expect(cell["data-attempts"] == String(attempts) && cell["data-count"] == String(count), "\(cell)")
            #expect(cell["data-rate"] == (attempts > 0 ? ReportNumber.fixed(Double(count) / Double(attempts), digits: 4) : ""), "\(cell)")
        }
        // Every pair of the three axes, for every defect that applied: 2×2 + 2×3 + 2×3 cells each.
        let active = Set(summary.flatMap { r in DefectClass.allCases.map(\.name).filter { Int(r[$0 + "_attempts"]!)! > 0 } })
        #expect(cells.count == active.count * (4 + 6 + 6))
    }

    @Test func everyEffectBarIsALevelRowOfEffectsCSV() throws {
        let f = try ReportFixture()
        let bars = Marks.elements(try f.page(), tag: "rect", className: "bar")
        let levels = try f.records("effects.csv").filter { $0["kind"] == "level" && Int($0["attempts"]!)! > 0 }
        let drawn = bars.map {
            [
                $0["data-defect"]!, $0["data-axis"]!, $0["data-level"]!,
                $0["data-attempts"]!, $0["data-count"]!, $0["data-rate"]!, $0["data-low"]!, $0["data-high"]!
            ]
        }
        let expected = levels.map {
            [
                $0["defect"]!, $0["axis"]!, $0["level"]!, $0["attempts"]!, $0["count"]!, $0["rate"]!,
                $0["tree_ci95_low"]!, $0["tree_ci95_high"]!
            ]
        }
        #expect(Set(drawn.map { $0.joined(separator: ",") }) == Set(expected.map { $0.joined(separator: ",") }))
        #expect(drawn.count == expected.count)
    }

    @Test func thePageNeedsNoNetwork() throws {
        let page = try ReportFixture().page()
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
        #expect(!page.contains("url(") && !page.contains("@import"))
        for link in Marks.elements(page, tag: "a", className: "repro") { #expect(!link["href"]!.contains(":")) }
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.components(separatedBy: "<svg").count - 1 == page.components(separatedBy: "</svg>").count - 1)
    }

    @Test func eachSelectorOffersEveryPairAndShowsTheTwoStrongestAxes() throws {
        let f = try ReportFixture()
        let page = try f.page()
        let selects = Marks.elements(page, tag: "select", className: "pairs")
        let effects = try f.records("effects.csv")
        #expect(!selects.isEmpty)
        for select in selects {
            let defect = select["data-defect"]!
            let figures = Marks.elements(page, tag: "div", className: "pair").filter { $0["data-pair-of"] == defect }
            let pairs = figures.map { Set($0["data-pair"]!.components(separatedBy: " × ")) }
            #expect(
                Set(pairs) == [
                    ["scrollViews.delaysContentTouches", "dismissTap.cancelsTouchesInView"],
                    ["scrollViews.delaysContentTouches", "contentTouchDelay"],
                    ["dismissTap.cancelsTouchesInView", "contentTouchDelay"]
                ], "\(defect)")
            let mains = effects.filter { $0["defect"] == defect && $0["kind"] == "main" }
            let strongest = mains.enumerated().sorted { a, b in
                let x = Double(a.element["effect"]!) ?? -1, y = Double(b.element["effect"]!) ?? -1
                return x != y ? x > y : a.offset < b.offset
            }.prefix(2).map { $0.element["axis"]! }
            // `hidden` is a bare attribute: the visible figure's start tag ends right after its data-pair.
            let visible = figures.filter { page.contains("data-pair-of=\"\(defect)\" data-pair=\"\($0["data-pair"]!)\">") }
            #expect(visible.map { $0["data-pair"]! } == [strongest.joined(separator: " × ")], "\(defect)")
            #expect(page.components(separatedBy: "<option value=").count - 1 >= figures.count)
        }
    }

    /// The rows follow the terminal's ranking; a row of tied configurations stands where its first is ranked,
    /// and nothing ranked above the last row shown is left out.
    @Test func theWorstConfigurationsFollowTheTerminalRanking() throws {
        let f = try ReportFixture()
        let page = try f.page()
        // Every class the fixture counts (its trees need not show every class).
        let counted = DefectClass.allCases.filter { d in f.tallies.configurations.contains { $0.total.count(d) > 0 } }
        #expect(counted.count >= 2)
        for defect in counted {
            let rows = f.plan.configurations.indices.map { c -> RankedSummary.Row in
                let t = f.tallies.configurations[c].total
                return RankedSummary.Row(
                    configID: f.plan.configurations[c].id, label: "",
                    rate: t.attempts(defect) > 0 ? Double(t.count(defect)) / Double(t.attempts(defect)) : .nan,
                    low: 0, high: 0, count: t.count(defect), attempts: t.attempts(defect))
            }
            let ranking = RankedSummary.ranked(rows, top: rows.count).filter { $0.count > 0 }
            let rate = Dictionary(uniqueKeysWithValues: ranking.map { ($0.configID, $0.rate) })
            #expect(!ranking.isEmpty)
            let table = try #require(page.components(separatedBy: "<table class=\"worst\" data-defect=\"\(defect.name)\">").dropFirst().first)
            let shown = Marks.elements(table.components(separatedBy: "</table>")[0], tag: "tr", className: "ranked")
            #expect((1 ... 5).contains(shown.count), "\(defect.name)")
            let firsts = shown.map { $0["data-config"]! }
            #expect(firsts.first == ranking.first?.configID, "\(defect.name): the terminal's first is the first row")
            #expect(zip(firsts, firsts.dropFirst()).allSatisfy { rate[$0]! >= rate[$1]! }, "\(defect.name): \(firsts)")
            let drawn = Marks.parseRows(table.components(separatedBy: "</table>")[0])
            let last = rate[firsts.last!]!
            #expect(Set(ranking.filter { $0.rate > last }.map(\.configID)).isSubset(of: Set(drawn)), "\(defect.name)")
            #expect(TerminalSummary.render(plan: f.plan, tallies: f.tallies).contains(ranking[0].configID))
        }
    }

    @Test func theMetadataNamesTheHashTheEngineTheScenariosAndTheDuration() throws {
        let f = try ReportFixture()
        let meta = Dictionary(uniqueKeysWithValues: try Marks.metadata(f.page()))
        #expect(meta["config hash"] == f.plan.configHash)
        #expect(meta["engine version"] == "test-engine")
        #expect(meta["scenarios"] == String(f.tallies.runs))
        #expect(meta["duration"] == "1.50 s")
        let unknown = Dictionary(uniqueKeysWithValues: Marks.metadata(try HTMLReport.render(try f.inputs(duration: nil))))
        #expect(unknown["duration"] == "unknown")
        #expect(try f.page() == f.page(), "the same files give the same page")
    }

    @Test func aMalformedFileIsOneSentenceNamingIt() throws {
        let f = try ReportFixture()
        var inputs = try f.inputs()
        inputs.effectsCSV = "defect,kind\r\n\"unclosed\r\n"
        #expect(throws: CSVReader.Failure(description: "effects.csv is not valid CSV: a quoted field is not closed.")) {
            try HTMLReport.render(inputs)
        }
    }
}

extension Marks {
    /// The configurations of each ranked row of a worst-configurations table (a row of tied ones gives each), in order.
    static func parseRows(_ table: String) -> [String] {
        Marks.elements(table, tag: "tr", className: "ranked").flatMap { $0["data-configs"]!.split(separator: " ").map(String.init) }
    }

    /// The metadata table: (name, value).
    static func metadata(_ page: String) -> [(String, String)] {
        page.components(separatedBy: "<td data-meta=\"").dropFirst().map { part in
            let name = String(part.prefix { $0 != "\"" })
            let value = part.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
            return (name, String(value))
        }
    }
}

/// A sweep whose two strongest axes are zipped (they always change together): the heatmap opens on a pair
/// that varies independently.
@Suite struct ZippedAxesHeatmapTests {
    @Test func theDefaultPairPassesOverZippedAxes() throws {
        let config = TinySweep(
            name: "html-zip", seed: 3,
            axes: [
                ("overlay.passThrough", "[false, true]"), ("overlay.panMoved", "[false, true]"),
                ("dismissTap.cancelsTouchesInView", "[true, false]")
            ],
            zip: ["[overlay.passThrough, overlay.panMoved]"], perConfiguration: 4, templates: "{drawer: 1, form: 1}",
            examples: 1
        ).yaml
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: config, path: "html-zip.yaml"))
        let tallies = ParallelSweep.run(plan, threads: 2)
        let files = Dictionary(
            uniqueKeysWithValues: Reports.files(
                plan: plan, tallies: tallies, configText: config,
                outputDirectory: "out"
            ).map { ($0.name, $0.contents) })
        let page = try HTMLReport.render(
            ReportInputs(
                plan: plan, summaryCSV: try ReportFixture.file("summary.csv", in: files),
                effectsCSV: try ReportFixture.file("effects.csv", in: files),
                examplesCSV: try ReportFixture.file("examples.csv", in: files),
                engineVersion: "test", durationSeconds: nil))
        let selects = Marks.elements(page, tag: "select", className: "pairs")
        #expect(!selects.isEmpty)
        for select in selects {
            let defect = select["data-defect"]!
            let visible = Marks.elements(page, tag: "div", className: "pair").filter {
                $0["data-pair-of"] == defect && page.contains("data-pair-of=\"\(defect)\" data-pair=\"\($0["data-pair"]!)\">")
            }
            #expect(visible.count == 1)
            let axes = Set(visible.first?["data-pair"]?.components(separatedBy: " × ") ?? [])
            #expect(axes != ["overlay.passThrough", "overlay.panMoved"], "\(defect) opens on the zipped pair")
            #expect(axes.contains("dismissTap.cancelsTouchesInView"), "\(defect)")
        }
    }
}

/// The page's "Residual after the fix" section: residuals.csv's rows, and the configurations they come from.
@Suite struct ResidualsHTMLTests {
    @Test func theSectionListsResidualsCSVRowByRowWithTheirConfigurations() throws {
        let f = try ReportFixture()
        let page = try f.page()
        #expect(page.contains("<a href=\"#residuals\">Residual after the fix</a>"))
        let rows = Marks.elements(page, tag: "tr", className: "residual")
        let csv = try f.records("residuals.csv")
        #expect(!csv.isEmpty, "the fixture's fixed configurations keep some defects")
        #expect(
            rows.map { [$0["data-defect"]!, $0["data-cause"]!, $0["data-rule"]!, $0["data-count"]!, $0["data-attempts"]!] }
                == csv.map { [$0["defect"]!, $0["cause_kind"]!, $0["rule"]!, $0["count"]!, $0["attempts"]!] })
        // The fixture varies two seed-fix axes: delaysContentTouches = false and cancelsTouchesInView = false, with
        // every contentTouchDelay.
        let fixed = f.plan.everyFix.configurations.map { f.plan.configurations[$0].id }
        #expect(fixed.count == 3)
        #expect(page.contains("<span class=\"fixed-configurations\">" + fixed.joined(separator: " ") + "</span>"))
        #expect(page.contains("scrollViews.delaysContentTouches=false, dismissTap.cancelsTouchesInView=false"))
        // Each row's example comes with the replay command examples.csv uses.
        for r in csv { #expect(page.contains("sweep trace --replay out/html-tiny " + r["example_id"]!), "\(r)") }
    }

    @Test func withoutASeedFixAxisTheSectionSaysSo() throws {
        let config = """
            name: html-nofix
            seed: 3
            axes:
              contentTouchDelay: [0, 150]
            trees:
              perConfiguration: 2
              templates: {feed: 1}
            gestures:
              placements: 1
            """
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: config, path: "html-nofix.yaml"))
        let tallies = ParallelSweep.run(plan, threads: 1)
        let files = Dictionary(
            uniqueKeysWithValues: Reports.files(
                plan: plan, tallies: tallies, configText: config,
                outputDirectory: "out"
            ).map { ($0.name, $0.contents) })
        #expect(files["residuals.csv"] == "defect,cause_kind,rule,count,attempts,rate,configurations,example_id\r\n")
        let page = try HTMLReport.render(
            ReportInputs(
                plan: plan, summaryCSV: try ReportFixture.file("summary.csv", in: files),
                effectsCSV: try ReportFixture.file("effects.csv", in: files),
                examplesCSV: try ReportFixture.file("examples.csv", in: files),
                residualsCSV: try ReportFixture.file("residuals.csv", in: files),
                engineVersion: "test", durationSeconds: nil))
        #expect(page.contains("<p class=\"no-fix\">The config names no axis with a seed fix"))
    }

    /// `sweep report` redraws a page from the duration its meta stores (3 decimals): the figure shown must be the
    /// same as on the page it redraws, also where rounding the raw value to 2 decimals differs from rounding its
    /// 3-decimal form.
    @Test func aPageRedrawnFromItsStoredDurationShowsTheSameDuration() throws {
        let fixture = try ReportFixture()
        let original = try HTMLReport.render(try fixture.inputs(duration: 1.23496))
        let meta = try #require(original.range(of: "<meta name=\"touchsweep-duration-seconds\" content=\""))
        let stored = String(original[meta.upperBound...].prefix { $0 != "\"" })
        #expect(stored == "1.235")
        let redrawn = try HTMLReport.render(try fixture.inputs(duration: Double(stored)))
        #expect(redrawn == original)
        #expect(original.contains("<td data-meta=\"duration\">1.24 s</td>") || original.contains("<td data-meta=\"duration\">1.23 s</td>"))
    }
}
