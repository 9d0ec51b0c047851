import Foundation
import TestSupport
import Testing
import TouchEngine

@testable import ScenarioKit

/// A scenario that uses every section and most keys of docs/scenario-format.md.
private let fullScenario = """
    name: Round trip
    description: Everything at once.
    source: "S7 [DOC touchesShouldCancel]"
    parameters:
      iosVersion: "17.4"
      contentTouchDelay: 120
      tapMaximumDuration: 600.5
      device: pad
      controlTrackingTolerance: 30
      scrollDelayEarlyRelease: true
    window:
      size: [400, 800]
      edgeGate: [bottom, left]
    views:
      - id: R
        controller: VC
        frame: [0, 0, 400, 800]
        subviews:
          - id: SV
            kind: scrollView
            frame: [0, 0, 400, 800]
            contentSize: [400, 3000]
            contentOffset: [0, 100]
            contentInset: [10, 0, 20, 0]
            delaysContentTouches: false
            touchesShouldCancel: always
            touchesShouldBegin: {reject: [L]}
            decelerating: [0, -1.5]
            pagingEnabled: true
            panHost: R
            pan: {shouldBegin: vertical, simultaneousWith: [P], requireToFail: [T], shouldReceive: {notIn: [B]}}
            subviews:
              - { id: B, kind: button, frame: [20, 100, 100, 44], enabled: false, hitTest: {enlarge: 10} }
              - { id: V, frame: [20, 300, 200, 100], touches: logs, hitTest: passThrough, alpha: 0.5 }
              - { id: L, kind: label, frame: [0, 0, 10, 10], touches: {began: observe, ended: consume} }
          - id: S
            kind: slider
            frame: [0, 700, 300, 30]
            value: 0.25
            class: MySlider
            bounds: [1, 2]
            hitTest: {enlarge: [1, 2, 3, 4]}
      - { id: TV, kind: tableView, frame: [0, 0, 10, 10], hidden: true, multipleTouchEnabled: true, exclusiveTouch: true,
          userInteractionEnabled: false, clipsToBounds: true, scrollEnabled: false }
    controllers:
      - { id: VC, view: R, touches: { began: consume, ended: consume } }
      - { id: VC2, view: V, touches: observe }
    recognizers:
      - { id: T, kind: tap, view: R, taps: 2, cancelsTouchesInView: false, maximumTapDuration: 500, requireToFail: [SV.pan] }
      - id: P
        kind: pan
        view: window
        minimumTouches: 2
        hysteresis: 5
        simultaneousWith: {except: [T]}
        canPrevent: none
        canBePrevented: [SV.pan, W.edgeGate]
        shouldReceive: {notOnKinds: [button, cell]}
        delaysTouchesBegan: true
      - { id: LP, kind: longPress, view: B, minimumPressDuration: 300, allowableMovement: 5, enabled: false,
          shouldReceive: never, simultaneousWith: all }
      - { id: SW, kind: swipe, view: V, directions: [left, up], touches: 2, delaysTouchesEnded: false,
          shouldReceive: {onlyIn: [SV]}, shouldBegin: horizontal }
    script:
      - 0 down (70,122)
      - 16.5 move ( 70 , 117 ) touch 1
      - 80 up
      - 90 down (1,2) touch 2
      - 95 cancel touch 2
      - 100 disable P
      - {t: 110, enable: P}
      - {t: 120, down: [5, 6], touch: 3}
      - {t: 130, move: [7, 8], touch: 3}
      - {t: 140, up: ~, touch: 3}
      - {tap: [10, 20], t: 200, duration: 80}
      - {swipe: {from: [0, 0], to: [0, 120]}, t: 300, duration: 100, hz: 60}
      - {drag: {from: [10, 10], to: [40, 10]}, t: 500, hold: 300, duration: 50, hz: 40}
      - 900 down (3,4)
      - 910 up
    """

private func ev(_ ms: Double, _ action: ScriptAction, touch: Int = 1) -> ScriptEvent {
    ScriptEvent(time: .ms(ms), touch: touch, action: action)
}

private func load(_ yaml: String) throws -> LoadedScenario {
    try ScenarioLoader.load(yaml: yaml, path: "test.yaml")
}

