import ScenarioKit
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore
@testable import SweepShrinker

/// Which handler a gesture means (docs/defects.md, "What each gesture means") and how its run is counted, both
/// ways, on a table with a context-menu row (long press), a double-tap-to-like row with a Like button, a plain row
/// and a button outside the table, with or without a double tap to zoom on the root.
@Suite struct IntentClassifierTests {
    static func scene(pressDuration: Double = 500, tripleTap: Bool = false, rootZoom: Bool = true) throws -> Scene {
        let yaml = """
            name: intents
            views:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
                  - id: T
                    kind: tableView
                    frame: [0, 0, 390, 700]
                    contentSize: [390, 3000]
                    subviews:
                      - id: Menu
                        kind: cell
                        frame: [0, 100, 390, 80]
                        subviews:
                          - { id: Menu.Share, kind: button, frame: [330, 18, 44, 44] }
                      - id: Photo
                        kind: cell
                        frame: [0, 300, 390, 80]
                        subviews:
                          - { id: Photo.Like, kind: button, frame: [330, 18, 44, 44] }
                      - { id: Plain, kind: cell, frame: [0, 500, 390, 80] }
                  - { id: Done, kind: button, frame: [20, 720, 100, 44] }
            recognizers:
              - { id: Menu.longPress, kind: longPress, view: Menu, minimumPressDuration: \(pressDuration) }
              - { id: Photo.doubleTap, kind: tap, view: Photo, taps: 2\(tripleTap ? ", requireToFail: [Photo.tripleTap]" : "") }
            \(rootZoom ? "  - { id: R.zoom, kind: tap, view: R, taps: 2 }" : "")
            \(tripleTap ? "  - { id: Photo.tripleTap, kind: tap, view: Photo, taps: 3 }" : "")
            """
        return try ScenarioLoader.load(yaml: yaml, path: "intents.yaml").scene
    }

    static func element(_ name: String, in scene: Scene) -> Element {
        TreeGenerator.elements(of: scene).first { scene.views[$0.view].name == name }!
    }

    static func centre(_ name: String, in scene: Scene) -> Point {
        let r = element(name, in: scene).visibleRect
        return Point(r.midX, r.midY)
    }

    static func press(at p: Point, hold: Double) -> [ScriptEvent] {
        [ScriptEvent(time: .zero, action: .down(p)), ScriptEvent(time: .ms(hold), action: .up(p))]
    }

    static func doubleTap(at p: Point, secondAt second: Double = 180) -> [ScriptEvent] {
        press(at: p, hold: 60) + [ScriptEvent(time: .ms(second), action: .down(p)), ScriptEvent(time: .ms(second + 60), action: .up(p))]
    }

    /// The intent `family` has on element `name`, the run of `script` and its verdict.
    struct Judged {
        var intent: Intent
        var verdict: ScenarioVerdict
        var summary: RunSummary
        var gesture: Gesture
    }

    static func judge(
        _ family: GestureFamily, on name: String, in scene: Scene, script: [ScriptEvent],
        intent override: Intent? = nil
    ) -> Judged {
        let target = element(name, in: scene)
        let intent = override ?? GestureIntents.tapIntent(family, element: target, scene: scene)
        var s = scene
        s.script = script
        let prepared = PreparedScene(s)
        let summary = Engine.summary(prepared)
        let down = script.first!.time, lift = script.last!.time
        let gesture = Gesture(family: family, target: target.view, intent: intent, script: script, liftTime: lift, downTime: down)
        return Judged(
            intent: intent, verdict: Classifier.classify(gesture: gesture, prepared: prepared, summary: summary),
            summary: summary, gesture: gesture)
    }

    // MARK: Long press

    @Test func aLongPressOnARowWithAContextMenuMeansItsHandlerAndItFiringIsSuccess() throws {
        let scene = try Self.scene()
        let menu = scene.view(named: "Menu")!, handler = scene.recognizer(named: "Menu.longPress")!
        let j = Self.judge(.longPress, on: "Menu", in: scene, script: Self.press(at: Self.centre("Menu", in: scene), hold: 700))
        #expect(j.intent == .trigger(menu, handler: handler))
        #expect(j.summary.firstRecognition(handler) == .ms(500), "the context menu opens at 500 ms")
        #expect(j.verdict.defects.isEmpty)
        #expect(j.verdict.applicable == DefectSet([.deadButton]), "the menu draws its own feedback; it fires before the lift")
        // The row's own selection was cancelled by the handler (G4), by design: judged as a selection (the
        // intent before issue 13) the same run was a dead button.
        #expect(j.summary.selections[menu] == 0)
        let old = Self.judge(.longPress, on: "Menu", in: scene, script: j.gesture.script, intent: .select(menu))
        #expect(old.verdict.defects.contains(.deadButton))
    }

