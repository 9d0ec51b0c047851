import ScenarioKit
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// Runs counted in no class (docs/defects.md, "Runs not counted"): taps on text inputs, whose editing UIKit does
/// not document, and swipes the system took from the top edge.
@Suite struct NotCountedTests {
    let classifier = ClassifierTests()

    static func form(cancels: Bool) -> String {
        """
        name: t
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: Field, kind: textField, frame: [16, 120, 358, 40] }
              - { id: Go, kind: control, frame: [16, 200, 358, 44] }
        recognizers:
          - { id: Dismiss, kind: tap, view: R, cancelsTouchesInView: \(cancels) }
        """
    }

    @Test func aTapOnATextFieldUnderTapToDismissIsNotCountedWhereACustomControlIsDead() throws {
        // The plain-control model would call the field dead (the dismiss tap recognizes at the lift and cancels it,
        // G4); whether UIKit's text interaction lets the field begin editing first is not documented.
        let field = try classifier.verdict(
            Self.form(cancels: true), family: .quickTap, intent: { .activate($0.view(named: "Field")!) },
            script: ClassifierTests.tap(100, 140))
        #expect(field.notCounted == .textInput)
        #expect(field.applicable.isEmpty && field.defects.isEmpty)
        #expect(field.highlightLatency == nil && field.actionLatency == nil)
        // The same tap on a custom control is a dead button (B4): that rests on documented rules only.
        let control = try classifier.verdict(
            Self.form(cancels: true), family: .quickTap, intent: { .activate($0.view(named: "Go")!) },
            script: ClassifierTests.tap(100, 222))
        #expect(control.notCounted == nil && control.defects.contains(.deadButton))
    }

    @Test func aTextFieldsTouchUpInsideDuringAScrollIsNoGhostTapButTheSwallowedScrollCounts() throws {
        func tree(_ kind: String) -> String {
            """
            name: t
            views:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                delaysContentTouches: false
                subviews:
                  - { id: X, kind: \(kind), frame: [20, 100, 200, 44] }
            """
        }
        // Without the delay the control has the touch and the default touchesShouldCancel keeps it (S7, B2); the lift
        // 40 pt above is inside the 70 pt tolerance, so it sends TouchUpInside.
        let script = ClassifierTests.swipe(from: Point(70, 122), dy: -60)
        let intent: (Scene) -> Intent = { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 60) }
        let button = try classifier.verdict(tree("button"), family: .dragFromControl, intent: intent, script: script)
        #expect(button.defects.contains(.swallowedScroll) && button.defects.contains(.ghostTap))
        let field = try classifier.verdict(tree("textField"), family: .dragFromControl, intent: intent, script: script)
        #expect(field.notCounted == nil)
        #expect(field.defects.contains(.swallowedScroll), "S7 rests on touchesShouldCancel's documented default for controls")
        #expect(!field.defects.contains(.ghostTap), "a text field's TouchUpInside is the plain-control guess")
    }

    static func list(topGate: Bool) -> String {
        """
        name: t
        \(topGate ? "window: { edgeGate: [top, bottom] }" : "window: { edgeGate: [bottom] }")
        views:
          - id: SV
            kind: scrollView
            frame: [0, 0, 390, 844]
            contentSize: [390, 3000]
            contentOffset: [0, 1000]
        """
    }

    @Test func aSwipeDownFromTheStatusBarIsTheSystemsAndCountsInNoClass() throws {
        let intent: (Scene) -> Intent = { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 150) }
        let pull = ClassifierTests.swipe(from: Point(195, 20), dy: 150)
        let taken = try classifier.verdict(Self.list(topGate: true), family: .fastSwipe, intent: intent, script: pull)
        #expect(taken.notCounted == .systemGesture)
        #expect(taken.applicable.isEmpty && taken.defects.isEmpty, "not a swallowed scroll the app caused")
        // The app defers the top edge's system gestures: the same swipe is the app's and scrolls.
        let deferred = try classifier.verdict(Self.list(topGate: false), family: .fastSwipe, intent: intent, script: pull)
        #expect(deferred.notCounted == nil && deferred.applicable.contains(.swallowedScroll) && deferred.defects.isEmpty)
        // Started under the 47 pt area, or moving up from inside it: the gate fails and the list scrolls.
        let below = try classifier.verdict(
            Self.list(topGate: true), family: .fastSwipe, intent: intent,
            script: ClassifierTests.swipe(from: Point(195, 60), dy: 150))
        #expect(below.notCounted == nil && below.defects.isEmpty)
        let up = try classifier.verdict(
            Self.list(topGate: true), family: .fastSwipe,
            intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 30) },
            script: ClassifierTests.swipe(from: Point(195, 40), dy: -30))
        #expect(up.notCounted == nil && up.applicable.contains(.swallowedScroll) && up.defects.isEmpty)
    }

    @Test func tallyAndReportsCountTheRunsNotCountedPerReason() throws {
        var verdict = ScenarioVerdict()
        verdict.notCounted = .systemGesture
        var tally = Tally()
        tally.add(verdict)
        tally.add(ScenarioVerdict())
        #expect(tally.runs == 2 && tally.notCounted(.systemGesture) == 1 && tally.notCounted(.textInput) == 0)
        #expect(Reports.metricColumns.prefix(3) == ["runs", "runs_not_counted_text_input", "runs_not_counted_system_gesture"])
        #expect(Reports.metrics(tally).prefix(3) == ["2", "0", "1"])
        #expect(
            Tally(
                runs: 1, notCounted: [1, 1], attempts: tally.attempts, counts: tally.counts, highlightLatency: nil,
                actionLatency: nil) == nil, "more runs not counted than runs")
    }
}
