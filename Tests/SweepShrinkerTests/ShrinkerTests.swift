import Foundation
import ScenarioKit
import SweepPlanning
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore
@testable import SweepShrinker

/// Known bugs from the seeds, buried in larger trees with unrelated subtrees, recognizers, flags and
/// samples, shrink back to the small trees that show them (docs/shrinking.md).
struct ShrinkerTests {
    /// Unrelated content: `count` sibling subtrees under `parent` (a row with a label, a switch and a nested
    /// view), each `height` pt tall, starting at `y`; plus a long press and a swipe on the first ones.
    static func addNoise(to scene: inout Scene, under parent: ViewID, count: Int, y: Double, height: Double, prefix: String) {
        for i in 0 ..< count {
            var row = ViewSpec(
                name: "\(prefix)Row\(i)", kind: i % 3 == 0 ? .cell : .view,
                frame: Rect(0, y + Double(i) * height, 390, height), parent: parent)
            row.clipsToBounds = i % 2 == 0
            row.isMultipleTouchEnabled = i % 4 == 1
            let r = scene.addView(row)
            scene.addView(ViewSpec(name: "\(prefix)Row\(i).Title", kind: .label, frame: Rect(16.5, 4.25, 200, 20), parent: r))
            var toggle = ViewSpec(name: "\(prefix)Row\(i).Toggle", kind: .switch, frame: Rect(320, 6, 51, 31), parent: r)
            toggle.value = 1
            scene.addView(toggle)
            let box = scene.addView(ViewSpec(name: "\(prefix)Row\(i).Box", kind: .view, frame: Rect(230, 2, 80, 40), parent: r))
            scene.addView(ViewSpec(name: "\(prefix)Row\(i).Box.Icon", kind: .imageView, frame: Rect(4, 4, 32, 32), parent: box))
        }
    }

    static func addNoiseRecognizers(to scene: inout Scene) {
        if let v = scene.view(named: "TopRow0") {
            var press = RecognizerSpec(name: "TopRow0.press", kind: .longPress(touches: 1), view: v)
            press.cancelsTouchesInView = false
            scene.addRecognizer(press)
        }
        if let v = scene.view(named: "TopRow1") {
            var swipe = RecognizerSpec(name: "TopRow1.swipe", kind: .swipe(directions: .left, touches: 1), view: v)
            swipe.delaysTouchesEnded = false
            scene.addRecognizer(swipe)
        }
    }

    /// A drag sampled every 8.333 ms from `from` to `to`, with fractional coordinates.
    static func drag(from: Point, to: Point, samples: Int, start: Double = 0) -> [ScriptEvent] {
        var script = [ScriptEvent(time: .ms(start), action: .down(from))]
        for k in 1 ... samples {
            let f = Double(k) / Double(samples)
            script.append(
                ScriptEvent(
                    time: .ms(start + Double(k) * 8.333),
                    action: .move(Point(from.x + (to.x - from.x) * f + 0.25, from.y + (to.y - from.y) * f))))
        }
        script.append(ScriptEvent(time: .ms(start + Double(samples + 1) * 8.333), action: .up(to)))
        return script
    }

    /// Seed 004 (a swipe that starts on a button with delaysContentTouches off) inside a screen of 20 rows.
    static func swipeOnButtonScene() -> (Scene, Gesture) {
        var scene = Scene(name: "big feed")
        let root = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        scene.addController(ControllerSpec(name: "VC", rootView: root))
        addNoise(to: &scene, under: root, count: 2, y: 0, height: 44, prefix: "Top")
        var table = ViewSpec(name: "TV", kind: .tableView, frame: Rect(0, 88, 390, 756), parent: root)
        table.scroll?.contentSize = Size(390, 3000)
        table.scroll?.delaysContentTouches = false
        table.scroll?.bounces = true
        table.scroll?.transfersHorizontalScrollingToParent = false
        let tv = scene.addView(table)
        addNoise(to: &scene, under: tv, count: 6, y: 0, height: 60, prefix: "")
        let cell = scene.addView(ViewSpec(name: "Cell6", kind: .cell, frame: Rect(0, 360, 390, 60), parent: tv))
        let button = scene.addView(ViewSpec(name: "Btn", kind: .button, frame: Rect(270.4, 8.2, 100, 44), parent: cell))
        addNoise(to: &scene, under: tv, count: 6, y: 420, height: 60, prefix: "Low")
        scene.installScrollViewRecognizers()
        addNoiseRecognizers(to: &scene)
        scene.parameters.multiTapInterval = .ms(300)
        // Btn is at window y 88 + 360 + 8 … 52 → 456 … 500.
        scene.script = drag(from: Point(320, 478), to: Point(320, 398), samples: 10)
        let gesture = Gesture(
            family: .dragFromControl, target: button, intent: .scroll(tv, axis: .vertical, distance: 80),
            script: scene.script, liftTime: .zero, downTime: .zero)
        return (scene, gesture)
    }

