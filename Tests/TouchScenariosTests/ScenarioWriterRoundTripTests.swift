import ScenarioKit
import Testing
import TouchEngine

@testable import TouchScenarios

/// `ScenarioWriter.yaml` writes a scene that `ScenarioLoader` reads back to an equal scene (`==`).
@Suite struct ScenarioWriterRoundTripTests {
    static func roundTrip(_ scene: Scene, _ label: String) throws {
        let yaml = ScenarioWriter.yaml(scene, description: "round trip: \(label)")
        let loaded = try ScenarioLoader.load(yaml: yaml, path: "\(label).yaml")
        #expect(loaded.description == "round trip: \(label)")
        if loaded.scene != scene {
            // Name the first difference, then fail with the whole file.
            let a = loaded.scene
            var why = "differs"
            if a.views.count != scene.views.count {
                why = "view count \(a.views.count) vs \(scene.views.count)"
            } else if let v = scene.views.indices.first(where: { a.views[$0] != scene.views[$0] }) {
                why = "view \(scene.views[v].name): \(a.views[v]) vs \(scene.views[v])"
            } else if a.recognizers != scene.recognizers {
                let r = scene.recognizers.indices.first { $0 >= a.recognizers.count || a.recognizers[$0] != scene.recognizers[$0] }
                why = "recognizer \(r.map { scene.recognizers[$0].name } ?? "?")"
            } else if a.controllers != scene.controllers {
                why = "controllers"
            } else if a.parameters != scene.parameters {
                why = "parameters"
            } else if a.script != scene.script {
                why = "script"
            } else if a.name != scene.name {
                why = "name"
            }
            Issue.record("\(label): \(why)\n\(yaml)")
        }
    }

    @Test(arguments: TreeTemplate.generated)
    func generatedScenesWithAGestureRoundTrip(_ template: TreeTemplate) throws {
        for seed: UInt64 in 0 ..< 5 {
            let tree = TreeGenerator.generate(template, seed: seed, options: TreeOptions())
            let family = GestureFamily.allCases[Int(seed) % GestureFamily.allCases.count]
            var scene = tree.scene
            let gesture =
                GestureGenerator.generate(family, on: tree, placement: Int(seed), seed: seed, options: GestureOptions())
                ?? GestureGenerator.generate(.quickTap, on: tree, placement: 0, seed: seed, options: GestureOptions())
            scene.script = try #require(gesture).script
            try Self.roundTrip(scene, "\(template)-\(seed)")
        }
    }

    /// Every axis of the catalogue at a non-default value still writes and loads back to the same scene
    /// (except `system.edgeGate: false`, which has no file syntax: see `ScenarioWriter`).
    @Test func scenesWithSweepAxesAppliedRoundTrip() throws {
        let values: [(String, AxisValue)] = [
            ("contentTouchDelay", .number(87.5)), ("longPressDuration", .number(420)), ("tapMaximumDuration", .number(600)),
            ("multiTapInterval", .number(275.25)), ("edgeGateDelay", .number(800)), ("controlMinimumHighlight", .number(90)),
            ("swipeMaximumDuration", .number(333.333)), ("panHysteresis", .number(7.5)), ("scrollHysteresis", .number(12)),
            ("tapAllowableMovement", .number(30)), ("longPressAllowableMovement", .number(15)), ("controlTrackingTolerance", .number(25)),
            ("swipeMinimumPrimaryMovement", .number(40)), ("swipeMaximumSecondaryMovement", .number(150)),
            ("iosVersion", .text("17.4")), ("device", .text("pad")), ("scrollDelayEarlyRelease", .bool(true)),
            ("scrollViews.delaysContentTouches", .bool(false)), ("scrollViews.canCancelContentTouches", .bool(false)),
            ("scrollViews.bounces", .bool(false)), ("scrollViews.alwaysBounceVertical", .bool(true)),
            ("scrollViews.transfersScrollingToParent", .bool(false)),
            ("scrollViews.touchesShouldCancel", .text("controlsExceptTextInputsSlidersSwitches")),
            ("scrollViews.touchesShouldBegin", .text("never")),
            ("dismissTap.cancelsTouchesInView", .bool(false)), ("dismissTap.delaysTouchesBegan", .bool(true)),
            ("dismissTap.delaysTouchesEnded", .bool(false)), ("dismissTap.shouldReceive", .text("notOnControls")),
            ("cellTaps.cancelsTouchesInView", .bool(false)), ("longPresses.enabled", .bool(false)),
            ("swipePans.shouldBegin", .text("horizontal")), ("overlay.passThrough", .bool(true)), ("overlay.panMoved", .bool(true))
        ]
        for template in TreeTemplate.generated {
            var tree = TreeGenerator.generate(template, seed: 11, options: TreeOptions())
            for (name, value) in values { try #require(AxisCatalog.definition(named: name)).apply(value, to: &tree) }
            var scene = tree.scene
            scene.script = try #require(
                GestureGenerator.generate(.fastSwipe, on: tree, placement: 0, seed: 3, options: GestureOptions())
                    ?? GestureGenerator.generate(.heldTap, on: tree, placement: 0, seed: 3, options: GestureOptions())
            ).script
            try Self.roundTrip(scene, "\(template)-axes")
        }
        // shouldReceive as a view list.
        var form = TreeGenerator.generate(.form, seed: 2, options: TreeOptions())
        try #require(AxisCatalog.definition(named: "dismissTap.shouldReceive")).apply(.text("notInScrollViews"), to: &form)
        try Self.roundTrip(form.scene, "form-notInScrollViews")
    }

