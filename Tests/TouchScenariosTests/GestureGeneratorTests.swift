import Testing
import TouchEngine

@testable import TouchScenarios

/// Generated touch scripts (issue 3 §3): deterministic, well-formed, aimed at their target with a consistent intent.
@Suite struct GestureGeneratorTests {
    static let options = GestureOptions()

    static func trees() -> [GeneratedTree] {
        TreeTemplate.generated.flatMap { t in (UInt64(0) ..< 6).map { TreeGenerator.generate(t, seed: $0, options: TreeOptions()) } }
    }

    static func downs(_ g: Gesture) -> [ScriptEvent] {
        g.script.filter {
            if case .down = $0.action { return true }; return false
        }
    }
    static func ups(_ g: Gesture) -> [ScriptEvent] {
        g.script.filter {
            if case .up = $0.action { return true }; return false
        }
    }
    static func location(_ e: ScriptEvent) -> Point? {
        switch e.action {
        case .down(let p), .move(let p): return p
        case .up(let p): return p
        default: return nil
        }
    }

    @Test func theSameInputsGiveTheSameGesture() {
        let tree = TreeGenerator.generate(.feed, seed: 4, options: TreeOptions())
        for family in GestureFamily.allCases {
            for placement in 0 ..< 4 {
                let a = GestureGenerator.generate(family, on: tree, placement: placement, seed: 99, options: Self.options)
                let b = GestureGenerator.generate(family, on: tree, placement: placement, seed: 99, options: Self.options)
                #expect(a == b)
                let aimable = tree.elements.contains { GestureGenerator.families(for: $0).contains(family) }
                #expect((a != nil) == aimable, "\(family) on a feed")
            }
        }
        // Placements and seeds vary the gesture.
        let variants = (0 ..< 8).compactMap { GestureGenerator.generate(.quickTap, on: tree, placement: $0, seed: 1, options: Self.options) }
        #expect(Set(variants.map(\.target)).count > 1)
        let a = GestureGenerator.generate(.fastSwipe, on: tree, placement: 0, seed: 1, options: Self.options)
        let b = GestureGenerator.generate(.fastSwipe, on: tree, placement: 0, seed: 2, options: Self.options)
        #expect(a != b)
    }

    @Test func everyFamilyFindsTargetsOnSomeTemplate() {
        let trees = Self.trees()
        for family in GestureFamily.allCases {
            let made = trees.filter { GestureGenerator.generate(family, on: $0, placement: 0, seed: 7, options: Self.options) != nil }
            if family == .pinchZoom {
                // Only photo viewers have zoomable content; every one of them gets a pinch.
                #expect(made.count == trees.filter { $0.template == .photo }.count && made.allSatisfy { $0.template == .photo })
                continue
            }
            // The system's families aim only at the system templates' parts, and find them on every one that has them.
            switch family {
            case .backSwipe:
                #expect(made.count == trees.filter { $0.template == .pushedScreen }.count && made.allSatisfy { $0.template == .pushedScreen })
                continue
            case .pullDown, .pullUp:
                #expect(!made.isEmpty && made.allSatisfy { $0.template == .pageSheet || $0.template == .mapPanel }, "\(family)")
                continue
            case .stroke:
                #expect(made.count == trees.filter { !$0.roles.canvases.isEmpty }.count && !made.isEmpty)
                continue
            default: break
            }
            #expect(made.count >= trees.count / 3, "\(family): \(made.count) of \(trees.count) trees")
        }
    }