    /// Seed 000 (a tap-to-dismiss recognizer with cancelsTouchesInView kills a cell's selection) with 20
    /// unrelated rows and recognizers around it.
    static func tapToDismissScene() -> (Scene, Gesture) {
        var scene = Scene(name: "big form")
        let root = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        scene.addController(ControllerSpec(name: "VC", rootView: root))
        addNoise(to: &scene, under: root, count: 3, y: 0, height: 44, prefix: "Top")
        scene.addView(ViewSpec(name: "TF", kind: .textField, frame: Rect(0, 0, 0, 0), parent: root))
        var table = ViewSpec(name: "TV", kind: .tableView, frame: Rect(0, 132, 390, 712), parent: root)
        table.scroll?.contentSize = Size(390, 1000)
        let tv = scene.addView(table)
        addNoise(to: &scene, under: tv, count: 2, y: 0, height: 44, prefix: "")
        let cell = scene.addView(ViewSpec(name: "Cell2", kind: .cell, frame: Rect(0, 88, 390, 44), parent: tv))
        scene.addView(ViewSpec(name: "Cell2.Title", kind: .label, frame: Rect(16, 12, 200, 20), parent: cell))
        addNoise(to: &scene, under: tv, count: 12, y: 132, height: 44, prefix: "Low")
        scene.installScrollViewRecognizers()
        addNoiseRecognizers(to: &scene)
        scene.addRecognizer(RecognizerSpec(name: "Tap", kind: .tap(taps: 1, touches: 1), view: root))
        // Cell2 is at window y 132 + 88 … 264; a quick tap with a little jitter.
        scene.script = [
            ScriptEvent(time: .ms(0), action: .down(Point(195.3, 240.2))),
            ScriptEvent(time: .ms(33.333), action: .move(Point(195.8, 240.9))),
            ScriptEvent(time: .ms(66.5), action: .move(Point(196.1, 241.2))),
            ScriptEvent(time: .ms(80.25), action: .up(Point(196.1, 241.2)))
        ]
        let gesture = Gesture(
            family: .quickTap, target: cell, intent: .select(cell), script: scene.script,
            liftTime: .zero, downTime: .zero)
        return (scene, gesture)
    }

    func names(_ scene: Scene) -> [String] { scene.views.map(\.name) }
    func parents(_ scene: Scene) -> [String] { scene.views.map { $0.parent.map { scene.views[$0].name } ?? "-" } }