    @Test func handMadeScenesRoundTrip() throws {
        var scene = Scene(name: "hand made: \"quotes\" and ünïcode")
        scene.parameters.decelerationRate = 0.9975
        scene.parameters.hitTestAlphaThreshold = 0.00001
        let r = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        let sv = scene.addView(
            {
                var v = ViewSpec(name: "SV", kind: .collectionView, frame: Rect(0, 0.5, 390, 843.5), parent: r)
                v.scroll!.contentSize = Size(1000, 843.5)
                v.scroll!.contentInset = EdgeInsets(top: 10, left: 0, bottom: -3.25, right: 1)
                v.scroll!.isPagingEnabled = true
                v.scroll!.fastDeceleration = true
                v.scroll!.initialDeceleration = Point(-1.5, 0)
                v.scroll!.isScrollEnabled = false
                v.scroll!.alwaysBounceHorizontal = true
                v.scroll!.panHost = r
                v.boundsOrigin = Point(12.125, 0)
                return v
            }())
        var a = ViewSpec(name: "A", kind: .label, frame: Rect(1, 2, 3, 4), parent: sv)
        a.isUserInteractionEnabled = true; a.alpha = 0.5; a.isHidden = true; a.clipsToBounds = true; a.isMultipleTouchEnabled = true
        a.isExclusiveTouch = true; a.isAnimating = true; a.allowsUserInteractionWhileAnimating = true
        a.touches = TouchMethods(began: .consume, moved: .inherit, ended: .observe, cancelled: .inherit)
        a.hitTestOverride = .enlarged(EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)); a.className = "MyLabel"
        scene.addView(a)
        var bView = ViewSpec(name: "B", kind: .slider, frame: Rect(0, 100, 200, 31), parent: sv)
        bView.value = 0.25; bView.isEnabled = false; bView.boundsOrigin = Point(0, 0)
        let b = scene.addView(bView)
        var c = ViewSpec(name: "C", kind: .view, frame: Rect(0, 0, 10, 10), parent: r)
        c.boundsOrigin = Point(-5, 5); c.touches = .logs; c.hitTestOverride = .passThrough
        let cID = scene.addView(c)
        var d = ViewSpec(name: "D", kind: .view, frame: Rect(0, 0, 10, 10), parent: cID)
        d.hitTestOverride = .deferToSuperview
        scene.addView(d)
        scene.addController(ControllerSpec(name: "VC", rootView: r))
        scene.modifyView(sv) { $0.scroll!.touchesShouldBegin = .rejectViews([b]) }
        scene.installScrollViewRecognizers()
        scene.installEdgeGate(edges: [.bottom, .left])
        let pan = scene.scrollRecognizers(of: sv)!.pan
        var t = RecognizerSpec(name: "T", kind: .tap(taps: 2, touches: 2), view: r)
        t.cancelsTouchesInView = false; t.delaysTouchesBegan = true; t.delaysTouchesEnded = false; t.isEnabled = false
        t.thresholds.allowableMovement = 12.5; t.thresholds.maximumTapDuration = .ms(333.5); t.thresholds.maximumIntervalBetweenTaps = .ms(200)
        t.policies.shouldReceive = .onlyInViews([sv]); t.policies.shouldBegin = .vertical
        t.policies.simultaneousWith = .allExcept([pan]); t.policies.canPrevent = .only([pan]); t.policies.canBePrevented = .none
        let tid = scene.addRecognizer(t)
        var lp = RecognizerSpec(name: "LP", kind: .longPress(touches: 1), view: sv)
        lp.thresholds.minimumPressDuration = .ms(250); lp.policies.requireToFail = [tid]; lp.policies.toggleEnabledOnBegin = [pan]
        scene.addRecognizer(lp)
        var p = RecognizerSpec(name: "P", kind: .pan(minimumTouches: 2, maximumTouches: 3), view: 0)
        p.thresholds.hysteresis = 4
        scene.addRecognizer(p)
        scene.addRecognizer(RecognizerSpec(name: "S", kind: .swipe(directions: [.up, .left], touches: 1), view: b))
        scene.script = [
            ScriptEvent(time: .zero, action: .down(Point(10.5, -0.25))),
            ScriptEvent(time: .zero, touch: 2, action: .down(Point(100, 100))),
            ScriptEvent(time: .ms(8.333), action: .move(Point(11, 1e-5))),
            ScriptEvent(time: .ms(16.667), action: .setRecognizerEnabled(tid, false)),
            ScriptEvent(time: .ms(20), touch: 2, action: .cancel),
            ScriptEvent(time: .ms(25), action: .up(nil)),
            ScriptEvent(time: .ms(30), action: .down(Point(1, 1))),
            ScriptEvent(time: .ms(31.001), action: .up(Point(2, 2)))
        ]
        try Self.roundTrip(scene, "hand-made")

