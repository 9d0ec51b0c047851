import ScenarioKit
import Testing
import TouchEngine

/// `kind: custom`, the class overrides of G10, `delegateLogs`, `onAction` and the `asked:` expectation (issue 15
/// §4): what they load to, what the writer writes back, and the refusals.
@Suite struct CustomRecognizerLoaderTests {
    func scenario(_ recognizer: String, expect: String = "") -> String {
        """
        name: t
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: V, frame: [50, 100, 200, 200] }
              - { id: SV, kind: scrollView, frame: [0, 400, 390, 400], contentSize: [390, 900] }
        recognizers:
          - { id: T, kind: tap, view: V }
          - \(recognizer)
        script:
          - 0 down (100,150)
          - 50 up
        \(expect)
        """
    }

    func recognizer(_ text: String) throws -> RecognizerSpec {
        try ScenarioLoader.load(yaml: scenario(text), path: "s.yaml").scene.recognizers.first { $0.name == "C" }!
    }

    @Test func aCustomRecognizerLoadsItsBehaviour() throws {
        #expect(try recognizer("{ id: C, kind: custom, view: V }").kind == .custom(CustomBehavior()))
        #expect(
            try recognizer("{ id: C, kind: custom, view: V, begins: delay, delay: 300, continuous: true, allowableMovement: 12 }").kind
                == .custom(CustomBehavior(begins: .delay(.ms(300)), isContinuous: true, allowableMovement: 12)))
        #expect(try recognizer("{ id: C, kind: custom, view: V, begins: touchUp }").kind == .custom(CustomBehavior(begins: .touchUp)))
        #expect(try recognizer("{ id: C, kind: custom, view: V, begins: never }").kind.isContinuous == false)
        #expect(
            try recognizer("{ id: C, kind: custom, view: V, begins: never, failsAfter: 150 }").kind
                == .custom(CustomBehavior(begins: .never, failsAfter: .ms(150))))
        // With a delay to begin, the earlier timer decides.
        let early = CustomBehavior(begins: .delay(.ms(300)), failsAfter: .ms(200))
        #expect(early.timer == .ms(200) && early.timerFails)
        let late = CustomBehavior(begins: .delay(.ms(300)), failsAfter: .ms(400))
        #expect(late.timer == .ms(300) && !late.timerFails)
    }

    @Test func classOverridesDelegateLogsAndHandlersLoad() throws {
        let c = try recognizer(
            "{ id: C, kind: pan, view: V, shouldRequireFailureOf: [T], shouldBeRequiredToFailBy: all, delegateLogs: true, "
                + "onAction: {setTranslationZero: true, moveView: V, setFrame: {view: V, frame: [0, 0, 10, 10]}, toggleEnabled: [T]} }")
        #expect(c.policies.shouldRequireFailureOf == .only([2]))
        #expect(c.policies.shouldBeRequiredToFailBy == .all)
        #expect(c.delegateLogs)
        #expect(c.actions.resetsTranslation == .perChange)
        #expect(c.actions.movesView == ViewMove(view: 2))
        #expect(c.actions.setsFrame == FrameChange(view: 2, frame: Rect(0, 0, 10, 10)))
        #expect(c.actions.togglesEnabled == [2])
    }

    @Test func setTranslationZeroActsOnChosenActionStates() throws {
        #expect(try recognizer("{ id: C, kind: pan, view: V, onAction: {setTranslationZero: [began]} }").actions.resetsTranslation == .began)
        #expect(try recognizer("{ id: C, kind: pan, view: V, onAction: {setTranslationZero: false} }").actions.resetsTranslation == [])
        let both = try recognizer("{ id: C, kind: pan, view: V, onAction: {setTranslationZero: [ended, began]} }")
        #expect(both.actions.resetsTranslation == [.began, .ended] && both.actions.resetsTranslation.states == [.began, .ended])
    }

    @Test(arguments: [
        "onAction: {setTranslationZero: [began, ended], moveView: V}",
        "onAction: {setTranslationZero: true, moveView: V}",
        "onAction: {setTranslationZero: [changed, cancelled]}"
    ])
    func chosenStatesRoundTrip(_ onAction: String) throws {
        let loaded = try ScenarioLoader.load(yaml: scenario("{ id: C, kind: pan, view: V, \(onAction) }"), path: "s.yaml").scene
        let written = ScenarioWriter.yaml(loaded, description: nil)
        #expect(written.contains(onAction), "\(written)")
        #expect(try ScenarioLoader.load(yaml: written, path: "w.yaml").scene.recognizers == loaded.recognizers)
    }

    @Test func moveViewReadsTheTranslationInAViewOnChosenStates() throws {
        let chosen = try recognizer("{ id: C, kind: pan, view: V, onAction: {moveView: {view: V, on: [began, ended]}} }")
        #expect(chosen.actions.movesView == ViewMove(view: 2, on: [.began, .ended]))
        let other = try recognizer("{ id: C, kind: pan, view: V, onAction: {moveView: {view: V, translationIn: SV}} }")
        #expect(other.actions.movesView == ViewMove(view: 2, translationIn: 3, on: .perChange))
    }

    @Test(arguments: [
        "onAction: {setTranslationZero: [began, ended], moveView: {view: V, translationIn: SV, on: [changed, cancelled]}}",
        "onAction: {setTranslationZero: true, moveView: {view: V, on: [began]}}",
        "onAction: {moveView: {view: V, translationIn: R}}"
    ])
    func moveViewMapsRoundTrip(_ onAction: String) throws {
        try chosenStatesRoundTrip(onAction)
    }

    @Test func theWriterWritesEveryNewKeyAndTheLoaderReadsItBack() throws {
        let text = scenario(
            "{ id: C, kind: custom, view: V, begins: delay, delay: 250, continuous: true, allowableMovement: 8, failsAfter: 120, "
                + "canPrevent: none, shouldRequireFailureOf: [T], shouldBeRequiredToFailBy: {except: [T]}, delegateLogs: true, "
                + "onAction: {setFrame: {view: V, frame: [1, 2, 3, 4]}, toggleEnabled: [T]} }")
        let loaded = try ScenarioLoader.load(yaml: text, path: "s.yaml").scene
        let written = ScenarioWriter.yaml(loaded, description: nil)
        #expect(written.contains("kind: custom"))
        #expect(written.contains("failsAfter: 120"))
        #expect(written.contains("onAction: {setFrame: {view: V, frame: [1, 2, 3, 4]}, toggleEnabled: [T]}"))
        let again = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(again.recognizers == loaded.recognizers)
    }

    @Test(arguments: [
        ("{ id: C, kind: custom, view: V, begins: delay }", "s.yaml:10:45: recognizer 'C' begins after a delay but has no 'delay' (ms)"),
        ("{ id: C, kind: custom, view: V, delay: 300 }", "s.yaml:10:37: key 'delay' of recognizer 'C' applies only with 'begins: delay'"),
        (
            "{ id: C, kind: custom, view: V, begins: touchUp, continuous: true }",
            "s.yaml:10:45: recognizer 'C' is continuous and cannot begin at touch-up; a continuous recognizer begins at touchDown or after a delay"
        ),
        (
            "{ id: C, kind: custom, view: V, begins: soon }",
            "s.yaml:10:45: expected one of touchDown, delay, touchUp, never for 'begins', got 'soon'"
        ),
        (
            "{ id: C, kind: custom, view: V, begins: delay, delay: 4000000 }",
            "s.yaml:10:59: expected a time from 0 to 3600000 ms for 'delay', got '4000000'"
        ),
        (
            "{ id: C, kind: custom, view: V, failsAfter: 150 }",
            "s.yaml:10:37: key 'failsAfter' of recognizer 'C' has no effect with 'begins: touchDown' (it leaves possible at touch-down); "
                + "use begins: delay, touchUp or never"
        ),
        (
            "{ id: C, kind: custom, view: V, begins: delay, delay: 300, failsAfter: 300 }",
            "s.yaml:10:64: 'failsAfter' of recognizer 'C' equals its 'delay' (300 ms), which leaves undecided whether it fails or begins; make them differ"
        ),
        (
            "{ id: C, kind: custom, view: V, begins: never, failsAfter: -5 }",
            "s.yaml:10:64: expected a time from 0 to 3600000 ms for 'failsAfter', got '-5'"
        ),
        (
            "{ id: C, kind: tap, view: V, failsAfter: 150 }",
            "s.yaml:10:34: key 'failsAfter' applies only to custom recognizers, but recognizer 'C' is a tap"
        ),
        (
            "{ id: C, kind: tap, view: V, onAction: {setTranslationZero: true} }",
            "s.yaml:10:45: 'onAction.setTranslationZero' of recognizer 'C' needs a pan recognizer (it uses the pan's translation)"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {setTranslationZero: [began, stopped]} }",
            "s.yaml:10:73: expected one of began, changed, ended, cancelled for 'onAction.setTranslationZero', got 'stopped'"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {setTranslationZero: []} }",
            "s.yaml:10:65: expected at least one action state (began, changed, ended, cancelled) for 'onAction.setTranslationZero'; write false for none"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {moveView: {view: V, on: false}} }",
            "s.yaml:10:69: 'onAction.moveView.on' of recognizer 'C' is false, so the view never moves; list the action states it moves on"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {moveView: {view: V, translationIn: Q}} }",
            "s.yaml:10:80: recognizer 'C' reads translation(in: 'Q') in 'onAction.moveView', which is not a view of the scene"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {moveView: {translationIn: V}} }",
            "s.yaml:10:55: 'onAction.moveView' of recognizer 'C' is missing the required key 'view'"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {moveView: {view: V, at: [ended]}} }",
            "s.yaml:10:65: unknown key 'at' in 'onAction.moveView' of recognizer 'C'; allowed keys are view, translationIn, on"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {wiggle: true} }",
            "s.yaml:10:45: unknown key 'wiggle' in 'onAction' of recognizer 'C'; allowed keys are setTranslationZero, moveView, setFrame, toggleEnabled"
        ),
        (
            "{ id: C, kind: pan, view: V, onAction: {moveView: W} }",
            "s.yaml:10:55: recognizer 'C' moves view 'W' in 'onAction', which is not defined"
        ),
        (
            "{ id: C, kind: tap, view: V, onAction: {setFrame: {view: SV, frame: [0, 0, 10, 10]}} }",
            "s.yaml:10:62: 'onAction.setFrame' of recognizer 'C' resizes scroll view 'SV'; its scroll range is computed once, so only moving it is modelled"
        ),
        (
            "{ id: C, kind: tap, view: V, onAction: {toggleEnabled: [Q]} }",
            "s.yaml:10:61: recognizer 'C' refers to recognizer 'Q' in 'onAction.toggleEnabled', which is not defined"
        ),
        (
            "{ id: C, kind: tap, view: V, shouldRequireFailureOf: [Q] }",
            "s.yaml:10:59: recognizer 'C' refers to recognizer 'Q' in 'shouldRequireFailureOf', which is not defined"
        ),
        (
            "{ id: C, kind: tap, view: V, begins: touchDown }",
            "s.yaml:10:34: key 'begins' applies only to custom recognizers, but recognizer 'C' is a tap"
        )
    ])
    func aBadKeyIsOneSentenceAtItsPlace(_ text: String, _ message: String) {
        #expect(loadError(scenario(text)) == message)
    }

    @Test func anAskedExpectationNeedsALoggingDelegate() {
        let text = scenario("{ id: C, kind: custom, view: V }", expect: "expect:\n  asked:\n    T: []")
        #expect(loadError(text) == "s.yaml:16:5: 'expect.asked.T' needs recognizer 'T' to have 'delegateLogs: true'; only those questions are traced")
    }

    @Test func anAskedEntryIsCheckedAgainstTheQuestionsAndAnswers() throws {
        let text = scenario(
            "{ id: C, kind: pan, view: V, delegateLogs: true }",
            expect: "expect:\n  asked:\n    C: [shouldReceive@0=true, \"shouldRequireFailureOf(T)@0=false\", \"shouldBeRequiredToFailBy(T)@0=false\"]")
        let loaded = try ScenarioLoader.load(yaml: text, path: "s.yaml")
        let trace = Engine.trace(loaded.scene)
        let failures = loaded.expectations!.check(scene: loaded.scene, trace: trace, outcome: Outcome(scene: loaded.scene, trace: trace))
        #expect(failures.isEmpty, "\(failures)")
        let wrong = scenario(
            "{ id: C, kind: pan, view: V, delegateLogs: true }",
            expect: "expect:\n  asked:\n    C: [\"shouldRecognizeSimultaneouslyWith(T)@50=false\"]")
        let again = try ScenarioLoader.load(yaml: wrong, path: "s.yaml")
        let t2 = Engine.trace(again.scene)
        let f2 = again.expectations!.check(scene: again.scene, trace: t2, outcome: Outcome(scene: again.scene, trace: t2))
        #expect(
            f2.map(\.description) == [
                "expect.asked.C (line 16): expected [shouldRecognizeSimultaneouslyWith(T)@50=false], got [shouldReceive@0=true, shouldRequireFailureOf(T)@0=false, shouldBeRequiredToFailBy(T)@0=false]"
            ])
    }
}
