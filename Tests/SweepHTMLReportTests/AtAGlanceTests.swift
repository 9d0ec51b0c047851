import Foundation
import SweepCore
import SweepReporting
import Testing

@testable import SweepHTMLReport

/// What a reader of report.html sees (issue 16 §3): a headline naming the bad value and both rates,
/// percentages, one colour scale, round distinct ticks, tied configurations as one row, and the causes.
@Suite struct AtAGlanceTests {
    /// The page's visible text: tags, the style and the script removed, entities decoded.
    static func text(_ page: String) -> String {
        var s = page
        for tag in ["style", "script"] {
            while let a = s.range(of: "<\(tag)>"), let b = s.range(of: "</\(tag)>", range: a.upperBound ..< s.endIndex) {
                s.removeSubrange(a.lowerBound ..< b.upperBound)
            }
        }
        return Marks.unescape(s.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression))
    }

    /// The headline lines, as they read.
    static func headline(_ page: String) -> [String] {
        let section = page.components(separatedBy: "<ul class=\"headline\">")[1].components(separatedBy: "</ul>")[0]
        return section.components(separatedBy: "\n").filter { $0.hasPrefix("<li") }.map { text($0) }
    }

    @Test func theHeadlineNamesTheBadValueAndBothRates() throws {
        let f = try ReportFixture()
        let lines = Self.headline(try f.page())
        // One line per class that applied, each computed here from effects.csv: the strongest axis's worst and
        // best values, as the terminal's "Axes that drive each defect" names them.
        let effects = try f.records("effects.csv")
        let active = Set(try f.records("summary.csv").flatMap { r in DefectClass.allCases.map(\.name).filter { Int(r[$0 + "_attempts"]!)! > 0 } })
        #expect(lines.count == active.count)
        for line in lines {
            let defect = try #require(active.first { line.contains(HTMLText.defectWords($0) + " ") }, "\(line)")
            let mains = effects.filter { $0["defect"] == defect && $0["kind"] == "main" && Double($0["effect"]!)! > 0 }
            guard let top = mains.max(by: { Double($0["effect"]!)! < Double($1["effect"]!)! }) else {
                #expect(line.hasSuffix("whatever the axes (none changes the rate)") || line.contains("no hazard"), "\(line)")
                continue
            }
            let levels = effects.filter { $0["defect"] == defect && $0["kind"] == "level" && $0["axis"] == top["axis"] && !$0["rate"]!.isEmpty }
            let worst = levels.max { Double($0["rate"]!)! < Double($1["rate"]!)! }!, best = levels.min { Double($0["rate"]!)! < Double($1["rate"]!)! }!
            func percent(_ r: CSVReader.Record) -> String { String(format: "%.1f%%", Double(r["rate"]!)! * 100) }
            // Where every count of the class is a hazard, the hazards' axis and rates are effects.csv's.
            let summary = try f.records("summary.csv")
            let others = summary.reduce(0) { $0 + Int($1[defect + "_designed_count"]!)! + Int($1[defect + "_what_if_count"]!)! }
            guard others == 0 else {
                #expect(line.contains("(hazards)") || line.contains("no hazard"), "\(line)")
                continue
            }
            #expect(
                line == "\(top["axis"]!) = \(worst["level"]!): \(HTMLText.defectWords(defect)) (hazards) \(percent(worst)) vs "
                    + "\(percent(best)) when \(best["level"]!)")
        }
    }

    @Test func onTheQuickstartSweepTheHeadlineReadsAsTheTerminalRanksTheAxes() throws {
        let lines = Self.headline(try ReportFixture.quickstartPage())
        #expect(
            lines == [
                "dismissTap.cancelsTouchesInView = true: dead buttons (hazards) 2.5% vs 0.0% when false",
                "scrollViews.touchesShouldCancel = default: swallowed scrolls (hazards) 10.5% vs 0.0% when always",
                "scrollViews.delaysContentTouches = false: ghost taps (hazards) 2.3% vs 0.0% when true",
                "wrong scrollers: no hazard (16 are UIKit's design, 40 rest on what-if values)",
                "scrollViews.delaysContentTouches = true: late feedback (hazards) 17.8% vs 0.0% when false",
                "late actions (hazards) 5.1% whatever the axes (none changes the rate)",
                "scrollViews.delaysContentTouches = true: invisible feedback (hazards) 26.1% vs 0.0% when false"
            ])
    }

    @Test func ratesReadAsPercentagesNeverAsFourDecimalFractions() throws {
        let page = try ReportFixture().page()
        let visible = Self.text(page)
        #expect(
            visible.range(of: "(?<![0-9.])[01]\\.[0-9]{4}(?![0-9])", options: .regularExpression) == nil,
            "a 4-decimal rate a person reads")
        #expect(visible.contains("%"))
        // The marks keep the CSV figures for scripts and tests.
        #expect(Marks.elements(page, tag: "rect", className: "cell").allSatisfy { $0["data-rate"]!.isEmpty || $0["data-rate"]!.contains(".") })
    }

    @Test func everyHeatmapSharesOneScaleFromZeroToOneHundredPercent() throws {
        let page = try ReportFixture.quickstartPage()
        let cells = Marks.elements(page, tag: "rect", className: "cell").filter { !$0["data-rate"]!.isEmpty }
        #expect(Set(cells.map { $0["data-defect"]! }).count >= 5)
        // The same rate is the same colour in every defect's heatmap, and a higher rate never paler.
        var colour: [String: String] = [:]
        for cell in cells {
            #expect(colour[cell["data-rate"]!, default: cell["fill"]!] == cell["fill"]!, "\(cell)")
            colour[cell["data-rate"]!] = cell["fill"]!
        }
        func lightness(_ hex: String) -> Int {
            stride(from: 1, to: 7, by: 2).map { Int(hex.dropFirst($0).prefix(2), radix: 16)! }.reduce(0, +)
        }
        let byRate = colour.sorted { Double($0.key)! < Double($1.key)! }
        #expect(zip(byRate, byRate.dropFirst()).allSatisfy { lightness($0.value) >= lightness($1.value) })
        #expect(HeatScale.colour(1) == HTMLText.heatColour(1) && HeatScale.colour(0) == HTMLText.heatColour(0))
        // Every legend reads 0% … 100%; the per-defect maximum is only a mark on it.
        let legends = page.components(separatedBy: "<g class=\"legend\">").dropFirst().map { $0.components(separatedBy: "</g>")[0] }
        #expect(legends.count == page.components(separatedBy: "<svg class=\"heatmap\"").count - 1)
        for legend in legends {
            let labels = Self.text(legend).components(separatedBy: "\n").filter { $0.range(of: "^[0-9.]+%$", options: .regularExpression) != nil }
            #expect(labels == ["0.0%", "5.0%", "25.0%", "50.0%", "100.0%"])
        }
    }

    @Test func ticksAreRoundAndDistinct() {
        // A trace of 1.3 ms once gave "0 ms, 1 ms, 1 ms".
        let short = Ticks.nice(upTo: 1.3, count: 5)
        #expect(short.map { ReportNumber.fixed($0, digits: Ticks.digits(short)) } == ["0.0", "0.5", "1.0", "1.5"])
        let long = Ticks.nice(upTo: 412, count: 5)
        #expect(long.map { ReportNumber.fixed($0, digits: Ticks.digits(long)) } == ["0", "100", "200", "300", "400", "500"])
        let rates = Ticks.nice(upTo: 0.2, count: 4)
        #expect(rates.map { ReportNumber.fixed($0 * 100, digits: Ticks.digits(rates, times: 100)) + "%" } == ["0%", "5%", "10%", "15%", "20%"])
    }

    @Test func everyTimelineOnThePageHasDistinctRoundTicks() throws {
        let page = try ReportFixture().page()
        let timelines = page.components(separatedBy: "<svg class=\"timeline\"").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
        #expect(!timelines.isEmpty)
        for svg in timelines {
            let ticks = svg.components(separatedBy: "class=\"small tick\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
            #expect(ticks.count >= 2 && Set(ticks).count == ticks.count, "\(ticks)")
            let values = ticks.map { Double($0)! }
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 } && values.first == 0, "\(ticks)")
            #expect(svg.contains("time (ms)"))
        }
    }

    /// c001, c005, c009 and c013 differ only in the two scroll-view axes and have the same 13 dead buttons of
    /// 80: one row, which says so.
    @Test func tiedConfigurationsAreOneRowThatNamesTheAxesThatDoNotMatter() throws {
        let page = try ReportFixture.quickstartPage()
        let table = page.components(separatedBy: "<table class=\"worst\" data-defect=\"dead_button\">")[1].components(separatedBy: "</table>")[0]
        let rows = table.components(separatedBy: "<tr class=\"ranked\"").dropFirst().map { row in
            Self.text("<tr" + row.components(separatedBy: "</tr>")[0]).replacingOccurrences(of: "\n", with: " ")
        }
        #expect(
            rows.first == "1c001 c005 c009 c013"
                + "4 tied configurations: scrollViews.delaysContentTouches, scrollViews.touchesShouldCancel do not matter"
                + "anyanytruefalsefalse16.5%4.8–43.4%13 / 79 each")
        #expect(rows.count == 3, "three rows hold the twelve configurations with dead buttons")
    }

    @Test func groupingNeverCallsACoincidentalTieAnAxisThatDoesNotMatter() {
        // Two axes of two values: a0b0 and a1b1 tie, a0b1 and a1b0 do not; nothing groups.
        let levels = [[0, 0], [0, 1], [1, 0], [1, 1]]
        let figures = [5, 3, 4, 5]
        let apart = TiedConfigurations.group(ranked: [0, 3, 2, 1], levels: levels, figures: figures, units: [[0], [1]])
        #expect(apart.map(\.configurations) == [[0], [3], [2], [1]])
        // a0b0 and a0b1 tie: b does not matter where a = 0.
        let together = TiedConfigurations.group(ranked: [0, 1, 2, 3], levels: levels, figures: [5, 5, 4, 3], units: [[0], [1]])
        #expect(
            together == [
                .init(configurations: [0, 1], freeAxes: [1]), .init(configurations: [2], freeAxes: []),
                .init(configurations: [3], freeAxes: [])
            ])
        // Zipped axes are freed together.
        #expect(TiedConfigurations.units(axes: ["a", "p", "q", "b"], zip: [["p", "q"]]) == [[0], [1, 2], [3]])
    }

    @Test func theCausesChartAddsUpCausesCSVPerDefect() throws {
        let f = try ReportFixture()
        let page = try f.page()
        let bars = Marks.elements(page, tag: "rect", className: "cause-bar")
        var expected: [String: Int] = [:]
        for r in try f.records("causes.csv") { expected["\(r["defect"]!) \(r["cause_kind"]!) \(r["rule"]!)", default: 0] += Int(r["count"]!)! }
        #expect(
            Dictionary(uniqueKeysWithValues: bars.map { ("\($0["data-defect"]!) \($0["data-cause"]!) \($0["data-rule"]!)", Int($0["data-count"]!)!) })
                == expected)
        // Each chart's total is the class's count in summary.csv.
        for defect in Set(bars.map { $0["data-defect"]! }) {
            let total = try f.records("summary.csv").reduce(0) { $0 + Int($1[defect + "_count"]!)! }
            #expect(bars.filter { $0["data-defect"] == defect }.allSatisfy { $0["data-total"] == String(total) }, "\(defect)")
            #expect(page.contains("<text x=\"4\" y=\"14\" class=\"axis\">\(defect): \(total) runs by cause</text>"))
        }
    }
}