    @Test func aLongPressThatDoesNotReachItsHandlerIsADeadButtonAndSaysWhy() throws {
        let scene = try Self.scene(pressDuration: 900)
        let j = Self.judge(.longPress, on: "Menu", in: scene, script: Self.press(at: Self.centre("Menu", in: scene), hold: 700))
        #expect(j.verdict.defects == DefectSet([.deadButton]))
        let cause = CauseFinder.cause(of: .deadButton, gesture: j.gesture, scene: scene)
        #expect(cause.hasPrefix("Menu.longPress failed: "), "\(cause)")
    }

    /// UIButton vetoes only single taps (§5.4): a long press that starts on the Share button inside the row is the
    /// row's context menu.
    @Test func aLongPressOnAButtonInsideTheRowMeansTheRowsHandler() throws {
        let scene = try Self.scene()
        let j = Self.judge(.longPress, on: "Menu.Share", in: scene, script: Self.press(at: Self.centre("Menu.Share", in: scene), hold: 700))
        #expect(j.intent == .trigger(scene.view(named: "Menu")!, handler: scene.recognizer(named: "Menu.longPress")!))
        #expect(j.verdict.defects.isEmpty)
    }

    /// Without a long-press handler a held press is a slow tap: UIControl tracking has no time limit (§5.1) and
    /// a table selects on touch-up.
    @Test func aLongPressWithoutAHandlerStillActivatesAButtonAndSelectsARow() throws {
        let scene = try Self.scene()
        let done = Self.judge(.longPress, on: "Done", in: scene, script: Self.press(at: Self.centre("Done", in: scene), hold: 700))
        #expect(done.intent == .activate(scene.view(named: "Done")!))
        #expect(!done.verdict.defects.contains(.deadButton))
        let plain = Self.judge(.longPress, on: "Plain", in: scene, script: Self.press(at: Self.centre("Plain", in: scene), hold: 700))
        #expect(plain.intent == .select(scene.view(named: "Plain")!))
        #expect(!plain.verdict.defects.contains(.deadButton))
    }

    // MARK: Double tap

    /// A double tap on the Like button of a double-tap-to-like row: the row's recognizer is not vetoed by the
    /// button (§5.4) and takes both taps (G4, G6); the user meant the row's handler, which fires: success. Judged
    /// as "activate Like" the same run was a dead button.
    @Test func aDoubleTapOnAButtonInsideADoubleTapRowMeansTheRowsHandler() throws {
        let scene = try Self.scene()
        let photo = scene.view(named: "Photo")!, like = scene.view(named: "Photo.Like")!
        let handler = scene.recognizer(named: "Photo.doubleTap")!
        let j = Self.judge(.doubleTap, on: "Photo.Like", in: scene, script: Self.doubleTap(at: Self.centre("Photo.Like", in: scene)))
        #expect(j.intent == .trigger(photo, handler: handler))
        #expect(j.verdict.defects.isEmpty)
        #expect(j.verdict.applicable == DefectSet([.deadButton, .lateAction]))
        #expect(j.verdict.actionLatency == 0, "a double tap recognizes on its last touch-up")
        #expect(j.summary.count(.touchUpInside, of: like) == 0)
        let old = Self.judge(.doubleTap, on: "Photo.Like", in: scene, script: j.gesture.script, intent: .activate(like))
        #expect(old.verdict.defects.contains(.deadButton))
    }

    /// A quick tap on the same button means the button: it fires, ~350 ms late (B5, the row's double tap holds its
    /// touchesEnded) — a late action, not a dead button.
    @Test func aQuickTapOnThatButtonMeansTheButtonAndIsLate() throws {
        let scene = try Self.scene()
        let j = Self.judge(.quickTap, on: "Photo.Like", in: scene, script: Self.press(at: Self.centre("Photo.Like", in: scene), hold: 60))
        #expect(j.intent == .activate(scene.view(named: "Photo.Like")!))
        #expect(j.verdict.defects == DefectSet([.lateAction]))
    }