    @Test func scriptsAreWellFormedAndIntentsMatchTargets() throws {
        let window = Rect(0, 0, 390, 844)
        for tree in Self.trees() {
            let scene = tree.scene
            // Two-finger pinches have their own checks (PinchZoomTests).
            for family in GestureFamily.allCases where family != .pinchZoom {
                for placement in 0 ..< 3 {
                    guard
                        let g = GestureGenerator.generate(
                            family, on: tree, placement: placement, seed: UInt64(placement) &* 31 &+ 5,
                            options: Self.options)
                    else { continue }
                    let label = "\(tree.template) seed \(tree.seed) \(family) #\(placement)"
                    #expect(g.family == family)
                    // Times: start at 0, never go back; one finger; down first, up last.
                    #expect(g.script.first?.time == .zero, "\(label)")
                    #expect(zip(g.script, g.script.dropFirst()).allSatisfy { $0.time < $1.time }, "\(label): strictly increasing")
                    #expect(g.script.allSatisfy { $0.touch == 1 }, "\(label)")
                    if case .down = g.script.first!.action {} else { Issue.record("\(label): starts with a down") }
                    if case .up = g.script.last!.action {} else { Issue.record("\(label): ends with an up") }
                    #expect(g.downTime == .zero && g.liftTime == g.script.last!.time, "\(label)")
                    for e in g.script { if let p = Self.location(e) { #expect(window.contains(p), "\(label): \(p) in the window") } }
                    let target = try #require(tree.elements.first { $0.view == g.target }, "\(label): the target is an element")
                    let down = try #require(Self.location(g.script[0]))

                    switch family {
                    case .backSwipe, .pullDown, .pullUp, .stroke:
                        try Self.checkSystemGesture(g, target: target, down: down, scene: scene, label: label)
                    case .quickTap, .heldTap, .longPress, .doubleTap:
                        // Taps do not move; they land on the target's visible part.
                        #expect(
                            !g.script.contains {
                                if case .move = $0.action { return true }; return false
                            }, "\(label)")
                        #expect(target.visibleRect.contains(down), "\(label)")
                        // A long press or double tap means the handler of its kind covering the target, if any
                        // (GestureIntents); otherwise, as every other tap, activate the control or select the cell.
                        let kind: GestureIntents.HandlerKind? = family == .longPress ? .longPress : family == .doubleTap ? .doubleTap : nil
                        if let kind, let handler = GestureIntents.handler(kind, for: g.target, in: scene) {
                            #expect(g.intent == .trigger(handler.view, handler: handler.recognizer), "\(label)")
                            #expect(scene.recognizers[handler.recognizer].view == handler.view, "\(label)")
                            continue
                        }
                        switch target.kind {
                        case .control(let kind):
                            #expect(kind != .slider && g.intent == .activate(g.target), "\(label)")
                        case .cell: #expect(g.intent == .select(g.target), "\(label)")
                        default: Issue.record("\(label): a tap aims at a control or a cell")
                        }
                        let held = (g.liftTime - Self.downs(g).last!.time).milliseconds
                        switch family {
                        case .quickTap: #expect(held < 100, "\(label)")
                        case .heldTap: #expect(held >= 250 && held <= 350, "\(label)")
                        case .longPress: #expect(held >= 650 && held <= 750, "\(label)")
                        default:
                            let downs = Self.downs(g), ups = Self.ups(g)
                            #expect(downs.count == 2 && ups.count == 2, "\(label)")
                            let gap = (downs[1].time - downs[0].time).milliseconds
                            #expect(gap >= 120 && gap <= 250 && ups[0].time < downs[1].time, "\(label): \(gap)")
                            #expect(held < 100)
                        }
                    default:
                        guard case let .scroll(sv, axis, distance) = g.intent else { Issue.record("\(label): scroll intent"); continue }
                        let axes = TreeGenerator.scrollableAxes(of: sv, in: scene)
                        #expect(axes.contains(axis), "\(label): scrolls along an axis it can")
                        #expect(distance >= GestureGenerator.minimumTravel, "\(label)")
                        let lift = try #require(Self.location(g.script.last!))
                        #expect(abs(abs(lift[axis] - down[axis]) - distance) < 0.01, "\(label): distance is the finger travel")
                        // Never farther than the content can go.
                        let spec = scene.views[sv], config = spec.scroll!
                        let maxOffset = max(0, config.contentSize[axis] - spec.frame.size[axis])
                        let room = lift[axis] < down[axis] ? maxOffset - spec.boundsOrigin[axis] : spec.boundsOrigin[axis]
                        #expect(distance <= room + 0.01, "\(label): \(distance) within \(room)")
                        // The lift does not move: the last move is at the lift point, one sample before.
                        let lastMove = g.script[g.script.count - 2]
                        #expect(Self.location(lastMove) == lift, "\(label)")
                        let visible = try #require(tree.elements.first { $0.view == sv }).visibleRect
                        #expect(visible.contains(down), "\(label): starts on the scroll view")
                        // Not along the axis of a swipe handler under the finger: that drag would mean "swipe the row".
                        #expect(!GestureIntents.swipeAxes(at: down, inside: sv, in: scene).contains(axis), "\(label)")
                        switch family {
                        case .fastSwipe, .holdThenDrag, .slowDrag, .diagonalDrag:
                            #expect(g.target == sv, "\(label)")
                            if case .scrollView = target.kind {} else { Issue.record("\(label)") }
                        default:
                            #expect(target.visibleRect.contains(down), "\(label): starts on the target")
                            #expect(scene.isView(g.target, inside: sv) && g.target != sv, "\(label)")
                            switch (family, target.kind) {
                            case (.dragFromControl, .control), (.dragFromCell, .cell), (.dragFromEmpty, .empty): break
                            default: Issue.record("\(label): \(target.kind)")
                            }
                        }
                        if family == .diagonalDrag {
                            let cross: Axis = axis == .vertical ? .horizontal : .vertical
                            let ratio = abs(lift[cross] - down[cross]) / distance
                            #expect(ratio > 0.3 && ratio < 0.9, "\(label): ~35° off the axis (\(ratio))")
                        }
                    }
                }
            }
        }
    }

    @Test func samplesComeAtTheSampleRateWithBoundedJitter() {
        for rate in [60.0, 120.0, 240.0] {
            var options = GestureOptions()
            options.sampleRate = rate
            options.jitter = 2
            let dt = 1000 / rate
            for tree in Self.trees() {
                for family in [GestureFamily.fastSwipe, .slowDrag, .holdThenDrag, .diagonalDrag, .dragFromCell] {
                    guard let g = GestureGenerator.generate(family, on: tree, placement: 1, seed: 3, options: options) else { continue }
                    // Moves and the final up are samples: consecutive gaps ≈ dt ± 2·jitter.
                    let samples = g.script.dropFirst().map { $0.time.milliseconds }
                    for (a, b) in zip(samples, samples.dropFirst()) {
                        #expect(b - a >= dt - 4.01 && b - a <= dt + 4.01, "\(family) at \(rate) Hz: gap \(b - a)")
                    }
                    let hold = family == .holdThenDrag ? 320.0 : 0
                    #expect(samples[0] <= hold + dt + 2.01, "\(family): first sample \(samples[0])")
                    let duration = g.liftTime.milliseconds - hold
                    switch family {
                    case .fastSwipe: #expect(duration <= 150 + 2 * dt + 2.01)
                    case .slowDrag: #expect(duration >= 600 - dt)
                    default: break
                    }
                }
            }
        }
        // No jitter: exact sample times.
        var exact = GestureOptions()
        exact.jitter = 0
        let tree = TreeGenerator.generate(.feed, seed: 2, options: TreeOptions())
        let g = GestureGenerator.generate(.slowDrag, on: tree, placement: 0, seed: 1, options: exact)!
        for (k, e) in g.script.enumerated() where k > 0 {
            #expect(abs(e.time.milliseconds - Double(k) * 1000 / 120) < 0.0011)
        }
    }

    @Test func overlaysAreDraggedByTheirPanel() throws {
        for seed: UInt64 in 0 ..< 10 {
            let tree = TreeGenerator.generate(.drawer, seed: seed, options: TreeOptions())
            let overlay = tree.roles.overlays[0]
            let panel = try #require(tree.elements.first { $0.view == tree.scene.view(named: "Sheet.Panel") })
            for placement in 0 ..< 12 {
                guard let g = GestureGenerator.generate(.fastSwipe, on: tree, placement: placement, seed: seed, options: Self.options),
                    g.target == overlay
                else { continue }
                #expect(panel.visibleRect.contains(Self.location(g.script[0])!), "seed \(seed)")
            }
        }
    }

    @Test func familiesFollowTheElementKind() {
        let window = Rect(0, 0, 10, 10)
        #expect(GestureGenerator.families(for: Element(view: 1, kind: .control(.slider), visibleRect: window, scrollView: 2)) == [.dragFromControl])
        #expect(
            GestureGenerator.families(for: Element(view: 1, kind: .control(.button), visibleRect: window, scrollView: nil))
                == [.quickTap, .heldTap, .longPress, .doubleTap])
        #expect(GestureGenerator.families(for: Element(view: 1, kind: .cell, visibleRect: window, scrollView: 2)).contains(.dragFromCell))
        #expect(GestureGenerator.families(for: Element(view: 1, kind: .scrollView(axes: []), visibleRect: window, scrollView: nil)).isEmpty)
        #expect(GestureGenerator.families(for: Element(view: 1, kind: .empty, visibleRect: window, scrollView: 2)) == [.dragFromEmpty])
    }

