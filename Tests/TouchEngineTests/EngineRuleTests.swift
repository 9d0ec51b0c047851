import Testing
import TouchEngine

/// Rules (docs/rules.md) that the golden cases do not pin down, each as a small transcript.
@Suite struct EngineRuleTests {
    static let logView = """
        name: t
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: V, frame: [50, 100, 200, 200], touches: logs }
        """

    // H5: a view without isMultipleTouchEnabled never hears of a second finger; recognizers still do.
    @Test func secondFingerIsNotSentToAViewWithoutMultipleTouch() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: T2, kind: tap, touches: 2, view: V, cancelsTouchesInView: false }
                script:
                  - 0 down (100,150)
                  - 10 down (150,150) touch 2
                  - 60 up touch 2
                  - 70 up
                """)
        #expect(t.callbacks("V") == ["began@0", "ended@70"])
        #expect(t.actions("T2") == ["ended@70"])
    }

    // H5 with isMultipleTouchEnabled: both fingers reach the view.
    @Test func multipleTouchEnabledViewHearsBothFingers() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - { id: V, frame: [0, 0, 390, 844], touches: logs, multipleTouchEnabled: true }
            script:
              - 0 down (100,150)
              - 10 down (150,150) touch 2
              - 60 up touch 2
              - 70 up
            """)
        #expect(t.callbacks("V") == ["began@0", "began@10", "ended@60", "ended@70"])
    }

    // R1–R3 (RC-03 shape): overriding only touchesBegan consumes began; the other phases travel up.
    @Test func partialOverrideSendsTheUnoverriddenPhasesUpTheChain() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - id: R
                frame: [0, 0, 390, 844]
                touches: logs
                subviews:
                  - { id: V, frame: [50, 100, 200, 200], touches: {began: consume} }
            script:
              - 0 down (100,150)
              - 30 move (110,150)
              - 60 up
            """)
        #expect(t.callbacks("V") == ["began@0"])
        #expect(t.callbacks("R") == ["moved@30", "ended@60"])
    }

    // G10 + G6: a single tap that requires a double tap to fail acts only when the double tap times out.
    @Test func singleTapWaitsForTheDoubleTapToFail() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: D2, kind: tap, taps: 2, view: V }
                  - { id: T, kind: tap, view: V, requireToFail: [D2] }
                script:
                  - 0 down (100,150)
                  - 80 up
                """)
        #expect(t.transitions("D2") == ["failed@430"])
        #expect(t.actions("T") == ["ended@430"])
        #expect(t.callbacks("V") == ["began@0", "cancelled@430"])
    }

    // G10/G7: when the double tap recognizes, the single tap that waited for it fails; both taps' touches
    // are cancelled, in one touchesCancelled call (the first one's end was held by delaysTouchesEnded, G6).
    @Test func doubleTapRecognizesAndTheWaitingSingleTapFails() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: D2, kind: tap, taps: 2, view: V }
                  - { id: T, kind: tap, view: V, requireToFail: [D2] }
                script:
                  - 0 down (100,150)
                  - 80 up
                  - 200 down (102,152)
                  - 260 up
                """)
        #expect(t.actions("D2") == ["ended@260"])
        #expect(t.actions("T") == [])
        #expect(t.transitions("T") == ["failed@260"])
        #expect(t.callbacks("V") == ["began@0", "began@200", "cancelled@260"])
    }

    // G9 default: without a requirement both fire; a double tap is not prevented by the single tap.
    @Test func singleAndDoubleTapWithoutRequirementBothFire() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: D2, kind: tap, taps: 2, view: V }
                  - { id: T, kind: tap, view: V }
                script:
                  - 0 down (100,150)
                  - 80 up
                  - 200 down (100,150)
                  - 260 up
                """)
        #expect(t.actions("T") == ["ended@80", "ended@260"])
        #expect(t.actions("D2") == ["ended@260"])
    }

    // §4.1: disabling an active recognizer cancels it (action sent); re-enabling only affects new touches.
    @Test func disablingAnActivePanCancelsIt() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: P, kind: pan, view: V }
                script:
                  - 0 down (100,150)
                  - 20 move (100,170)
                  - 40 disable P
                  - 50 enable P
                  - 60 move (100,200)
                  - 80 up
                """)
        #expect(t.actions("P") == ["began@20", "cancelled@40"])
        #expect(t.callbacks("V") == ["began@0", "cancelled@20"])
    }

    // §4.5 swipe: 60 pt right within 100 ms recognizes; the view is cancelled (G4).
    @Test func quickSwipeRightRecognizes() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: S, kind: swipe, directions: [right], view: V }
                script:
                  - 0 down (60,150)
                  - 50 move (90,152)
                  - 100 move (125,152)
                  - 116 up
                """)
        #expect(t.actions("S") == ["ended@100"])
        #expect(t.callbacks("V") == ["began@0", "moved@50", "cancelled@100"])
    }

    // §4.5 swipe: the wrong direction fails it.
    @Test func swipeInTheWrongDirectionFails() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: S, kind: swipe, directions: [right], view: V }
                script:
                  - 0 down (200,150)
                  - 50 move (140,150)
                  - 66 up
                """)
        #expect(t.transitions("S") == ["failed@50"])
    }

    // P7: a touch event at the same instant as a timer is processed first: a release at exactly 150 ms is a
    // touch-up before the content delay fires, so content gets began+ended at 150 from the touch-up.
    @Test func touchEventBeatsATimerDueAtTheSameInstant() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                subviews:
                  - { id: V, frame: [0, 0, 390, 400], touches: logs }
            script:
              - 0 down (100,150)
              - 150 up
            """)
        #expect(t.callbacks("V") == ["began@150", "ended@150"])
        #expect(t.text.contains("the touch ended before the delay"))
    }

    // S9: a tap on a decelerating scroll view stops it and never reaches the content.
    @Test func tapOnADeceleratingScrollViewCatchesItAndDoesNotSelect() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - id: TV
                kind: tableView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                decelerating: [0, 1]
                subviews:
                  - { id: Cell, kind: cell, frame: [0, 0, 390, 3000] }
            script:
              - 50 down (195,300)
              - 120 up
            """)
        #expect(t.callbacks("Cell") == [])
        #expect(t.outcome.selections[t.view("Cell")] == nil)
        #expect(t.actions("TV.pan") == ["began@50", "ended@120"])
        let stopped = try #require(t.outcome.scrollViews[t.view("TV")]?.finalOffset)
        #expect(stopped.y > 0 && stopped.y < 500, "caught mid-way, not at the deceleration target")
    }

    // S11: same-axis nesting with the inner at its top, dragging down: the version decides, unless
    // `scrollTransferToParent` sets the switch on its own.
    @Test(arguments: [
        ("iosVersion: \"17.0\"", "IV"), ("iosVersion: \"17.4\"", "OV"), ("iosVersion: \"26.1\"", "OV"),
        ("iosVersion: \"17.0\", scrollTransferToParent: true", "OV"), ("scrollTransferToParent: false", "IV")
    ])
    func innerAtItsEdgeTransfersToTheParentFromiOS17_4(parameters: String, scroller: String) throws {
        let t = try Transcript(
            """
            name: t
            parameters: { \(parameters) }
            views:
              - id: OV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                contentOffset: [0, 500]
                subviews:
                  - { id: IV, kind: scrollView, frame: [0, 700, 390, 300], contentSize: [390, 1000] }
            script:
              - 0 down (195,300)
              - 16 move (195,312)
              - 50 move (195,350)
              - 66 up
            """)
        #expect(t.actions("\(scroller).pan").first == "began@16")
        let other = scroller == "IV" ? "OV" : "IV"
        #expect(t.actions("\(other).pan") == [])
    }

    // §8: the edge gate only holds touches that start in the edge region.
    @Test func edgeGateIgnoresTouchesAwayFromTheEdge() throws {
        let t = try Transcript(
            """
            name: t
            window: { edgeGate: [bottom] }
            views:
              - { id: B, kind: button, frame: [20, 400, 100, 44] }
            script:
              - 0 down (70,420)
              - 80 up
            """)
        #expect(t.controls("B") == ["TouchDown@0", "TouchUpInside@80"])
    }

    // §5.1: TouchDownRepeat on the second quick tap (UITouch.tapCount ≥ 2).
    @Test func secondQuickTapSendsTouchDownRepeat() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - { id: B, kind: button, frame: [20, 400, 100, 44] }
            script:
              - 0 down (70,420)
              - 60 up
              - 150 down (72,421)
              - 200 up
            """)
        #expect(t.controls("B") == ["TouchDown@0", "TouchUpInside@60", "TouchDown@150", "TouchDownRepeat@150", "TouchUpInside@200"])
    }

    // §5.1: lifting inside after dragging out re-highlights for the 120 ms minimum.
    @Test func liftInsideAfterDraggingOutHighlightsForTheMinimumTime() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - { id: B, kind: button, frame: [20, 400, 100, 44] }
            script:
              - 0 down (70,420)
              - 20 move (70,600)
              - 40 up (70,420)
            """)
        #expect(t.controls("B") == ["TouchDown@0", "TouchDragExit@20", "TouchDragOutside@20", "TouchDragEnter@40", "TouchUpInside@40"])
        let highlights = (t.outcome.highlights[t.view("B")] ?? []).map { "\($0.value)@\($0.time.milliseconds)" }
        #expect(highlights == ["true@0.0", "false@20.0", "true@40.0", "false@120.0"])
    }

    // H2: an enlarged hit area only works inside every ancestor's bounds.
    @Test func enlargedHitAreaStopsAtTheParentsBounds() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - id: P
                frame: [100, 100, 100, 100]
                touches: logs
                subviews:
                  - { id: B, kind: button, frame: [0, 40, 20, 20], hitTest: {enlarge: 15} }
            script:
              - 0 down (112,135)
              - 50 up
              - 100 down (95,150)
              - 150 up
            """)
        #expect(t.controls("B") == ["TouchDown@0", "TouchUpInside@50"])
        #expect(t.callbacks("P") == [], "(95,150) is outside P, so the enlarged area of B cannot reach it")
    }

    // H3: a view whose point(inside:) answers for its superview passes touches outside its own bounds to its
    // subviews, as far as the superview's bounds reach (UITableViewWrapperView in a scrolled table).
    @Test func pointInsideFromTheSuperviewReachesSubviewsOutsideTheViewsBounds() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - id: T
                kind: scrollView
                frame: [0, 0, 320, 400]
                contentSize: [320, 1000]
                contentOffset: [0, 300]
                subviews:
                  - id: W
                    frame: [0, 0, 320, 400]
                    hitTest: superview
                    subviews:
                      - { id: B, kind: button, frame: [0, 500, 320, 44] }
                      - { id: Far, kind: button, frame: [0, 760, 320, 44], touches: logs }
            script:
              - 0 down (160,220)
              - 50 up
              - 100 down (160,470)
              - 150 up
            """)
        // (TouchDown waits for the up: the scroll view delays content touches.)
        #expect(t.controls("B") == ["TouchDown@50", "TouchUpInside@50"], "content y 520 is outside W's bounds, inside T's")
        #expect(t.callbacks("Far") == [], "content y 770 is outside T's bounds too")
    }

    // G1: recognizers on the window itself see every touch (the system edge gate is one, §8).
    @Test func windowRecognizersSeeEveryTouch() throws {
        let t = try Transcript(
            """
            name: t
            window: { edgeGate: [bottom] }
            views:
              - { id: B, kind: button, frame: [20, 800, 100, 44] }
            script:
              - 0 down (70,830)
              - 80 up
            """)
        #expect(t.transitions("W.edgeGate") == ["failed@80"])
        #expect(t.controls("B") == ["TouchDown@80", "TouchUpInside@80"])
    }

    // H4: hit testing at touch-down does not depend on the touches already in flight: a second finger on
    // the same point hits the same view while the first is down.
    @Test func hitTestingIgnoresTheTouchesAlreadyDown() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - { id: A, frame: [0, 0, 390, 844], touches: logs }
              - { id: B, frame: [100, 100, 100, 100], touches: logs, multipleTouchEnabled: true }
            script:
              - 0 down (150,150)
              - 10 down (150,150) touch 2
              - 50 up touch 2
              - 60 up
            """)
        #expect(t.outcome.hitViews[1] == t.view("B") && t.outcome.hitViews[2] == t.view("B"))
        #expect(t.callbacks("B") == ["began@0", "began@10", "ended@50", "ended@60"])
    }

    // G12 with G5: a delaying recognizer that fails as soon as it knows (the tap moving past its allowable
    // movement) releases the withheld touch at that moment, not at touch-up.
    @Test func aDelayingRecognizerThatFailsEarlyReleasesTheTouchAtOnce() throws {
        let t = try Transcript(
            Self.logView + """

                recognizers:
                  - { id: T, kind: tap, view: V, delaysTouchesBegan: true }
                script:
                  - 0 down (100,150)
                  - 40 move (150,150)
                  - 60 move (160,150)
                  - 100 up
                """)
        #expect(t.transitions("T") == ["failed@40"])
        #expect(t.callbacks("V") == ["began@40", "moved@40", "moved@60", "ended@100"])
        let began = try #require(t.outcome.callbacks[.view(t.view("V"))]?.first)
        #expect(began.timestamp == .zero && began.location == Point(100, 150), "replayed with the original timestamp and location")
    }

    // S6: the scroll view's own pan asks its delegate gestureRecognizerShouldBegin; a horizontal-only answer
    // keeps a vertical drag from scrolling and the content keeps the touch.
    @Test func scrollPanDelegateCanRefuseToBegin() throws {
        let t = try Transcript(
            """
            name: t
            views:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                delaysContentTouches: false
                pan: { shouldBegin: horizontal }
                subviews:
                  - { id: V, frame: [0, 0, 390, 600], touches: logs }
            script:
              - 0 down (100,300)
              - 16 move (100,288)
              - 50 move (100,250)
              - 66 up
            """)
        #expect(t.transitions("SV.pan") == ["failed@16"])
        #expect(t.offsets("SV") == [])
        #expect(t.callbacks("V") == ["began@0", "moved@16", "moved@50", "ended@66"])
    }
}