@Suite struct ScenarioLoaderTests {
    @Test func topLevelFieldsAndParameters() throws {
        let loaded = try load(fullScenario)
        #expect(loaded.path == "test.yaml")
        #expect(loaded.scene.name == "Round trip")
        #expect(loaded.description == "Everything at once.")
        #expect(loaded.source == "S7 [DOC touchesShouldCancel]")
        #expect(loaded.expectations == nil)
        let p = loaded.scene.parameters
        #expect(p.iosVersion == OSVersion(17, 4))
        #expect(p.contentTouchDelay == .ms(120))
        #expect(p.tapMaximumDuration == .ms(600.5))
        #expect(p.device == .pad)
        #expect(p.controlTrackingToleranceOverride == 30)
        #expect(p.scrollDelayEarlyRelease)
        #expect(p.multiTapInterval == Parameters().multiTapInterval)
        #expect(loaded.scene.windowSize == Size(400, 800))
    }

    @Test func viewsAreAddedDepthFirstWithParents() throws {
        let scene = try load(fullScenario).scene
        #expect(scene.views.map(\.name) == ["W", "R", "SV", "B", "V", "L", "S", "TV"])
        #expect(scene.views.map(\.parent) == [nil, 0, 1, 2, 2, 2, 1, 0])
        #expect(scene.children[0] == [1, 7])
        #expect(scene.children[1] == [2, 6])
        #expect(scene.children[2] == [3, 4, 5])
        #expect(scene.views.map(\.kind) == [.view, .view, .scrollView, .button, .view, .label, .slider, .tableView])
        #expect(scene.views[3].frame == Rect(20, 100, 100, 44))
        #expect(scene.views[6].frame == Rect(0, 700, 300, 30))
    }

    @Test func viewProperties() throws {
        let v = try load(fullScenario).scene.views
        #expect(v[1].touches == .inherit)
        #expect(v[3].isEnabled == false)
        #expect(v[3].hitTestOverride == .enlarged(EdgeInsets(all: 10)))
        #expect(v[4].touches == .logs)
        #expect(v[4].hitTestOverride == .passThrough)
        #expect(v[4].alpha == 0.5)
        #expect(v[5].isUserInteractionEnabled == false) // label default
        #expect(v[5].touches == TouchMethods(began: .observe, ended: .consume))
        #expect(v[6].value == 0.25)
        #expect(v[6].className == "MySlider")
        #expect(v[6].boundsOrigin == Point(1, 2))
        #expect(v[6].hitTestOverride == .enlarged(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)))
        #expect(v[6].scroll == nil)
        #expect(v[7].isHidden && v[7].isMultipleTouchEnabled && v[7].isExclusiveTouch && v[7].clipsToBounds)
        #expect(v[7].isUserInteractionEnabled == false)
    }

    @Test func scrollConfiguration() throws {
        let v = try load(fullScenario).scene.views
        let sv = try #require(v[2].scroll)
        #expect(v[2].boundsOrigin == Point(0, 100))
        #expect(sv.contentSize == Size(400, 3000))
        #expect(sv.contentInset == EdgeInsets(top: 10, left: 0, bottom: 20, right: 0))
        #expect(sv.delaysContentTouches == false)
        #expect(sv.canCancelContentTouches)
        #expect(sv.touchesShouldCancel == .always)
        #expect(sv.touchesShouldBegin == .rejectViews([5]))
        #expect(sv.initialDeceleration == Point(0, -1.5))
        #expect(sv.isPagingEnabled)
        #expect(sv.panHost == 1)
        #expect(sv.pan.shouldBegin == .vertical)
        #expect(sv.pan.shouldReceive == .notInViews([3]))
        let tv = try #require(v[7].scroll)
        #expect(tv.alwaysBounceVertical) // tableView default
        #expect(tv.isScrollEnabled == false)
    }

    @Test func controllersFromShorthandAndList() throws {
        let controllers = try load(fullScenario).scene.controllers
        #expect(controllers.count == 2)
        #expect(controllers[0].name == "VC")
        #expect(controllers[0].rootView == 1)
        #expect(controllers[0].touches == TouchMethods(began: .consume, ended: .consume))
        #expect(controllers[1].name == "VC2")
        #expect(controllers[1].rootView == 4)
        #expect(controllers[1].touches == TouchMethods(all: .observe))
    }

    @Test func recognizersInInstallOrder() throws {
        let scene = try load(fullScenario).scene
        #expect(scene.recognizers.map(\.name) == ["SV.delay", "SV.pan", "TV.delay", "TV.pan", "W.edgeGate", "T", "P", "LP", "SW"])
        #expect(scene.recognizers[1].view == 1) // hosted on R
        #expect(scene.recognizers[3].isEnabled == false) // scrollEnabled: false
        #expect(scene.recognizers[4].kind == .edgeGate(edges: [.bottom, .left]))
    }

