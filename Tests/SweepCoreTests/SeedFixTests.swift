import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// Issue 13 §5: each seed article's documented fix, applied to the screens it is about, drives the defect it fixes
/// to 0 there — and with the fix off, the defect is there, from the cause the article describes. The fix values
/// come from `AxisCatalog.seedFixes`, the one place they are written; the counts are the sweep's own
/// (`PlanRuns`: classifier and `CauseAnalysis`, run by run).
@Suite struct SeedFixTests {
    static let scrollTemplates: [TreeTemplate] = [.feed, .carousel, .form, .drawer, .pager, .settings]

    static func list(_ values: [AxisValue]) -> String { "[" + values.map(\.description).joined(separator: ", ") + "]" }

    /// A few of `runs`' example ids, for failure messages (`sweep trace --replay` takes them).
    static func ids(_ runs: [FixSweep.Record]) -> String { runs.prefix(4).map(\.exampleID).joined(separator: " ") }

    // MARK: Seed 002: the pass-through overlay with its pan moved

    @Test func seed002ThePassThroughOverlayWithItsPanMovedFreesWhatLiesBelowTheDrawer() throws {
        let passThrough = FixSweep.fixValues("overlay.passThrough"), panMoved = FixSweep.fixValues("overlay.panMoved")
        #expect(passThrough == [.bool(true)] && panMoved == [.bool(true)])
        let sweep = try FixSweep(
            axes: [
                "overlay.passThrough: [false, true]", "overlay.panMoved: [false, true]",
                "scrollViews.delaysContentTouches: [true, false]"
            ],
            templates: [.drawer], trees: 16)
        let naive: [String: [AxisValue]] = ["overlay.passThrough": [.bool(false)], "overlay.panMoved": [.bool(false)]]
        let fixed: [String: [AxisValue]] = ["overlay.passThrough": passThrough, "overlay.panMoved": panMoved]
        #expect(sweep.configurationCount(where: naive) == 2 && sweep.configurationCount(where: fixed) == 2)

        // B12: the full-screen overlay takes every touch below it. Taps on the map or list die on it (H1), and
        // drags meant for the content below scroll the drawer instead (its pan was the only one to see them, P3).
        #expect(sweep.count(.deadButton, .hitOtherView, where: naive) > 0)
        #expect(sweep.count(.swallowedScroll, .panNeverSawTouch, where: naive) > 0)
        #expect(sweep.count(.wrongScroller, .panNeverSawTouch, where: naive) > 0)

        // The fix: no dead button at all on the drawer screens, no drag the overlay keeps from the content below.
        let dead = sweep.runs(.deadButton, where: fixed)
        #expect(dead.isEmpty, "dead buttons left with the overlay fix: \(Self.ids(dead))")
        #expect(sweep.count(.swallowedScroll, .panNeverSawTouch, where: fixed) == 0)
        let wrong = sweep.runs(.wrongScroller, where: fixed)
        #expect(wrong.isEmpty, "wrong scrollers left with the overlay fix: \(Self.ids(wrong))")

        // The hit-test half alone already gives the taps back; the drags meant for the drawer land on its panel
        // (the generator aims them there), so moving the pan changes nothing these screens count.
        #expect(sweep.count(.deadButton, .hitOtherView, where: ["overlay.passThrough": passThrough]) == 0)
    }

    // MARK: Seeds 000 and 003 (cancelsTouchesInView = NO) and seed 001 (shouldReceive)

    @Test func seeds000And003TheTapToDismissWithoutCancelsTouchesInViewLeavesTheTapsToTheForm() throws {
        let cancels = FixSweep.fixValues("dismissTap.cancelsTouchesInView")
        let receive = FixSweep.fixValues("dismissTap.shouldReceive")
        #expect(cancels == [.bool(false)] && receive == [.text("notOnControls"), .text("notInScrollViews")])
        let sweep = try FixSweep(
            axes: [
                "dismissTap.cancelsTouchesInView: [true, false]",
                "dismissTap.shouldReceive: [always, notOnControls, notInScrollViews]",
                "scrollViews.delaysContentTouches: [true, false]"
            ],
            templates: [.form], trees: 24)
        let shipped: [String: [AxisValue]] = ["dismissTap.cancelsTouchesInView": [.bool(true)], "dismissTap.shouldReceive": [.text("always")]]
        // B4, with and without the scroll view's delay: the recognizer recognizes at touch-up and cancels (or drops)
        // the touch of the cell under the finger (G4) — seed 000's table row that is never selected, here a choice
        // row of a grouped-table form (the form's other controls veto a foreign single tap, §5.4).
        for delays in [true, false] {
            var condition = shipped
            condition["scrollViews.delaysContentTouches"] = [.bool(delays)]
            let cells = sweep.runs(.deadButton, .takenByTap, where: condition).filter { $0.hitKind == .cell }
            #expect(cells.count > 0, "delaysContentTouches \(delays)")
        }

        // cancelsTouchesInView = NO: no dead button is left on the form, whatever the filter and the delay.
        let fixed = sweep.runs(.deadButton, where: ["dismissTap.cancelsTouchesInView": cancels])
        #expect(fixed.isEmpty, "dead buttons left with cancelsTouchesInView = false: \(Self.ids(fixed))")
        // Seed 001's filter does it too, with the recognizer left cancelling: it never receives those touches (G3).
        let filtered = sweep.runs(.deadButton, .takenByTap, where: ["dismissTap.shouldReceive": receive])
        #expect(filtered.isEmpty, "taken by the tap-to-dismiss despite shouldReceive: \(Self.ids(filtered))")
    }

    // MARK: Seed 004: ControlContainableScrollView (touchesShouldCancel)