extension EngineRuleTests {
    // §9 deceleration rates: a `.fast` scroll view travels less after the same flick than a `.normal` one.
    @Test func fastDecelerationStopsSooner() throws {
        func finalY(_ rate: String) throws -> Double {
            let t = try Transcript(
                """
                name: t
                views:
                  - { id: SV, kind: scrollView, frame: [0, 0, 390, 844], contentSize: [390, 30000], decelerationRate: \(rate) }
                script:
                  - 0 down (100,600)
                  - 16 move (100,560)
                  - 33 move (100,500)
                  - 50 move (100,420)
                  - 66 up
                """)
            return try #require(t.outcome.scrollViews[t.view("SV")]?.finalOffset.y)
        }
        let normal = try finalY("normal"), fast = try finalY("fast")
        #expect(fast > 170 && normal > fast, "normal \(normal), fast \(fast)")
    }
}

extension EngineRuleTests {
    // H1: a view in the middle of an animation is skipped by hit testing unless it allows interaction.
    @Test(arguments: [(false, "A"), (true, "B")])
    func animatingViewsAreNotHitUnlessTheyAllowInteraction(allow: Bool, hit: String) throws {
        let t = try Transcript(
            """
            name: t
            views:
              - { id: A, frame: [0, 0, 390, 844], touches: logs }
              - { id: B, frame: [100, 100, 100, 100], touches: logs, animating: true, allowUserInteraction: \(allow) }
            script:
              - 0 down (150,150)
              - 50 up
            """)
        #expect(t.outcome.hitViews[1] == t.view(hit))
    }