    @Test func recognizerProperties() throws {
        let r = try load(fullScenario).scene.recognizers
        let t = r[5], p = r[6], lp = r[7], sw = r[8]
        #expect(t.kind == .tap(taps: 2, touches: 1))
        #expect(t.view == 1)
        #expect(t.cancelsTouchesInView == false)
        #expect(t.thresholds.maximumTapDuration == .ms(500))
        #expect(t.policies.requireToFail == [1]) // SV.pan
        #expect(p.kind == .pan(minimumTouches: 2, maximumTouches: Int.max))
        #expect(p.view == 0)
        #expect(p.thresholds.hysteresis == 5)
        #expect(p.delaysTouchesBegan)
        #expect(p.policies.simultaneousWith == .allExcept([5]))
        #expect(p.policies.canPrevent == RecognizerSet.none)
        #expect(p.policies.canBePrevented == .only([1, 4]))
        #expect(p.policies.shouldReceive == .notOnKinds([.button, .cell]))
        #expect(lp.kind == .longPress(touches: 1))
        #expect(lp.view == 3)
        #expect(lp.thresholds.minimumPressDuration == .ms(300))
        #expect(lp.thresholds.allowableMovement == 5)
        #expect(lp.isEnabled == false)
        #expect(lp.policies.shouldReceive == .never)
        #expect(lp.policies.simultaneousWith == .all)
        #expect(sw.kind == .swipe(directions: [.left, .up], touches: 2))
        #expect(sw.delaysTouchesEnded == false)
        #expect(sw.policies.shouldReceive == .onlyInViews([2]))
        #expect(sw.policies.shouldBegin == .horizontal)
    }

    @Test func scrollPanPoliciesReferToRecognizers() throws {
        let pan = try load(fullScenario).scene.recognizers[1]
        #expect(pan.kind == .scrollPan(scrollView: 2))
        #expect(pan.policies.shouldBegin == .vertical)
        #expect(pan.policies.shouldReceive == .notInViews([3]))
        #expect(pan.policies.simultaneousWith == .only([6])) // P
        #expect(pan.policies.requireToFail == [5]) // T
        #expect(pan.policies.canPrevent == .all)
    }

    @Test func scriptStepsAndShorthands() throws {
        let script = try load(fullScenario).scene.script
        let swipe: [ScriptEvent] = [
            ev(300, .down(Point(0, 0))),
            ev(300 + 100.0 / 6, .move(Point(0, 20))),
            ev(300 + 200.0 / 6, .move(Point(0, 40))),
            ev(350, .move(Point(0, 60))),
            ev(300 + 400.0 / 6, .move(Point(0, 80))),
            ev(300 + 500.0 / 6, .move(Point(0, 100))),
            ev(400, .move(Point(0, 120))),
            ev(400 + 100.0 / 6, .up(Point(0, 120)))
        ]
        let expected: [ScriptEvent] =
            [
                ev(0, .down(Point(70, 122))),
                ev(16.5, .move(Point(70, 117))),
                ev(80, .up(nil)),
                ev(90, .down(Point(1, 2)), touch: 2),
                ev(95, .cancel, touch: 2),
                ev(100, .setRecognizerEnabled(6, false)),
                ev(110, .setRecognizerEnabled(6, true)),
                ev(120, .down(Point(5, 6)), touch: 3),
                ev(130, .move(Point(7, 8)), touch: 3),
                ev(140, .up(nil), touch: 3),
                ev(200, .down(Point(10, 20))),
                ev(280, .up(Point(10, 20)))
            ] + swipe + [
                ev(500, .down(Point(10, 10))),
                ev(825, .move(Point(25, 10))),
                ev(850, .move(Point(40, 10))),
                ev(875, .up(Point(40, 10))),
                ev(900, .down(Point(3, 4))),
                ev(910, .up(nil))
            ]
        #expect(script.count == expected.count)
        for (got, want) in zip(script, expected) {
            #expect(got.time == want.time && got.touch == want.touch && got.action == want.action, "\(got) != \(want)")
        }
        // Swipe samples land on exact microseconds.
        #expect(script[13].time == VirtualTime(microseconds: 316_667))
        #expect(script[14].time == VirtualTime(microseconds: 333_333))
        #expect(script[19].time == VirtualTime(microseconds: 416_667))
    }

    @Test func overlappingShorthandsMergeByTime() throws {
        let scene = try load(
            """
            script:
              - {swipe: {from: [0, 0], to: [0, 30]}, t: 0, duration: 20, hz: 100, touch: 1}
              - {swipe: {from: [100, 0], to: [100, 30]}, t: 0, duration: 20, hz: 100, touch: 2}
              - 10 move (50,50) touch 1
            """
        ).scene
        let summary = scene.script.map { "\($0.time.microseconds / 1000)/\($0.touch)" }
        #expect(summary == ["0/1", "0/2", "10/1", "10/2", "10/1", "20/1", "20/2", "30/1", "30/2"])
    }