    @Test func noTargetNoGesture() {
        var scene = Scene(name: "empty")
        scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        let tree = GeneratedTree(template: .random, seed: 0, scene: scene, roles: Roles(), elements: [])
        for family in GestureFamily.allCases {
            #expect(GestureGenerator.generate(family, on: tree, placement: 0, seed: 0, options: Self.options) == nil)
        }
    }

    /// With the fixes on, most scroll gestures on a feed move it by at least half the intended distance, and
    /// most quick taps fire their target.
    @Test func gesturesDoWhatTheySayOnAFixedFeed() throws {
        var swipes = 0, scrolled = 0, taps = 0, fired = 0
        for seed: UInt64 in 0 ..< 12 {
            var tree = TreeGenerator.generate(.feed, seed: seed, options: TreeOptions())
            try #require(AxisCatalog.definition(named: "scrollViews.delaysContentTouches")).apply(.bool(false), to: &tree)
            try #require(AxisCatalog.definition(named: "scrollViews.touchesShouldCancel")).apply(.text("always"), to: &tree)
            for placement in 0 ..< 4 {
                if let g = GestureGenerator.generate(.fastSwipe, on: tree, placement: placement, seed: seed, options: Self.options),
                    case let .scroll(sv, axis, distance) = g.intent
                {
                    var scene = tree.scene
                    scene.script = g.script
                    swipes += 1
                    if Engine.summary(scene).displacement(of: sv, along: axis) >= distance / 2 { scrolled += 1 }
                }
                if let g = GestureGenerator.generate(.quickTap, on: tree, placement: placement, seed: seed, options: Self.options) {
                    var scene = tree.scene
                    scene.script = g.script
                    taps += 1
                    let summary = Engine.summary(scene)
                    if summary.primaryActions[g.target] > 0
                        || tree.scene.recognizers.indices.contains(where: {
                            tree.scene.recognizers[$0].view == g.target && summary.recognized[$0]
                        })
                    {
                        fired += 1
                    }
                }
            }
        }
        #expect(swipes > 20 && Double(scrolled) >= 0.9 * Double(swipes), "\(scrolled)/\(swipes)")
        #expect(taps > 20 && Double(fired) >= 0.8 * Double(taps), "\(fired)/\(taps)")
    }

