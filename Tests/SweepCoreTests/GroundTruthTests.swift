import Foundation
import ScenarioKit
import SweepCore
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

/// The classifier against hand-made scenarios whose verdict an iOS engineer gives (docs/ground-truth.md):
/// Tests/Fixtures/defect-ground-truth/, each with its `truth:` block.
@Suite struct GroundTruthTests {
    static let directory = Repository.url("Tests/Fixtures/defect-ground-truth").path

    /// How one fixture came out.
    enum Outcome: Equatable {
        case agrees
        /// Marked pending and still disagreeing: a known disagreement, listed, not a failure.
        case knownDisagreement
        /// Marked pending but agreeing: the mark must go.
        case pendingButAgrees
        case disagrees
    }

    static func outcome(_ fixture: GroundTruthFixture, judged: [String]) -> Outcome {
        let same = judged == fixture.expected
        switch (fixture.truth.pending, same) {
        case (nil, true): return .agrees
        case (nil, false): return .disagrees
        case (_?, true): return .pendingButAgrees
        case (_?, false): return .knownDisagreement
        }
    }

    static func list(_ names: [String]) -> String { "[" + names.joined(separator: ", ") + "]" }

    @Test func theClassifierAgreesWithEveryFixture() throws {
        let fixtures = try GroundTruthFixture.loadAll(directory: Self.directory)
        var agreeing = 0
        var known: [String] = []
        var failures: [String] = []
        for fixture in fixtures {
            let judged = fixture.judged()
            let verdicts = "expected \(Self.list(fixture.expected)), the classifier says \(Self.list(judged))"
            switch Self.outcome(fixture, judged: judged) {
            case .agrees:
                agreeing += 1
            case .knownDisagreement:
                known.append("\(fixture.name): \(verdicts) (pending: \(fixture.truth.pending!))")
            case .pendingButAgrees:
                failures.append("\(fixture.name) now agrees (\(Self.list(judged))): remove its mark 'pending: \(fixture.truth.pending!)'")
            case .disagrees:
                let differing = Set(judged).symmetricDifference(fixture.expected).sorted()
                failures.append(
                    "\(fixture.name): \(verdicts); engine: \(fixture.causes(differing).joined(separator: "; ")); "
                        + "reason: \(fixture.truth.reason)")
            }
        }
        var summary = "defect ground truth: \(agreeing)/\(fixtures.count) scenarios agree"
        if !known.isEmpty { summary += ", \(known.count) pending (known disagreements until other branches land)" }
        print(summary)
        for line in known { print("  pending " + line) }
        for line in failures { print("  DISAGREES " + line) }
        #expect(failures == [], "fixtures on which the classifier disagrees with an iOS engineer")
        #expect(agreeing + known.count == fixtures.count)
    }

    @Test func thereAreEnoughFixturesForEveryClassAndItsLookAlikes() throws {
        let fixtures = try GroundTruthFixture.loadAll(directory: Self.directory)
        #expect(fixtures.count >= 80)
        for defect in DefectClass.allCases {
            let showing = fixtures.filter { $0.truth.pending == nil && $0.expected.contains(defect.name) }
            #expect(showing.count >= 4, "\(defect.name): \(showing.count) settled fixtures show it")
        }
        let clean = fixtures.filter { $0.expected.isEmpty }
        #expect(clean.count >= 30, "look-alikes that are not defects: \(clean.count)")
        // Both sides of the tap/scroll split have look-alikes.
        #expect(clean.contains { if case .scroll = $0.gesture.intent { true } else { false } })
        #expect(clean.contains { if case .activate = $0.gesture.intent { true } else { false } })
        #expect(clean.contains { if case .select = $0.gesture.intent { true } else { false } })
        #expect(clean.contains { $0.gesture.intent == .nothing })
    }