    @Test func aSwipeSwallowedByAButtonShrinksToWindowTableButton() throws {
        let (scene, gesture) = Self.swipeOnButtonScene()
        #expect(scene.views.count > 60)
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .swallowedScroll)
        #expect(result.cause == "TV.pan failed: contentTouchDelivery: touchesShouldCancel(in: Btn) returned false (S7)")
        let small = result.subject.scene
        #expect(names(small) == ["W", "TV", "Btn"])
        #expect(parents(small) == ["-", "W", "TV"])
        #expect(small.views[1].scroll?.delaysContentTouches == false)
        #expect(small.controllers.isEmpty)
        #expect(result.after.recognizers == 0)
        #expect(result.after.samples == 3, "down, one move past the hysteresis, up")
        #expect(small.parameters == Parameters())
        #expect(!result.budgetExhausted)
        #expect(result.before == ShrinkSizes(scene))
        // Frames are round.
        for v in small.views {
            #expect(v.frame.origin.x == v.frame.origin.x.rounded() && v.frame.size.width == v.frame.size.width.rounded())
        }
    }

    @Test func aTapToDismissThatKillsACellShrinksToRootWithTapTableCell() throws {
        let (scene, gesture) = Self.tapToDismissScene()
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .deadButton)
        #expect(result.cause == "the touch was dropped before Cell2 saw it: Tap took it")
        let small = result.subject.scene
        #expect(names(small) == ["W", "R", "TV", "Cell2"])
        #expect(parents(small) == ["-", "W", "R", "TV"])
        #expect(small.recognizers.filter { !small.isInstalledByViews(small.recognizer(named: $0.name)!) }.map(\.name) == ["Tap"])
        #expect(result.after.samples == 2, "down and up")
        #expect(result.after.durationMs < result.before.durationMs)
        #expect(small.controllers.isEmpty)
    }

    @Test func shrinkingTwiceGivesTheSameBytesAndAShrunkSceneDoesNotShrinkFurther() throws {
        let (scene, gesture) = Self.tapToDismissScene()
        let a = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .deadButton)
        let b = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .deadButton)
        let file = MinimalReproFile(
            exampleID: "x-t0-quickTap-p0", defect: .deadButton, cause: a.cause,
            gesture: a.subject.gesture, scene: a.subject.scene, command: "test")
        #expect(file.text(a) == file.text(b))
        #expect(a.engineRuns == b.engineRuns)
        let again = try Shrinker.shrink(scene: a.subject.scene, gesture: a.subject.gesture, defect: .deadButton)
        #expect(again.subject.scene == a.subject.scene)
    }

    @Test func theWrittenFileLoadsAndShowsTheSameDefectAndCause() throws {
        let (scene, gesture) = Self.swipeOnButtonScene()
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .swallowedScroll)
        let file = MinimalReproFile(
            exampleID: "c1-t0-dragFromControl-p0", defect: .swallowedScroll, cause: result.cause,
            gesture: result.subject.gesture, scene: result.subject.scene, command: "test")
        let text = file.text(result)
        #expect(text.hasPrefix("# Minimal reproduction of c1-t0-dragFromControl-p0: swallowed_scroll\n"))
        #expect(text.contains("# intent: scroll TV vertical 80\n# target: Btn\n"))
        #expect(MinimalReproFile(text: text) == file)
        let loaded = try ScenarioLoader.load(yaml: text, path: "minimal.yaml")
        #expect(loaded.scene.views.map(\.name) == ["W", "TV", "Btn"])
        // The shrunk scene is in the loader's form: the file reads back as the very same scene.
        var expected = result.subject.scene
        expected.name = loaded.scene.name
        #expect(loaded.scene == expected)
        #expect(file.shownCause(scene: loaded.scene) == result.cause)
        #expect(MinimalReproFile.reproduces(text, path: "minimal.yaml"))
    }

    @Test func aSceneWithoutTheDefectIsRefused() throws {
        let (scene, gesture) = Self.tapToDismissScene()
        #expect(throws: Shrinker.Failure.defectNotShown) {
            try Shrinker.shrink(scene: scene, gesture: gesture, defect: .swallowedScroll)
        }
        #expect(throws: Shrinker.Failure.self) {
            try Shrinker.shrink(scene: scene, gesture: gesture, defect: .deadButton, cause: "something else")
        }
    }

    @Test func theRunBudgetStopsTheShrinkAndSaysSo() throws {
        let (scene, gesture) = Self.swipeOnButtonScene()
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .swallowedScroll, maxRuns: 10)
        #expect(result.budgetExhausted)
        #expect(result.engineRuns <= 12)
        #expect(result.after.views < result.before.views, "the first chunk of subtrees already went")
    }

    // MARK: The seed files themselves, inside generated trees

    static func seed(_ name: String) throws -> Scene {
        try ScenarioLoader.load(path: Repository.url("configs/scenarios/seeds/\(name)").path).scene
    }

    /// Copies every view of generated tree `t` of the quickstart plan under `host`, its root moved to `origin`
    /// and every name prefixed (the views only: the generated recognizers would need their own ids).
    static func graft(tree t: Int, into scene: inout Scene, under host: ViewID, at origin: Point, prefix: String) throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let generated = plan.baseTree(t).scene
        var map: [ViewID: ViewID] = [0: host]
        for v in generated.views.indices.dropFirst() {
            var spec = generated.views[v]
            spec.name = prefix + spec.name
            spec.parent = map[spec.parent!]
            if spec.parent == host { spec.frame.origin = origin }
            spec.scroll?.panHost = nil
            spec.scroll?.touchesShouldBegin = .always
            spec.scroll?.pan = RecognizerPolicies()
            map[v] = scene.addView(spec)
        }
    }

    @Test func seed004sSwipeOnAButtonInsideTwoGeneratedScreensShrinksBackToTableAndButton() throws {
        var scene = try Self.seed("004-no-delay-swipe-swallowed.yaml")
        let r = try #require(scene.view(named: "R")), tv = try #require(scene.view(named: "TV"))
        let button = try #require(scene.view(named: "Btn"))
        // Below the screen, and far down the table's content: never under the finger. The scroll views'
        // own recognizers are installed again once every view is in.
        scene.recognizers = []
        try Self.graft(tree: 0, into: &scene, under: 0, at: Point(0, 900), prefix: "G0.")
        try Self.graft(tree: 1, into: &scene, under: tv, at: Point(0, 1200), prefix: "G1.")
        Self.addNoise(to: &scene, under: r, count: 3, y: 844, height: 44, prefix: "Top")
        scene.installScrollViewRecognizers()
        Self.addNoiseRecognizers(to: &scene)
        #expect(scene.views.count > 60)
        let gesture = Gesture(
            family: .dragFromControl, target: button, intent: .scroll(tv, axis: .vertical, distance: 38),
            script: scene.script, liftTime: .zero, downTime: .zero)
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .swallowedScroll)
        #expect(result.cause == "TV.pan failed: contentTouchDelivery: touchesShouldCancel(in: Btn) returned false (S7)")
        #expect(names(result.subject.scene) == ["W", "TV", "Btn"])
        #expect(parents(result.subject.scene) == ["-", "W", "TV"])
        #expect(result.after.recognizers == 0 && result.after.samples == 3)
    }

    @Test func seed000sTapToDismissInsideAGeneratedScreenShrinksBackToRootTableCell() throws {
        var scene = try Self.seed("000-dismiss-keyboard-tap-kills-cell.yaml")
        let r = try #require(scene.view(named: "R")), tv = try #require(scene.view(named: "TV"))
        let cell = try #require(scene.view(named: "Cell2"))
        let userRecognizers = scene.recognizers.filter {
            if case .tap = $0.kind { return true } else { return false }
        }
        scene.recognizers = []
        try Self.graft(tree: 2, into: &scene, under: tv, at: Point(0, 600), prefix: "G2.")
        try Self.graft(tree: 3, into: &scene, under: r, at: Point(0, 900), prefix: "G3.")
        scene.installScrollViewRecognizers()
        // The tap-to-dismiss recognizer again, after the scroll views' own (names resolve to new ids).
        for var spec in userRecognizers {
            spec.view = r
            spec.addOrder = 0
            scene.addRecognizer(spec)
        }
        #expect(scene.views.count > 40)
        let gesture = Gesture(
            family: .quickTap, target: cell, intent: .select(cell), script: scene.script,
            liftTime: .zero, downTime: .zero)
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .deadButton)
        #expect(result.cause == "the touch was dropped before Cell2 saw it: Tap took it")
        #expect(names(result.subject.scene) == ["W", "R", "TV", "Cell2"])
        #expect(result.after.recognizers == 1)
        #expect(result.after.durationMs < result.before.durationMs)
    }
}

