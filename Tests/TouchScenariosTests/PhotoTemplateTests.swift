import Testing
import TouchEngine

@testable import TouchScenarios

/// The opt-in photo viewer (docs/templates.md, "photo") and the `pinchZoom` family aimed at it.
@Suite struct PhotoTemplateTests {
    static let seeds: [UInt64] = Array(0 ..< 24)

    static func tree(_ seed: UInt64) -> GeneratedTree { TreeGenerator.generate(.photo, seed: seed, options: TreeOptions()) }

    @Test func neitherIsInTheDefaultSets() {
        #expect(!TreeTemplate.defaults.contains(.photo) && TreeTemplate.generated.contains(.photo))
        #expect(TreeTemplate.defaults == [.feed, .carousel, .form, .drawer, .pager, .settings, .random])
        #expect(!GestureFamily.defaults.contains(.pinchZoom) && GestureFamily.allCases.firstIndex(of: .pinchZoom) == 11)
        // Appended after the older ones, the older templates and families keep their positions (their random streams
        // and seeds); the system's templates and families (issue 32) come after these.
        #expect(TreeTemplate.allCases.firstIndex(of: .random) == 6 && TreeTemplate.allCases.firstIndex(of: .photo) == 8)
        #expect(Array(TreeTemplate.allCases.suffix(3)) == [.pushedScreen, .pageSheet, .mapPanel])
        #expect(Array(GestureFamily.allCases.suffix(4)) == GestureFamily.systemFamilies)
    }

    @Test(arguments: seeds)
    func theViewerIsAZoomingScrollViewWithChromeAndThreeRecognizers(_ seed: UInt64) throws {
        let tree = Self.tree(seed)
        let scene = tree.scene
        let photo = try #require(scene.view(named: "Photo"))
        let config = try #require(scene.views[photo].scroll)
        #expect(config.zoomEnabled && config.minimumZoomScale == 1 && [3, 4].contains(config.maximumZoomScale))
        #expect(config.viewForZooming == scene.view(named: "Photo.Image"))
        #expect(scene.views[photo].frame == Rect(0, 0, 390, 844) && config.contentSize == Size(390, 844))
        // §6.1: the scene installed the zoom pinch; the template's recognizers come after the edge gates.
        let pinch = try #require(scene.recognizer(named: "Photo.pinch"))
        let doubleTap = try #require(scene.recognizer(named: "Photo.doubleTapZoom"))
        let chromeTap = try #require(scene.recognizer(named: "Photo.chromeTap"))
        let dismiss = try #require(scene.recognizer(named: "R.dismissPan"))
        #expect(scene.recognizers[doubleTap].kind == .tap(taps: 2, touches: 1) && scene.recognizers[doubleTap].view == photo)
        #expect(scene.recognizers[chromeTap].kind == .tap(taps: 1, touches: 1))
        #expect(scene.recognizers[chromeTap].policies.requireToFail == [doubleTap], "the single tap waits for the double tap (G10)")
        let pan = scene.recognizers[dismiss]
        #expect(pan.kind == .pan(minimumTouches: 1, maximumTouches: .max) && pan.view == scene.view(named: "R"))
        #expect(!pan.cancelsTouchesInView && pan.policies.shouldBegin == .vertical && pan.policies.simultaneousWith == .none)
        #expect(tree.roles.dismissPans == [dismiss] && tree.roles.dismissPanPinches == [pinch] && tree.roles.doubleTaps == [doubleTap])
        // Targets: the photo (nothing to scroll at ×1) and the chrome's buttons, the photo's visible part off the bars.
        let photoElement = try #require(tree.elements.first { $0.view == photo })
        #expect(photoElement.kind == .scrollView(axes: []))
        #expect(photoElement.visibleRect.minY >= 91)
        #expect(tree.elements.filter { if case .control(.button) = $0.kind { true } else { false } }.count >= 2)
    }