    @Test func seed004ControlContainableScrollViewLetsDragsFromControlsScroll() throws {
        let policies = FixSweep.fixValues("scrollViews.touchesShouldCancel")
        #expect(policies == [.text("controlsExceptTextInputsSlidersSwitches"), .text("always")])
        let sweep = try FixSweep(
            axes: [
                "scrollViews.delaysContentTouches: [true, false]",
                "scrollViews.touchesShouldCancel: " + Self.list([.text("default")] + policies)
            ],
            templates: Self.scrollTemplates, trees: 36)
        let shipped: [String: [AxisValue]] = ["scrollViews.touchesShouldCancel": [.text("default")]]
        // B2 on every kind of screen with controls in a scroll view: the control has the touch and UIKit's default
        // touchesShouldCancel(in:) says no for a UIControl, so the pan fails (S7) and the drag scrolls nothing.
        for template in Self.scrollTemplates {
            #expect(sweep.count(.swallowedScroll, .touchesShouldCancelFalse, on: template, where: shipped) > 0, "\(template)")
        }
        #expect(sweep.count(.ghostTap, .touchesShouldCancelFalse, where: shipped) > 0, "the control under the drag fires")

        // Cancelling every content touch (`always`): no drag is kept by content anywhere, and nothing fires.
        let always: [String: [AxisValue]] = ["scrollViews.touchesShouldCancel": [.text("always")]]
        let kept = sweep.runs(.swallowedScroll, .touchesShouldCancelFalse, where: always)
        #expect(kept.isEmpty, "\(Self.ids(kept))")
        #expect(sweep.runs(.ghostTap, where: always).isEmpty)

        // The article's own class keeps UITextInput, UISlider and UISwitch out on purpose ("if the table view eats
        // the drag, they feel broken"): what it leaves is exactly the drags that start on one of those, a
        // residual by design, not a failure of the fix.
        let containable: [String: [AxisValue]] = ["scrollViews.touchesShouldCancel": [.text("controlsExceptTextInputsSlidersSwitches")]]
        let exempt: Set<ViewKind> = [.textField, .textView, .slider, .switch]
        let left =
            sweep.runs(.swallowedScroll, .touchesShouldCancelFalse, where: containable)
            + sweep.runs(.ghostTap, .touchesShouldCancelFalse, where: containable)
        #expect(!left.isEmpty, "the exemptions show on these screens")
        let other = left.filter { !exempt.contains($0.hitKind ?? .view) }
        #expect(other.isEmpty, "kept by a control the article cancels: \(other.prefix(4).map { "\($0.exampleID) on \($0.hitName)" })")
        #expect(left.count < sweep.count(.swallowedScroll, .touchesShouldCancelFalse, where: shipped))
    }

    // MARK: Seed 004: no content delay, with touchesShouldCancel

    @Test func seed004NoContentDelayWithTouchesShouldCancelShowsPressesAtOnceAndStillScrolls() throws {
        let delays = FixSweep.fixValues("scrollViews.delaysContentTouches")
        let policies = FixSweep.fixValues("scrollViews.touchesShouldCancel")
        #expect(delays == [.bool(false)])
        let sweep = try FixSweep(
            axes: [
                "scrollViews.delaysContentTouches: [true, false]",
                "scrollViews.touchesShouldCancel: " + Self.list([.text("default")] + policies)
            ],
            templates: Self.scrollTemplates, trees: 36)
        // B1: a press held in a scroll view highlights only when the 150 ms content delay ends (S1), on every kind
        // of screen.
        let delayed: [String: [AxisValue]] = ["scrollViews.delaysContentTouches": [.bool(true)]]
        for template in Self.scrollTemplates {
            #expect(sweep.count(.lateFeedback, .contentTouchDelay, on: template, where: delayed) > 0, "\(template)")
        }

        // The fix, both halves: no press waits for the content delay any more; what late feedback is left is the
        // system's bottom edge gate holding a touch at the home indicator (§8, B6), which no seed fix touches.
        let fixed: [String: [AxisValue]] = ["scrollViews.delaysContentTouches": delays, "scrollViews.touchesShouldCancel": policies]
        #expect(sweep.configurationCount(where: fixed) == 2)
        #expect(sweep.count(.lateFeedback, .contentTouchDelay, where: fixed) == 0)
        let late = sweep.runs(.lateFeedback, where: fixed).filter { r in r.causes.contains { $0.defect == .lateFeedback && $0.kind.rule != "§8" } }
        #expect(late.isEmpty, "late feedback left that is not the edge gate: \(Self.ids(late))")
        // With `always` a drag from a control still scrolls and fires nothing.
        var blunt = fixed
        blunt["scrollViews.touchesShouldCancel"] = [.text("always")]
        #expect(sweep.count(.swallowedScroll, .touchesShouldCancelFalse, where: blunt) == 0)
        #expect(sweep.count(.ghostTap, where: blunt) == 0)

        // Why the article pairs them: without the delay but with UIKit's cancel policy, every control under a drag
        // keeps it (S7, B2) and fires on lift (a ghost tap).
        let half: [String: [AxisValue]] = ["scrollViews.delaysContentTouches": delays, "scrollViews.touchesShouldCancel": [.text("default")]]
        #expect(
            sweep.count(.swallowedScroll, .touchesShouldCancelFalse, where: half)
                > sweep.count(
                    .swallowedScroll, .touchesShouldCancelFalse,
                    where: [
                        "scrollViews.delaysContentTouches": [.bool(true)],
                        "scrollViews.touchesShouldCancel": [.text("default")]
                    ]))
        #expect(sweep.count(.ghostTap, .touchesShouldCancelFalse, where: half) > 0)
    }
}