    @Test func defaults() throws {
        let loaded = try ScenarioLoader.load(yaml: "views:\n  - {id: A, frame: [0, 0, 1, 1]}\n", path: "dir/SV-05 hold.yaml")
        #expect(loaded.scene.name == "SV-05 hold")
        #expect(loaded.scene.windowSize == Size(390, 844))
        #expect(loaded.scene.parameters == Parameters())
        #expect(loaded.scene.recognizers.isEmpty)
        #expect(loaded.scene.script.isEmpty)
        #expect(loaded.description == nil && loaded.source == nil)
        let a = loaded.scene.views[1]
        #expect(a.kind == .view && a.alpha == 1 && a.isUserInteractionEnabled && a.touches == .inherit)
        #expect(a.hitTestOverride == HitTestOverride.none && a.boundsOrigin == .zero)
    }

    @Test func documentExampleLoads() throws {
        let loaded = try load(
            """
            name: SV-05 press-hold on the button, then drag
            description: Free text.
            source: "S7 [DOC touchesShouldCancel]"
            parameters:
              iosVersion: "17.0"
            window:
              size: [390, 844]
              edgeGate: [bottom]
            views:
              - id: R
                controller: VC
                frame: [0, 0, 390, 844]
                subviews:
                  - id: SV
                    kind: scrollView
                    frame: [0, 0, 390, 844]
                    contentSize: [390, 3000]
                    subviews:
                      - { id: B, kind: button, frame: [20, 100, 100, 44] }
                      - { id: V, frame: [20, 300, 200, 100], touches: logs }
            controllers:
              - { id: VC, view: R, touches: { began: consume, ended: consume } }
            recognizers:
              - { id: T, kind: tap, view: R, cancelsTouchesInView: false }
            script:
              - 0 down (70,122)
              - 300 move (70,110)
              - 350 move (70,40)
              - 400 up
            """)
        #expect(loaded.scene.views.count == 5)
        #expect(loaded.scene.recognizers.map(\.name) == ["SV.delay", "SV.pan", "W.edgeGate", "T"])
        #expect(loaded.scene.script.count == 4)
        #expect(loaded.scene.parameters.iosVersion == OSVersion(17, 0))
    }

    @Test func expectBlockIsHandedToExpectations() throws {
        let loaded = try load(
            """
            views:
              - { id: B, kind: button, frame: [20, 100, 100, 44] }
            script:
              - 0 down (70,122)
              - 80 up
            expect:
              controls:
                B: [TouchDown@0, TouchUpInside@80]
            """)
        #expect(loaded.expectations != nil)
    }

    @Test func loadsFromDisk() throws {
        let dir = try TemporaryDirectory("scenario-loader-test")
        let path = try dir.write(fullScenario, to: "scenario.yaml")
        let loaded = try ScenarioLoader.load(path: path)
        #expect(loaded.path == path)
        #expect(loaded.scene == (try load(fullScenario)).scene)
    }

    @Test func unreadableFileIsAnErrorWithoutPosition() throws {
        let error = #expect(throws: ScenarioError.self) {
            try ScenarioLoader.load(path: "/nonexistent/dir/missing.yaml")
        }
        #expect(error?.description == "/nonexistent/dir/missing.yaml: cannot read the scenario file: no such file")
        #expect(error?.line == 0)
    }
}

@Suite struct OneLineScriptTests {
    @Test func theGoldenCasesOneLineNotationLoads() throws {
        let scenario = try ScenarioLoader.load(
            yaml: """
                name: one line
                views:
                  - { id: V, frame: [0, 0, 200, 200], touches: logs }
                script: "0 down (150,150) · 50 move (160,150) · 80 up"
                """, path: "s.yaml")
        #expect(scenario.scene.script.map(\.time) == [.ms(0), .ms(50), .ms(80)])
        #expect(scenario.scene.script[1].action == .move(Point(160, 150)))
    }

    @Test func anErrorInAOneLineScriptPointsAtTheStep() {
        #expect(
            throws: ScenarioError(
                file: "s.yaml", line: 4, column: 28,
                message: "script step 2 ('50 hop (1,1)') has unknown verb 'hop'; expected one of down, move, up, cancel, disable, enable")
        ) {
            try ScenarioLoader.load(
                yaml: """
                    name: one line
                    views:
                      - { id: V, frame: [0, 0, 200, 200] }
                    script: "0 down (1,1) · 50 hop (1,1)"
                    """, path: "s.yaml")
        }
    }
}