    /// A system family's gesture: the intent its target means, and a drag that goes where that intent goes.
    static func checkSystemGesture(_ g: Gesture, target: Element, down: Point, scene: Scene, label: String) throws {
        let lift = try #require(location(g.script.last!))
        #expect(target.visibleRect.contains(down), "\(label): starts on its target")
        switch (g.family, g.intent) {
        case (.backSwipe, .goBack(let nc)):
            let rtl = scene.navigations.first { $0.view == nc }?.layoutDirection == .rightToLeft
            #expect(nc == g.target && (rtl ? lift.x < down.x - 100 : lift.x > down.x + 100), "\(label): toward the trailing edge")
        case (.pullDown, .dismissSheet(let v)), (.pullDown, .resizeSheet(let v, _)), (.pullDown, .movePanel(let v, _)):
            #expect(v == g.target && lift.y > down.y + GestureGenerator.minimumTravel - 0.01, "\(label): downward")
        case (.pullUp, .resizeSheet(let v, _)), (.pullUp, .movePanel(let v, _)):
            #expect(v == g.target && lift.y < down.y - GestureGenerator.minimumTravel + 0.01, "\(label): upward")
        case (.stroke, .draw(let v)):
            #expect(v == g.target, "\(label)")
            for e in g.script { if let p = location(e) { #expect(target.visibleRect.contains(p), "\(label): \(p) inside the canvas") } }
        default:
            Issue.record("\(label): \(g.family) means \(g.intent)")
        }
    }
}
