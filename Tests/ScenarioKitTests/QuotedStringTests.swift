import Testing
import Yams

@testable import ScenarioKit

/// The one string quoter behind the JSON traces, the scenario writer and plan.yaml.
@Suite struct QuotedStringTests {
    static let awkward = "tab\there \"q\" back\\slash\nline\rcr esc\u{1B} del\u{7F} é"

    @Test func jsonEscapesNamedCharactersAndControlsByCode() {
        #expect(
            QuotedString.json(Self.awkward)
                == #""tab\there \"q\" back\\slash\nline\rcr esc\u001b del\#u{7F} é""#)
    }

    @Test func yamlReadsBackAsTheSameStringIncludingDEL() throws {
        let quoted = QuotedString.yaml(Self.awkward)
        #expect(quoted.contains(#"\x1b"#) && quoted.contains(#"\x7f"#))
        #expect(try Yams.load(yaml: "k: " + quoted) as? [String: String] == ["k": Self.awkward])
    }
}
