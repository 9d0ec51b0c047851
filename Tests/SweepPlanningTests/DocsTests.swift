import Foundation
import TestSupport
import Testing
import TouchScenarios

@testable import SweepPlanning

@Suite struct DocsTests {
    @Test func theAxisTableIsTheGeneratedOne() throws {
        let text = try Repository.text(SweepDocs.path)
        let regenerated = try #require(SweepDocs.replacingAxisTable(in: text), "the axis-table markers are missing")
        Golden.expect(regenerated, matches: Repository.url(SweepDocs.path))
    }

    @Test func theDocListsEveryAxisKeyTemplateAndFamily() throws {
        let text = try Repository.text(SweepDocs.path)
        for axis in AxisCatalog.all { #expect(text.contains("| `\(axis.name)` | "), "\(axis.name)") }
        for key in SweepConfigLoader.topLevelKeys + SweepConfigLoader.treeKeys + SweepConfigLoader.gestureKeys {
            #expect(text.contains("| `\(key)` |"), "\(key)")
        }
        for key in SweepConfigLoader.randomKeys { #expect(text.contains("| `random.\(key)` |"), "\(key)") }
        for template in TreeTemplate.generated { #expect(text.contains("`\(template.rawValue)`"), "\(template)") }
        for family in GestureFamily.allCases { #expect(text.contains("`\(family.rawValue)`"), "\(family)") }
    }

    /// The YAML blocks of the doc.
    static func yamlBlocks() throws -> [String] {
        let parts = try Repository.text(SweepDocs.path).components(separatedBy: "```yaml\n")
        return parts.dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    @Test func theOpeningExampleIsAValidConfig() throws {
        let first = try #require(try Self.yamlBlocks().first)
        let p = SweepPlan(try load(first))
        #expect(p.configurations.count == 2 * 7 * 2 * 2 - 1 * 2 * 2)
    }

    @Test func theCombinationExampleTableIsWhatThePlanGives() throws {
        let blocks = try Self.yamlBlocks()
        let example = try #require(blocks.first { $0.hasPrefix("axes:") })
        let p = SweepPlan(try load("name: example\n" + example))
        let text = try Repository.text(SweepDocs.path)
        #expect(p.combinationCount == 12 && p.configurations.count == 8)
        for c in p.configurations {
            let row = "| \(c.id) | " + c.values.map(\.value.description).joined(separator: " | ") + " |\n"
            #expect(text.contains(row), "\(row)")
        }
    }

    @Test func thePlanSampleIsWhatSweepPlanPrintsForTheQuickstart() throws {
        let text = try Repository.text(SweepDocs.path)
        let p = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let sample = "$ sweep plan configs/quickstart.yaml --show 4\n" + PlanText.summary(p, path: "configs/quickstart.yaml", show: 4)
        #expect(text.contains(sample))
    }
}