        // Controllers out of view order are listed; a window of another size.
        var other = Scene(name: "x", windowSize: Size(320, 568))
        let v1 = other.addView(ViewSpec(name: "V1", kind: .view, frame: Rect(0, 0, 320, 568), parent: nil))
        let v2 = other.addView(ViewSpec(name: "true", kind: .button, frame: Rect(0, 0, 44, 44), parent: v1))
        var c2 = ControllerSpec(name: "C2", rootView: v2)
        c2.touches = TouchMethods(all: .observe)
        other.addController(c2)
        other.addController(ControllerSpec(name: "C1", rootView: v1))
        other.installScrollViewRecognizers()
        try Self.roundTrip(other, "controllers")
    }

    @Test func aDisabledEdgeGateIsLeftOut() throws {
        var tree = TreeGenerator.generate(.feed, seed: 1, options: TreeOptions())
        try #require(AxisCatalog.definition(named: "system.edgeGate")).apply(.bool(false), to: &tree)
        let yaml = ScenarioWriter.yaml(tree.scene, description: nil)
        let loaded = try ScenarioLoader.load(yaml: yaml, path: "t.yaml").scene
        #expect(loaded.recognizer(named: "W.edgeGate") == nil)
        #expect(loaded.recognizer(named: "W.topEdgeGate") != nil)
        #expect(loaded.views == tree.scene.views)
        #expect(yaml.contains("# The system edge gate W.edgeGate is installed but disabled"))
        #expect(yaml.contains("  edgeGate: [top]\n"))
    }

    @Test func aDisabledTopEdgeGateIsLeftOutToo() throws {
        var tree = TreeGenerator.generate(.feed, seed: 1, options: TreeOptions())
        try #require(AxisCatalog.definition(named: "system.topEdgeGate")).apply(.bool(false), to: &tree)
        let yaml = ScenarioWriter.yaml(tree.scene, description: nil)
        let loaded = try ScenarioLoader.load(yaml: yaml, path: "t.yaml").scene
        #expect(loaded.recognizer(named: "W.topEdgeGate") == nil)
        #expect(loaded.recognizer(named: "W.edgeGate") != nil)
        #expect(yaml.contains("# The system edge gate W.topEdgeGate is installed but disabled"))
        #expect(yaml.contains("  edgeGate: [bottom]\n"))
    }

    @Test func theFileReadsLikeTheGoldenCases() {
        let tree = TreeGenerator.generate(.form, seed: 0, options: TreeOptions())
        var scene = tree.scene
        scene.script = GestureGenerator.generate(.quickTap, on: tree, placement: 0, seed: 0, options: GestureOptions())!.script
        let yaml = ScenarioWriter.yaml(scene, description: "form 0")
        #expect(
            yaml.hasPrefix(
                "name: \"form-0\"\ndescription: \"form 0\"\nwindow:\n  edgeGate: [top, bottom]\nviews:\n  - id: R\n    controller: VC\n    frame: [0, 0, 390, 844]\n"
            ))
        #expect(yaml.contains("recognizers:\n  - {id: R.dismissKeyboard, kind: tap, view: R}\n"))
        #expect(yaml.contains("script:\n  - 0 down ("))
        #expect(!yaml.contains("kind: view"))
    }
}
