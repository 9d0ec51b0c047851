import SweepPlanning
import TestSupport
import Testing

@testable import SweepCore

/// The terminal summary fitted to a terminal (docs/reports.md, "The terminal summary"): short labels over the varied
/// axes with a legend, tied configurations on one rank, every line within the width; `.wide` as before.
@Suite struct TerminalLayoutTests {
    static func quickstart() throws -> (SweepPlan, SweepTallies) {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        return (plan, ParallelSweep.run(plan, threads: 2))
    }

    @Test func onAn80ColumnTerminalEveryLineFitsTiesShareARankAndALegendNamesTheAxes() throws {
        let (plan, tallies) = try Self.quickstart()
        let text = TerminalSummary.render(plan: plan, tallies: tallies, layout: .fitted(width: 80))
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 79 }, "\(lines.filter { $0.count > 79 })")
        let squeezed = text.replacingOccurrences(of: "\n  ", with: " ")
        #expect(squeezed.contains("Axes in the tables: A = scrollViews.delaysContentTouches, B = scrollViews.touchesShouldCancel, C ="))
        // The quickstart's dead buttons do not depend on A and B: four configurations tie on each of four figures.
        let table = try #require(text.components(separatedBy: "Highest dead_button rates\n").dropFirst().first)
        let rows = table.split(separator: "\n").prefix(9).map(String.init)
        #expect(rows[0] == "#  config   label                             rate  95% CI     count/of", "\(rows)")
        #expect(rows[1] == "1  c001 +3  A=* B=* C=true D=false E=false   16.5%  4.8–43.4%     13/79", "\(rows)")
        // No table row wraps: each line of a table starts with its rank or, for ties, two spaces and an id.
        let swallowed = try #require(text.components(separatedBy: "Highest swallowed_scroll rates\n").dropFirst().first)
        #expect(swallowed.split(separator: "\n").prefix(6).dropFirst().allSatisfy { $0.first?.isNumber == true }, "\(swallowed)")
        #expect(rows[2].hasPrefix("2  c003 +3  A=* B=* C=false D=false E=false"))
        #expect(rows.contains("  c001 +3: tied, c001 c005 c009 c013"))
        #expect(!text.contains("scrollViews.delaysContentTouches=true scrollViews.touchesShouldCancel=default"))
    }

    @Test func wideKeepsEveryLabelWholeAndEveryConfigurationOnItsOwnRank() throws {
        let (plan, tallies) = try Self.quickstart()
        let wide = TerminalSummary.render(plan: plan, tallies: tallies, layout: .wide)
        #expect(wide == TerminalSummary.render(plan: plan, tallies: tallies))
        #expect(wide.contains("   1  c001    scrollViews.delaysContentTouches=true scrollViews.touchesShouldCancel=default"))
        #expect(wide.contains("   2  c005 "))
        #expect(wide.split(separator: "\n").contains { $0.count > 200 })
        #expect(!wide.contains("Axes in the tables"))
    }

    @Test func wrappingKeepsEveryWordAndIndentsTheContinuation() {
        let line = "  " + Array(repeating: "word", count: 30).joined(separator: " ")
        let wrapped = TerminalLayout.fitted(width: 40).wrap(line)
        #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= 39 })
        #expect(wrapped.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("    word") })
        #expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }).count == 30)
        #expect(TerminalLayout.wide.wrap(line) == line)
        // The first part keeps the line's indent and its aligned columns (a model band's line lost them).
        #expect(wrapped.hasPrefix("  word word"))
        let aligned = "  late_feedback       16.4% (16.4–17.1% as the top system-gesture area runs 44–59 pt)"
        #expect(TerminalLayout.fitted(width: 80).wrap(aligned) == "  late_feedback       16.4% (16.4–17.1% as the top system-gesture area runs\n    44–59 pt)")
    }
}