    @Test func aDoubleTapTooSlowForItsHandlerIsADeadButton() throws {
        let scene = try Self.scene()
        let j = Self.judge(.doubleTap, on: "Photo", in: scene, script: Self.doubleTap(at: Self.centre("Photo", in: scene), secondAt: 500))
        #expect(j.verdict.defects.contains(.deadButton), "the second tap came 440 ms after the first lift (> 350 ms)")
        let cause = CauseFinder.cause(of: .deadButton, gesture: j.gesture, scene: scene)
        #expect(cause.hasPrefix("Photo.doubleTap failed: "), "\(cause)")
    }

    /// A double-tap handler that must wait for a triple tap to fail (G10) fires ~350 ms after the lift: late. (Without
    /// the root's double tap, which would recognize first and exclude the waiting handler, G7.)
    @Test func aDoubleTapHandlerWaitingForATripleTapIsLate() throws {
        let scene = try Self.scene(tripleTap: true, rootZoom: false)
        let j = Self.judge(.doubleTap, on: "Photo", in: scene, script: Self.doubleTap(at: Self.centre("Photo", in: scene)))
        #expect(j.verdict.defects == DefectSet([.lateAction]))
        #expect((j.verdict.actionLatency ?? 0) > DefectThresholds.lateAction)
    }

    /// With no double-tap handler on it or above it, a double tap on a button means "activate it" (a user who
    /// double-clicks), and it does fire with the first tap.
    @Test func aDoubleTapOnAButtonWithoutAHandlerAboveMeansTheButton() throws {
        let scene = try Self.scene(rootZoom: false)
        let j = Self.judge(.doubleTap, on: "Done", in: scene, script: Self.doubleTap(at: Self.centre("Done", in: scene)))
        #expect(j.intent == .activate(scene.view(named: "Done")!))
        #expect(j.verdict.defects.isEmpty)
    }

    /// A double tap to zoom on the screen's root covers the button too (UIButton does not veto it, §5.4): the
    /// app gave that gesture to the zoom there, so the zoom firing is success and the button's silence is not
    /// a dead button.
    @Test func aDoubleTapOnAButtonUnderARootDoubleTapMeansTheRootsHandler() throws {
        let scene = try Self.scene()
        let j = Self.judge(.doubleTap, on: "Done", in: scene, script: Self.doubleTap(at: Self.centre("Done", in: scene)))
        #expect(j.intent == .trigger(scene.view(named: "R")!, handler: scene.recognizer(named: "R.zoom")!))
        #expect(j.verdict.defects.isEmpty)
        #expect(j.summary.count(.touchUpInside, of: scene.view(named: "Done")!) == 0)
    }

    // MARK: Reproductions

    /// A minimal reproduction names the handler, reads back to the same intent, and shrinking keeps the handler.
    @Test func aTriggerIntentSurvivesAReproFileAndShrinking() throws {
        let scene = try Self.scene(pressDuration: 900)
        var j = Self.judge(.longPress, on: "Menu", in: scene, script: Self.press(at: Self.centre("Menu", in: scene), hold: 700))
        var withScript = scene
        withScript.script = j.gesture.script
        let result = try Shrinker.shrink(scene: withScript, gesture: j.gesture, defect: .deadButton)
        let shrunk = result.subject.scene
        #expect(shrunk.recognizer(named: "Menu.longPress") != nil)
        #expect(shrunk.recognizer(named: "Photo.doubleTap") == nil && shrunk.recognizer(named: "R.zoom") == nil)
        j.gesture = result.subject.gesture
        let file = MinimalReproFile(
            exampleID: "x", defect: .deadButton, cause: result.cause, gesture: j.gesture, scene: shrunk,
            command: "test")
        #expect(file.intent == "trigger Menu Menu.longPress")
        let read = try #require(file.gesture(in: shrunk))
        #expect(read.intent == .trigger(shrunk.view(named: "Menu")!, handler: shrunk.recognizer(named: "Menu.longPress")!))
        #expect(file.shownCause(scene: shrunk) == result.cause)
    }
}
