import Foundation
import SweepCore
import Testing

@testable import SweepHTMLReport

/// report.html's model bands (issue 34 §2): each counted class's rate with how far it moves as each inferred value
/// runs across its range, read from model_bands.csv, in the terminal's words.
@Suite struct ModelBandsHTMLTests {
    static func bandLines(_ page: String) -> [String] {
        guard let start = page.range(of: "<div class=\"inferred\" id=\"model-bands\">") else { return [] }
        let section = page[start.upperBound...].components(separatedBy: "</div>")[0]
        return section.components(separatedBy: "\n").filter { $0.hasPrefix("<li") }.map { AtAGlanceTests.text($0) }
    }

    @Test func theQuickstartPageGivesEachCountedClassItsBand() throws {
        let lines = Self.bandLines(try ReportFixture.quickstartPage())
        #expect(lines.contains("late actions 5.1% (1.3–5.1% as the tap's maximum duration runs 650–850 ms)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("dead buttons 8.2% (no inferred value moves it") }, "\(lines)")
        #expect(lines.count == 7, "one line per class the quickstart counts: \(lines)")
    }

    @Test func aPageWithoutModelBandsCSVHasNoBands() throws {
        let f = try ReportFixture()
        var inputs = try f.inputs()
        #expect(try HTMLReport.render(inputs).contains("id=\"model-bands\""), "the tiny sweep counts defects: it has bands")
        inputs.modelBandsCSV = ""
        #expect(try !HTMLReport.render(inputs).contains("id=\"model-bands\""))
    }
}