    /// A fixture that names what its defects rest on (`category:`, docs/defects.md "What a count rests on") gets it
    /// from the table: `designed` when every defect's cause is UIKit's design (D1–D4), `hazard` or `what_if` when none
    /// is; a what-if fixture's reason names the declared what-if value it shows (a sweep decides what-ifs by replaying
    /// with the value shipped apps keep, `DefectCategoryTests`). Each category has fixtures.
    @Test func everyFixtureThatNamesACategoryGetsIt() throws {
        let whatIfAxes = AxisCatalog.whatIfs.map(\.axis) + TreeTemplate.allCases.flatMap(\.whatIfs).map(\.axis)
        var seen: [DefectCategory: Int] = [:]
        for fixture in try GroundTruthFixture.loadAll(directory: Self.directory) {
            guard let named = fixture.truth.category else { continue }
            let place = "\(fixture.name).yaml:\(named.line):\(named.column)"
            let category = try #require(
                DefectCategory(label: named.text), "\(place): '\(named.text)' is not a category (hazard, designed, what_if)")
            #expect(!fixture.expected.isEmpty, "\(place): a fixture without defects has no category")
            guard fixture.truth.pending == nil else { continue }
            seen[category, default: 0] += 1
            for (defect, designed) in fixture.designed() {
                #expect(designed == (category == .designed), "\(place): \(defect.name) is \(designed ? "" : "not ")UIKit's design")
            }
            if category == .whatIf {
                #expect(whatIfAxes.contains { fixture.truth.reason.contains($0) }, "\(place): the reason names no what-if axis")
            }
        }
        for category in DefectCategory.allCases {
            #expect((seen[category] ?? 0) >= 2, "\(category.name): \(seen[category] ?? 0) settled fixtures")
        }
    }

    /// The cases issue 13 lists, each a fixture of its own.
    @Test func theIssuesCasesAreFixtures() throws {
        let names = Set(try GroundTruthFixture.loadAll(directory: Self.directory).map(\.name))
        let cases = [
            "swallowed-30-pager-cell-pan-takes-vertical-drag", // pans that begin in any direction…
            "none-30-pager-row-pan-horizontal-only-lets-list-scroll", // …and the real pattern
            "none-50-long-press-fires-cells-own-handler", // a long press whose own handler fires
            "none-51-long-press-handler-in-default-table",
            "none-52-double-tap-on-cell-button-meant-for-cell", // a double tap meant for the cell's handler
            "late-action-02-tap-on-button-in-double-tap-cell",
            "none-60-text-field-under-dismiss-tap", // UITextField's own handling
            "none-61-text-field-held-in-scroll-view",
            "invisible-01-quick-tap-button-in-scroll-view", // seed 004's invisible highlight
            "swallowed-40-swipe-down-from-top-edge" // the top system-gesture area
        ]
        #expect(cases.filter { !names.contains($0) } == [])
    }

    /// A reason names its source: a rule id of docs/rules.md, a touch-model section or §13 B-case, a seed
    /// article, or Apple's documentation.
    @Test func everyReasonCitesItsSource() throws {
        let citation = #/\b([PHRGSNMK]\d{1,2}|B\d{1,2})\b|§\d|[Ss]eed 00\d|\[DOC\]|Apple|WWDC/#
        for fixture in try GroundTruthFixture.loadAll(directory: Self.directory) {
            #expect(fixture.truth.reason.contains(citation), "\(fixture.name): '\(fixture.truth.reason)' cites nothing")
            #expect(fixture.truth.reason.count <= 240, "\(fixture.name): the reason is one short line")
        }
    }

    @Test func theDocsTableListsEveryFixture() throws {
        let fixtures = try GroundTruthFixture.loadAll(directory: Self.directory)
        let url = Repository.url("docs/ground-truth.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let regenerated = GroundTruthTable.replacing(in: text, fixtures: fixtures)
        Golden.expect(regenerated, matches: url)
        // The line the docs quote is the one theClassifierAgreesWithEveryFixture prints today (no fixture is pending).
        let n = fixtures.count
        #expect(fixtures.allSatisfy { $0.truth.pending == nil } && text.contains("defect ground truth: \(n)/\(n) scenarios agree\n"))
    }

    // MARK: The format

    static func fixtureError(_ truth: String) -> String {
        let yaml = """
            name: t
            views:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
                  - { id: B, kind: button, frame: [20, 100, 100, 44] }
            script: "0 down (70,122) · 60 up"
            truth:
            \(truth)
            """
        do {
            let dir = try TemporaryDirectory("ground-truth")
            let path = try dir.write(yaml, to: "truth.yaml")
            let fixture = try GroundTruthFixture.load(path: path)
            return "loaded: \(fixture.truth.gesture.text) \(fixture.gesture.intent) \(fixture.expected)"
        } catch let error as ScenarioError {
            return "line \(error.line) column \(error.column): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    @Test func aWellFormedBlockLoads() {
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: [late_action, dead_button]
                  reason: "B5"
                """) == "loaded: quickTap activate(2) [\"dead_button\", \"late_action\"]")
    }

    @Test func misspeltNamesAreReportedWhereTheyAre() {
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: [dead_buton]
                  reason: "B4"
                """) == "line 11 column 13: unknown defect class 'dead_buton'; classes are dead_button, swallowed_scroll, "
                + "ghost_tap, wrong_scroller, late_feedback, late_action, invisible_feedback, swallowed_zoom, swallowed_back, "
                + "accidental_back, accidental_dismiss, stuck_sheet, double_motion")
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTapp
                  intent: activate B
                  defects: []
                  reason: "B4"
                """
            ).hasPrefix("line 9 column 12: unknown gesture family 'quickTapp'; families are quickTap, heldTap"))
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: select B
                  defects: []
                  reason: "B4"
                """) == "line 10 column 11: intent 'select B': B is not a cell")
        #expect(
            Self.fixtureError(
                """
                  gesture: fastSwipe
                  intent: scroll B sideways 10
                  defects: []
                  reason: "S5"
                """) == "line 10 column 11: intent 'scroll B sideways 10': B is not a scroll view")
    }

    @Test func invisibleFeedbackIsAClassLikeTheOthers() {
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: [invisible_feedback]
                  reason: "B1"
                """) == "loaded: quickTap activate(2) [\"invisible_feedback\"]")
    }

    @Test func theLoaderChecksTheBlocksShape() {
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: []
                """) == "line 9 column 3: 'truth' is missing the required key 'reason'")
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: []
                  reason: "B1"
                  verdict: none
                """
            ).hasPrefix("line 13 column 3: unknown key 'verdict' in 'truth'; allowed keys are gesture, intent, defects"))
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: dead_button
                  reason: "B1"
                """) == "line 11 column 12: expected a list for 'truth.defects', got 'dead_button'")
    }

    /// `notCounted` names a reason the classifier leaves a run out for, and such a run has no defects.
    @Test func aRunCountedInNoClassNamesAKnownReasonAndNoDefects() {
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: [dead_button]
                  notCounted: text_input
                  reason: "B1"
                """) == "line 11 column 12: a run counted in no class ('truth.notCounted') has no defects; 'truth.defects' must be []")
        #expect(
            Self.fixtureError(
                """
                  gesture: quickTap
                  intent: activate B
                  defects: []
                  notCounted: too_fast
                  reason: "B1"
                """
            ).hasPrefix("line 12 column 15: unknown reason 'too_fast' for a run counted in no class; reasons are text_input,"))
    }

    @Test func theBlockDoesNotChangeTheScenario() throws {
        let fixture = try #require(try GroundTruthFixture.loadAll(directory: Self.directory).first)
        // The file less its `truth:` block (the block's own lines are indented under it).
        var lines: [Substring] = []
        var inBlock = false
        for line in try String(contentsOfFile: fixture.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "truth:" { inBlock = true; continue }
            if inBlock && !line.hasPrefix(" ") { inBlock = false }
            if !inBlock { lines.append(line) }
        }
        let without = try ScenarioLoader.load(yaml: lines.joined(separator: "\n"), path: fixture.path)
        #expect(without.truth == nil)
        #expect(without.scene == fixture.scene)
    }
}