@Suite struct MinimalReproPickTests {
    @Test func causesThatDifferOnlyInTheirViewsAreOneKind() {
        #expect(
            MinimalRepros.causeKind("the touch hit Sheet, not Item3.Info (H1–H3)")
                == MinimalRepros.causeKind("the touch hit Panel, not Item7.Info (H1–H3)"))
        #expect(MinimalRepros.causeKind("the touch hit Sheet, not Item3.Info (H1–H3)") == "the touch hit _, not _ (H1–H3)")
        #expect(
            MinimalRepros.causeKind("the touch was dropped before Field2.Input saw it: R.dismissKeyboard took it")
                == "the touch was dropped before _ saw it: _ took it")
        #expect(MinimalRepros.causeKind("Cell8 got touchesCancelled: Cell8.longPress began (G4)") == "_ got touchesCancelled: _ began (G4)")
        #expect(
            MinimalRepros.causeKind("the touch hit Sheet, not Item3.Info (H1–H3)")
                != MinimalRepros.causeKind("the touch was dropped before Field2.Input saw it: R.dismissKeyboard took it"))
    }
}

/// Dropping samples never splits a UIEvent: a multi-touch event whose touches all move goes whole, a mixed one
/// (a finger lands or lifts in it) stays.
@Suite struct ShrinkerEventTests {
    @Test func moveUnitsKeepEachEventWhole() {
        let script = [
            ScriptEvent(time: .ms(0), touch: 1, action: .down(Point(100, 300))),
            ScriptEvent(time: .ms(0), touch: 2, action: .down(Point(250, 300)), sameEvent: true),
            ScriptEvent(time: .ms(20), touch: 1, action: .move(Point(90, 300))),
            ScriptEvent(time: .ms(20), touch: 2, action: .move(Point(260, 300)), sameEvent: true),
            ScriptEvent(time: .ms(40), touch: 1, action: .move(Point(80, 300))),
            ScriptEvent(time: .ms(40), touch: 2, action: .up(nil), sameEvent: true),
            ScriptEvent(time: .ms(50), touch: 1, action: .move(Point(70, 300))),
            ScriptEvent(time: .ms(60), touch: 1, action: .up(nil))
        ]
        #expect(ShrinkState.moveUnits(in: script) == [2 ..< 4, 6 ..< 7])
    }
}