    @Test func theAxesChangeTheDismissPan() throws {
        var tree = Self.tree(3)
        let dismiss = tree.roles.dismissPans[0]
        AxisCatalog.definition(named: "dismissPans.maximumTouches")!.apply(.text("one"), to: &tree)
        #expect(tree.scene.recognizers[dismiss].kind == .pan(minimumTouches: 1, maximumTouches: 1))
        AxisCatalog.definition(named: "dismissPans.simultaneousWithZoom")!.apply(.bool(true), to: &tree)
        #expect(tree.scene.recognizers[dismiss].policies.simultaneousWith == .only([tree.roles.dismissPanPinches[0]]))
        AxisCatalog.definition(named: "pinchHysteresis")!.apply(.number(20), to: &tree)
        AxisCatalog.definition(named: "rotationThreshold")!.apply(.number(0.2), to: &tree)
        #expect(tree.scene.parameters.pinchHysteresis == 20 && tree.scene.parameters.rotationThreshold == 0.2)
    }

    @Test(arguments: seeds)
    func pinchZoomIsATwoFingerSpreadOnThePhoto(_ seed: UInt64) throws {
        let tree = Self.tree(seed)
        let photo = try #require(tree.scene.view(named: "Photo"))
        let visible = try #require(tree.elements.first { $0.view == photo }).visibleRect
        let maximum = tree.scene.views[photo].scroll!.maximumZoomScale
        let options = GestureOptions()
        for placement in 0 ..< 4 {
            let g = try #require(GestureGenerator.generate(.pinchZoom, on: tree, placement: placement, seed: seed &+ 11, options: options))
            #expect(g == GestureGenerator.generate(.pinchZoom, on: tree, placement: placement, seed: seed &+ 11, options: options))
            guard case let .zoom(sv, factor) = g.intent else { Issue.record("a zoom intent"); continue }
            #expect(sv == photo && g.target == photo)
            #expect(factor >= PinchZoom.minimumFactor - 0.01 && factor <= min(2.6, maximum) + 0.01, "factor \(factor)")
            // Pairs: touch 1 then touch 2 in the same UIEvent, at the same time; down first, up last.
            #expect(g.script.count % 2 == 0)
            var times: [VirtualTime] = []
            for k in stride(from: 0, to: g.script.count, by: 2) {
                let a = g.script[k], b = g.script[k + 1]
                #expect(a.touch == 1 && b.touch == 2 && !a.sameEvent && b.sameEvent && a.time == b.time)
                times.append(a.time)
            }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "strictly increasing")
            if case .down = g.script[0].action, case .down = g.script[1].action {} else { Issue.record("two fingers down at 0") }
            if case .up = g.script[g.script.count - 1].action {} else { Issue.record("both fingers lift last") }
            #expect(g.downTime == .zero && g.liftTime == g.script.last!.time)
            // Moves at the sample rate (120 Hz, ± 2 ms jitter).
            let gaps = zip(times, times.dropFirst()).map { ($1 - $0).milliseconds }
            #expect(gaps.allSatisfy { $0 > 4 && $0 < 12.5 }, "\(gaps)")
            // The fingers stay on the visible photo, and their distance grows by the factor.
            var first: (Point, Point)?, last: (Point, Point)?
            for k in stride(from: 0, to: g.script.count, by: 2) {
                guard let p = Self.location(g.script[k]), let q = Self.location(g.script[k + 1]) else { continue }
                #expect(visible.contains(p) && visible.contains(q))
                if first == nil { first = (p, q) }
                last = (p, q)
            }
            let (p0, q0) = try #require(first), (p1, q1) = try #require(last)
            #expect(abs(PinchZoom.distance(p1, q1) / PinchZoom.distance(p0, q0) - factor) < 1e-9)
        }
    }

    @Test func pinchZoomAimsOnlyAtZoomingScrollViews() {
        for template in TreeTemplate.defaults {
            for seed: UInt64 in 0 ..< 6 {
                let tree = TreeGenerator.generate(template, seed: seed, options: TreeOptions())
                #expect(
                    GestureGenerator.generate(.pinchZoom, on: tree, placement: 0, seed: 1, options: GestureOptions()) == nil,
                    "\(template) \(seed)")
            }
        }
    }

    static func location(_ e: ScriptEvent) -> Point? {
        switch e.action {
        case .down(let p), .move(let p): return p
        case .up(let p): return p
        default: return nil
        }
    }
}
