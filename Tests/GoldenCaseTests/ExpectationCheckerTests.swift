import ScenarioKit
import Testing
import TouchEngine
import Yams

/// The `expect:` checker against hand-built traces: what passes, what fails, and the failure messages.
@Suite struct ExpectationCheckerTests {
    /// TREE-SV plus a cell, a tap T and a pan P on V.
    struct Fixture {
        var scene = Scene(name: "checker")
        let R: ViewID, SV: ViewID, B: ViewID, V: ViewID, Cell: ViewID
        let T: RecognizerID, P: RecognizerID, SVPan: RecognizerID

        init() {
            R = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: 0))
            scene.addController(ControllerSpec(name: "VC", rootView: R))
            var sv = ViewSpec(name: "SV", kind: .scrollView, frame: Rect(0, 0, 390, 844), parent: R)
            sv.scroll?.contentSize = Size(390, 3000)
            SV = scene.addView(sv)
            B = scene.addView(ViewSpec(name: "B", kind: .button, frame: Rect(20, 100, 100, 44), parent: SV))
            var v = ViewSpec(name: "V", kind: .view, frame: Rect(20, 300, 200, 100), parent: SV)
            v.touches = .logs
            V = scene.addView(v)
            Cell = scene.addView(ViewSpec(name: "Cell", kind: .cell, frame: Rect(0, 500, 390, 44), parent: SV))
            scene.installScrollViewRecognizers()
            T = scene.addRecognizer(RecognizerSpec(name: "T", kind: .tap(taps: 1, touches: 1), view: V))
            P = scene.addRecognizer(RecognizerSpec(name: "P", kind: .pan(minimumTouches: 1, maximumTouches: 10), view: V))
            SVPan = scene.recognizer(named: "SV.pan")!
        }

        func parse(_ yaml: String) throws -> Expectations {
            let node = try #require(try Yams.compose(yaml: yaml))
            return try Expectations.parse(node: node, file: "test.yaml", scene: scene)
        }

        func failures(_ yaml: String, _ trace: [TraceEvent]) throws -> [String] {
            let expectations = try parse(yaml)
            return expectations.check(scene: scene, trace: trace, outcome: Outcome(scene: scene, trace: trace))
                .map(\.description)
        }

        func parseError(_ yaml: String) throws -> ScenarioError {
            let node = try #require(try Yams.compose(yaml: yaml))
            do {
                _ = try Expectations.parse(node: node, file: "test.yaml", scene: scene)
            } catch {
                return error
            }
            Issue.record("expected a parse error")
            return ScenarioError(file: "", line: 0, column: 0, message: "")
        }
    }

    // MARK: Trace builders

    static func at(_ t: Double, _ kind: TraceEventKind) -> TraceEvent { TraceEvent(time: .ms(t), kind: kind) }

    static func callback(
        _ t: Double, _ responder: Responder, _ phase: TouchPhase, ts: Double? = nil,
        at location: Point = Point(120, 350), hit: ViewID, touch: Int = 1
    ) -> TraceEvent {
        at(
            t,
            .callback(
                responder: responder, phase: phase,
                touches: [CallbackTouch(touch: touch, timestamp: .ms(ts ?? t), location: location, local: location)],
                hitView: hit, handling: .handled, allTouches: [touch]))
    }

    static func control(_ t: Double, _ view: ViewID, _ event: ControlEvent) -> TraceEvent {
        at(t, .control(view: view, event: event, value: nil))
    }

    static func transition(
        _ t: Double, _ r: RecognizerID, _ from: RecognizerState, _ to: RecognizerState,
        reason: Reason = .note("test")
    ) -> TraceEvent {
        at(t, .transition(recognizer: r, from: from, to: to, reason: reason))
    }

    /// SV-05: press-hold on the button, then drag; the scroll pan fails and the button keeps tracking.
    static func buttonTrace(_ f: Fixture) -> [TraceEvent] {
        [
            at(0, .touch(touch: 1, phase: .began, location: Point(70, 122))),
            at(0, .hitTest(touch: 1, view: f.B, chain: [f.B, f.SV, f.R, 0], recognizers: [])),
            at(0, .scroll(view: f.SV, .tracking(true))),
            callback(150, .view(f.B), .began, ts: 0, at: Point(70, 122), hit: f.B),
            control(150, f.B, .touchDown),
            at(150, .highlight(view: f.B, on: true)),
            transition(300, f.SVPan, .possible, .failed, reason: .contentTouchDelivery("B is a control")),
            callback(300, .view(f.B), .moved, at: Point(70, 110), hit: f.B),
            control(300, f.B, .touchDragInside),
            callback(400, .view(f.B), .ended, at: Point(70, 40), hit: f.B),
            control(400, f.B, .touchUpInside),
            at(400, .highlight(view: f.B, on: false)),
            at(400, .scroll(view: f.SV, .tracking(false))),
            transition(400, f.SVPan, .failed, .possible, reason: .reset)
        ]
    }

    /// SV-04-like: the scroll pan begins at 33 and scrolls; the finger lifts at 66.
    static func scrollTrace(_ f: Fixture) -> [TraceEvent] {
        [
            at(0, .hitTest(touch: 1, view: f.B, chain: [f.B, f.SV, f.R, 0], recognizers: [])),
            at(0, .scroll(view: f.SV, .tracking(true))),
            transition(33, f.SVPan, .possible, .began),
            at(33, .action(recognizer: f.SVPan, state: .began, translation: Point(0, -2))),
            at(33, .dropped(touch: 1, by: f.SVPan)),
            at(33, .scroll(view: f.SV, .willBeginDragging)),
            at(33, .scroll(view: f.SV, .dragging(true))),
            at(33, .offset(view: f.SV, offset: Point(0, 2))),
            transition(50, f.SVPan, .began, .changed),
            at(50, .action(recognizer: f.SVPan, state: .changed, translation: Point(0, -52))),
            at(50, .offset(view: f.SV, offset: Point(0, 52))),
            transition(66, f.SVPan, .changed, .ended),
            at(66, .action(recognizer: f.SVPan, state: .ended, translation: Point(0, -52))),
            at(66, .scroll(view: f.SV, .didEndDragging(willDecelerate: true))),
            at(66, .scroll(view: f.SV, .dragging(false))),
            at(66, .scroll(view: f.SV, .tracking(false))),
            at(66, .scroll(view: f.SV, .decelerating(true))),
            at(80, .offset(view: f.SV, offset: Point(0, 60.5))),
            at(500, .offset(view: f.SV, offset: Point(0, 90))),
            at(500, .scroll(view: f.SV, .decelerating(false))),
            at(500, .scroll(view: f.SV, .didEndDecelerating))
        ]
    }

    /// GR-01: the tap recognizes at touch-up and the view's touch is cancelled after the action.
    static func tapTrace(_ f: Fixture) -> [TraceEvent] {
        [
            at(0, .hitTest(touch: 1, view: f.V, chain: [f.V, f.R, 0], recognizers: [f.T])),
            callback(0, .view(f.V), .began, hit: f.V),
            transition(80, f.T, .possible, .ended, reason: .touchesEnded),
            at(80, .action(recognizer: f.T, state: .ended, translation: nil)),
            callback(80, .view(f.V), .cancelled, hit: f.V),
            transition(80, f.T, .ended, .possible, reason: .reset)
        ]
    }

    // MARK: Passing

    @Test func aMatchingRunHasNoFailures() throws {
        let f = Fixture()
        let yaml = """
            hit: {1: B}
            callbacks:
              B: [began@150 ts=0 at (70,122), moved@300, ended@400]
              V: []
              VC: []
            controls:
              B: [TouchDown@150, TouchDragInside@300, TouchUpInside@400]
            highlights:
              B: [on@150, off@400]
            recognizers:
              SV.pan: [failed@300]
            actions:
              SV.pan: []
            scroll:
              SV: ["unchanged", "never dragging", "tracking@0", "not tracking@400", "final y=0", "y=0@350"]
            dropped: []
            order:
              - ["B TouchUpInside@400", "B off@400"]
              - ["B began@150", "B TouchDown@150", "B on@150"]
            """
        #expect(try f.failures(yaml, Self.buttonTrace(f)) == [])
    }

    @Test func scrollOffsetsFlagsAndDelegateCalls() throws {
        let f = Fixture()
        let yaml = """
            scroll:
              SV:
                - y=0@0
                - y=0@32.999
                - y=2@33
                - y>1.5@33
                - y<=52@50
                - y=52@79.9
                - y=60.5@80
                - y@50>y@33
                - final y>=90
                - x=0@50
                - dragging@33
                - not dragging@32
                - not dragging@66
                - decelerating@66
                - not decelerating@500
                - willBeginDragging@33
                - didEndDragging@66
                - didEndDecelerating@500
            recognizers:
              SV.pan: [began@33 translation=(0,-2), changed@50, ended@66]
            actions:
              SV.pan: [began@33 translation=(0,-2), "...", ended@66 translation=(0,-52)]
            dropped: [1]
            """
        #expect(try f.failures(yaml, Self.scrollTrace(f)) == [])
    }

    @Test func recognizedIsTheDiscreteNameOfEnded() throws {
        let f = Fixture()
        let yaml = """
            recognizers: {T: [recognized@80]}
            actions: {T: [ended@80]}
            callbacks: {V: [began@0, cancelled@80]}
            order:
              - ["T action@80", "V cancelled@80"]
              - ["T recognized@80", "V cancelled@80"]
            """
        #expect(try f.failures(yaml, Self.tapTrace(f)) == [])
    }

    @Test func wildcardsMatchAnyRunIncludingNone() throws {
        let f = Fixture()
        let trace = Self.buttonTrace(f)
        for pattern in [
            #"["...", TouchUpInside@400]"#, #"[TouchDown@150, "..."]"#, #"[TouchDown@150, "...", TouchUpInside@400]"#,
            #"["..."]"#, #"[TouchDown@150, "...", TouchDragInside@300, "...", TouchUpInside@400]"#,
            #"["...", TouchDown@150, "...", TouchDragInside@300, TouchUpInside@400, "..."]"#, "[..., TouchUpInside@400]"
        ] {
            #expect(try f.failures("controls: {B: \(pattern)}", trace) == [], "pattern \(pattern)")
        }
        for pattern in [#"["...", TouchDown@150]"#, #"[TouchDown@150, "...", TouchDragInside@300]"#, "[]"] {
            #expect(try f.failures("controls: {B: \(pattern)}", trace).count == 1, "pattern \(pattern)")
        }
    }

    @Test func numbersCompareWithinOneMillionth() throws {
        let f = Fixture()
        var trace = Self.buttonTrace(f)
        trace.append(Self.control(400.0000004, f.B, .touchCancel))
        #expect(try f.failures("controls: {B: [\"...\", TouchCancel@400]}", trace) == [])
        #expect(try f.failures("controls: {B: [\"...\", TouchCancel@400.001]}", trace).count == 1)
    }

    // MARK: Failing, with messages

    @Test func controlsFailureNamesLineExpectedAndObserved() throws {
        let f = Fixture()
        let yaml = """
            hit: {1: B}
            controls:
              B: [TouchDown@150, TouchUpInside@400]
            """
        #expect(
            try f.failures(yaml, Self.buttonTrace(f)) == [
                "expect.controls.B (line 3): expected [TouchDown@150, TouchUpInside@400], "
                    + "got [TouchDown@150, TouchDragInside@300, TouchUpInside@400]"
            ])
    }

    @Test func callbackFailuresRenderTheQualifiersThePatternUses() throws {
        let f = Fixture()
        let yaml = """
            callbacks:
              B: [began@150 ts=150, "..."]
              V: [began@0]
              R: []
            """
        #expect(
            try f.failures(yaml, Self.buttonTrace(f)) == [
                "expect.callbacks.B (line 2): expected [began@150 ts=150, ...], got [began@150 ts=0, moved@300 ts=300, ended@400 ts=400]",
                "expect.callbacks.V (line 3): expected [began@0], got []"
            ])
        let located = "callbacks: {B: [began@150 at (70,123), ...]}"
        #expect(
            try f.failures(located, Self.buttonTrace(f)) == [
                "expect.callbacks.B (line 1): expected [began@150 at (70,123), ...], "
                    + "got [began@150 at (70,122), moved@300 at (70,110), ended@400 at (70,40)]"
            ])
    }

    @Test func emptyListMeansNothingAtAll() throws {
        let f = Fixture()
        #expect(
            try f.failures("highlights: {B: []}", Self.buttonTrace(f)) == [
                "expect.highlights.B (line 1): expected [], got [on@150, off@400]"
            ])
    }

    @Test func recognizerFailuresShowStatesAndTranslations() throws {
        let f = Fixture()
        let yaml = """
            recognizers:
              T: [failed@80]
              SV.pan: [began@33 translation=(0,-3), "..."]
            actions:
              T: []
            """
        var trace = Self.tapTrace(f)
        trace += Self.scrollTrace(f).filter { if case .hitTest = $0.kind { return false } else { return true } }
        #expect(
            try f.failures(yaml, trace) == [
                "expect.recognizers.T (line 2): expected [failed@80], got [recognized@80]",
                "expect.recognizers.SV.pan (line 3): expected [began@33 translation=(0,-3), ...], "
                    + "got [began@33 translation=(0,-2), changed@50 translation=(0,-52), ended@66 translation=(0,-52)]",
                "expect.actions.T (line 5): expected [], got [recognized@80]"
            ])
    }

    @Test func scrollFailuresReportTheObservedValue() throws {
        let f = Fixture()
        let yaml = """
            scroll:
              SV:
                - y=3@33
                - final y=0
                - unchanged
                - never dragging
                - not dragging@50
                - tracking@66
                - y@80<y@50
                - willBeginDragging@16
                - y<0@16
            """
        #expect(
            try f.failures(yaml, Self.scrollTrace(f)) == [
                "expect.scroll.SV (line 3): expected y=3@33, got y=2@33",
                "expect.scroll.SV (line 4): expected final y=0, got final y=90",
                "expect.scroll.SV (line 5): expected unchanged, got offset (0,2)@33 (initially (0,0))",
                "expect.scroll.SV (line 6): expected never dragging, got dragging@33",
                "expect.scroll.SV (line 7): expected not dragging@50, got dragging@50",
                "expect.scroll.SV (line 8): expected tracking@66, got not tracking@66",
                "expect.scroll.SV (line 9): expected y@80<y@50, got y=60.5@80, y=52@50",
                "expect.scroll.SV (line 10): expected willBeginDragging@16, got willBeginDragging@33",
                "expect.scroll.SV (line 11): expected y<0@16, got y=0@16"
            ])
    }

    @Test func hitFailures() throws {
        let f = Fixture()
        let yaml = """
            hit:
              1: V
              2: none
            """
        #expect(
            try f.failures(yaml, Self.buttonTrace(f)) == [
                "expect.hit.1 (line 2): expected V, got B",
                "expect.hit.2 (line 3): expected none, got no touch 2"
            ])
        let nothing = [Self.at(0, .hitTest(touch: 1, view: nil, chain: [], recognizers: []))]
        #expect(try f.failures("hit: {1: none}", nothing) == [])
        #expect(try f.failures("hit: {1: B}", nothing) == ["expect.hit.1 (line 1): expected B, got none"])
    }

    @Test func droppedFailure() throws {
        let f = Fixture()
        #expect(try f.failures("dropped: [1]", Self.buttonTrace(f)) == ["expect.dropped (line 1): expected [1], got []"])
    }

    @Test func orderFailures() throws {
        let f = Fixture()
        let yaml = """
            order:
              - ["V cancelled@80", "T action@80"]
              - ["T action@80", "V ended@80"]
            """
        #expect(
            try f.failures(yaml, Self.tapTrace(f)) == [
                "expect.order[0] (line 2): expected V cancelled@80 before T action@80, "
                    + "got T action@80 (trace #3) before V cancelled@80 (trace #4)",
                "expect.order[1] (line 3): expected T action@80 before V ended@80, got no V ended@80"
            ])
    }

    @Test func selections() throws {
        let f = Fixture()
        let trace = [Self.at(80, .selected(view: f.Cell))]
        #expect(try f.failures("selections: {Cell: [80]}", trace) == [])
        #expect(try f.failures("selections: {Cell: []}", trace) == ["expect.selections.Cell (line 1): expected [], got [80]"])
    }

    // MARK: Parsing

    @Test func flowListsKeepPointsWhole() throws {
        let f = Fixture()
        let e = try f.parse("callbacks: {B: [began@80 ts=0 at (70,122), ended@80 at ( 70 , 60 )]}")
        #expect(
            e.callbacks.first?.pattern == [
                .entry(CallbackEntry(phase: .began, time: 80, timestamp: 0, location: Point(70, 122))),
                .entry(CallbackEntry(phase: .ended, time: 80, location: Point(70, 60)))
            ])
        let r = try f.parse("recognizers: {P: [began@16 translation=(1,0), ended@32]}")
        #expect(
            r.recognizers.first?.pattern == [
                .entry(RecognizerEntry(state: .began, time: 16, translation: Point(1, 0))),
                .entry(RecognizerEntry(state: .ended, time: 32))
            ])
    }

    @Test func touchQualifier() throws {
        let f = Fixture()
        let trace = [Self.callback(10, .view(f.V), .began, hit: f.V, touch: 2)]
        #expect(try f.failures("callbacks: {V: [began@10 touch 2]}", trace) == [])
        #expect(
            try f.failures("callbacks: {V: [began@10 touch 1]}", trace) == [
                "expect.callbacks.V (line 1): expected [began@10 touch 1], got [began@10 touch 2]"
            ])
    }

    @Test(arguments: [
        (
            "colour: {B: []}",
            "test.yaml:1:1: unknown key 'colour' in 'expect'; allowed keys are hit, callbacks, controls, controlActions, highlights, selections, recognizers, actions, scroll, tapCounts, dropped, order, asked, samples, pop, sheet, panel"
        ),
        ("callbacks:\n  X: []", "test.yaml:2:3: 'X' is not a view or view controller of the scene; known names are W, R, SV, B, V, Cell, VC"),
        ("controls: {V: []}", "test.yaml:1:12: 'V' is a view, not a control"),
        (
            "callbacks: {B: [begun@80]}",
            "test.yaml:1:17: entry 'begun@80' in 'expect.callbacks.B' has unknown phase 'begun'; expected began, moved, ended or cancelled"
        ),
        ("controls: {B: [TouchDown]}", "test.yaml:1:16: entry 'TouchDown' in 'expect.controls.B' needs '@<time in ms>' after the event"),
        (
            "actions: {T: [failed@80]}",
            "test.yaml:1:15: entry 'failed@80' in 'expect.actions.T' has unknown state 'failed'; expected began, changed, ended, recognized or cancelled"
        ),
        ("recognizers: {Q: []}", "test.yaml:1:15: 'Q' is not a recognizer of the scene; known names are SV.delay, SV.pan, T, P"),
        ("scroll:\n  SV: [\"...\"]", "test.yaml:2:8: '...' is not allowed in 'expect.scroll.SV': scroll entries are independent assertions"),
        (
            "scroll: {SV: [z=1@3]}",
            "test.yaml:1:15: scroll entry 'z=1@3' in 'expect.scroll.SV' is not a scroll assertion; expected '<axis><op><value>[±<tol>]@<t>', 'final <axis><op><value>[±<tol>]', '<axis>@<t><op><axis>@<t>', 'zoom<op><value>@<t>', 'final zoom<op><value>', 'unchanged', 'never dragging', '[not] tracking|dragging|decelerating@<t>' or 'willBeginDragging|didEndDragging|didEndDecelerating|willBeginZooming|didEndZooming@<t>[±<ms>]' or 'willEndDragging@<t>[±<ms>] [velocity=(x,y)[±<tol>]] [target=(x,y)[±<tol>]]'"
        ),
        ("scroll: {B: [unchanged]}", "test.yaml:1:10: 'B' is a button, not a scroll view"),
        ("hit: {first: B}", "test.yaml:1:7: 'expect.hit' keys must be touch numbers ≥ 1, not 'first'"),
        ("order: [[\"T action@80\"]]", "test.yaml:1:9: 'expect.order[0]' must list at least two events, the earlier first"),
        (
            "order: [[\"T action@80\", \"V wobbled@80\"]]",
            "test.yaml:1:25: order entry 'V wobbled@80' in 'expect.order[0]' has unknown event 'wobbled' for 'V'; expected '<recognizer> action@<t>', '<recognizer> <state>@<t>', '<responder> <phase>@<t>', '<control> <Event>@<t>' or '<view> on|off@<t>'"
        ),
        ("controls: {B: TouchDown@0}", "test.yaml:1:15: 'expect.controls.B' must be a list (use [] for \"nothing at all\")"),
        ("callbacks: {B: [began@0 at (1,2]}", "test.yaml:1:17: entry 'began@0 at (1,2' in 'expect.callbacks.B' has an unclosed '('")
    ])
    func parseErrorsAreOneLocatedSentence(yaml: String, message: String) throws {
        let error = try Fixture().parseError(yaml)
        #expect(error.description == message)
    }

    @Test func theBlockMustBeAMapping() throws {
        let f = Fixture()
        let root = try #require(try Yams.compose(yaml: "expect: 1"))
        let node = try #require(root["expect"])
        #expect(throws: ScenarioError(file: "test.yaml", line: 1, column: 9, message: "'expect' must be a mapping")) {
            try Expectations.parse(node: node, file: "test.yaml", scene: f.scene)
        }
    }
}
