import Foundation
import SweepCore
import SweepPlanning
import TestSupport
import Testing

@testable import SweepHTMLReport

/// The rates docs/reports.md, docs/defects.md and docs/parameters.md quote as the tools print them (a code span
/// with a `%`) come from the current code: each is printed by the quickstart's terminal summary or drawn on its
/// page (issue 34 §3). Spans that only show a number format are listed apart.
@Suite struct DocsFiguresTests {
    /// Spans that illustrate a format, not a figure of a sweep.
    static let formats: Set<String> = ["15.2%", "4.1–39.0%", "overlay.passThrough 12.0 points (true 1.1% → false 13.0%)"]

    /// `text` with every run of white space as one space.
    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }).joined(separator: " ")
    }

    /// The code spans of a Markdown file that hold a `%`, white space squeezed (a span may break across lines).
    static func quotedRates(_ file: String) throws -> [String] {
        let text = try Repository.text(file)
        var spans: [String] = []
        var inFence = false
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            for ch in line {
                if ch == "`" {
                    if let span = current { spans.append(span); current = nil } else { current = "" }
                } else if current != nil {
                    current!.append(ch)
                }
            }
            if current != nil { current! += " " }
        }
        return spans.map(squeezed).filter { $0.contains("%") }
    }

    @Test func everyQuotedRateIsOneTheQuickstartPrints() throws {
        let text = try Repository.text("configs/quickstart.yaml")
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: text, path: "configs/quickstart.yaml"))
        let tallies = ParallelSweep.run(plan, threads: 2)
        let printed =
            Self.squeezed(TerminalSummary.render(plan: plan, tallies: tallies))
            + " " + Self.squeezed(AtAGlanceTests.text(try ReportFixture.quickstartPage()))
        var checked = 0
        for file in ["docs/reports.md", "docs/defects.md", "docs/parameters.md"] {
            for span in try Self.quotedRates(file) where !Self.formats.contains(span) {
                #expect(printed.contains(span), "\(file) quotes `\(span)`, which the quickstart does not print")
                checked += 1
            }
        }
        #expect(checked >= 3, "the docs quote the quickstart's headline and model band")
        // docs/reports.md's residual block is the quickstart terminal's, line by line.
        let reports = try Repository.text("docs/reports.md")
        let marker = "**Terminal and page.** The terminal summary ends with the block, e.g. on the quickstart:\n\n"
        let start = try #require(reports.range(of: marker)).upperBound
        let block = reports[start...].components(separatedBy: "\n\n")[0].split(separator: "\n").map { Self.squeezed(String($0)) }
        #expect(block.count >= 10)
        for line in block { #expect(printed.contains(line), "docs/reports.md's residual block: `\(line)` is not what the quickstart prints") }
    }
}