    // §6.5: one finger long-presses an item while the scroll pan may share it; when the long press begins
    // its action toggles the pan's isEnabled, so the pan drops that finger and the drag moves the item only.
    @Test func longPressTogglesTheScrollPanSoItDropsTheDraggingFinger() throws {
        let yaml = """
            name: t
            views:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                pan: { simultaneousWith: [LP] }
                subviews:
                  - { id: Item, frame: [0, 0, 390, 400], touches: logs }
            recognizers:
              - { id: LP, kind: longPress, view: Item, simultaneousWith: [SV.pan], toggleEnabledOnBegin: [SV.pan] }
            script:
              - 0 down (100,200)
              - 600 move (100,180)
              - 650 move (100,120)
              - 700 up
            """
        let t = try Transcript(yaml)
        #expect(t.actions("LP") == ["began@500", "changed@600", "changed@650", "ended@700"])
        #expect(t.actions("SV.pan") == [], "the pan lost the finger at 500 and never scrolled")
        #expect(t.offsets("SV") == [])
        // Without the toggle, the scroll pan (allowed to run simultaneously) scrolls under the dragged item.
        let without = try Transcript(yaml.replacingOccurrences(of: ", toggleEnabledOnBegin: [SV.pan]", with: ""))
        #expect(without.actions("SV.pan").first == "began@600")
    }
}
