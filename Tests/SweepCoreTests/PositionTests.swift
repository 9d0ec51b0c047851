import Testing
import TouchScenarios

@testable import SweepCore

/// A tally's position in `ConfigurationTallies.byTemplate` and `byFamily` is a switch, not a search: it must stay
/// the case's index in `allCases` when a case is added.
@Suite struct PositionTests {
    @Test func everyTemplatePositionIsItsIndexInAllCases() {
        #expect(TreeTemplate.allCases.map(\.position) == Array(TreeTemplate.allCases.indices))
    }

    @Test func everyFamilyPositionIsItsIndexInAllCases() {
        #expect(GestureFamily.allCases.map(\.position) == Array(GestureFamily.allCases.indices))
    }

    @Test func theGeneratorsTapFamilyTestIsTheClassifiersTapFamilies() {
        #expect(Set(GestureFamily.allCases.filter(GestureGenerator.isTapFamily)) == Classifier.tapFamilies)
    }
}
