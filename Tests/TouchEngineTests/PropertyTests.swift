import TestSupport
import Testing

@testable import TouchEngine

// Property tests over randomly generated scenes, built directly with the engine API.
//
// A small seeded generator (SplitMix64, below) builds, for each seed, a random view tree (depth ≤ 4,
// fan-out ≤ 4, every view kind, random scroll-view configurations, logging views, some hidden or disabled
// views), random user recognizers with random flags and delegate policies, and a random script of one or
// two fingers. Each scene is run with `Engine.trace` and the trace is checked for:
//
//  (a) responder callbacks: per responder and touch, the handled/observed calls are
//      began, moved*, then exactly one of ended/cancelled, and nothing after it (P1, R1–R4);
//  (b) control events: per control and touch, TouchDown [TouchDownRepeat], drag events*, then exactly one of
//      TouchUpInside/TouchUpOutside/TouchCancel (ValueChanged ignored) (§5.1);
//  (c) recognizer state machines: no skipped states (§4.1, P5);
//  (d) determinism: the same scene gives identical traces and identical `TraceText` output.
//
// A failure message names the seed; `PropertyScenes.make(seed:)` rebuilds the scene for debugging.

// MARK: - Generator

// The generator is the library's SplitMix64 (TouchScenarios, through TestSupport): `int`, `double`, `chance` and
// `pick` draw exactly as the copy this file once held did.
extension SplitMix64 {
    /// Uniform in [0, 1).
    mutating func unit() -> Double { double(0 ... 1) }

    /// A value rounded to a quarter point, so traces stay readable.
    mutating func coordinate(_ range: ClosedRange<Double>) -> Double { (double(range) * 4).rounded() / 4 }
}

/// Builds random scenes. Deterministic: the same seed always gives the same scene.
enum PropertyScenes {
    /// A generated view before it is added to the scene (ids are assigned in preorder when added).
    struct Node {
        var spec: ViewSpec
        var children: [Node] = []
        /// Approximate window frame (initial scroll offsets included), used to aim touches at views.
        var windowFrame: Rect
    }

    static let leafKinds: [ViewKind] = [
        .label, .imageView, .button, .control, .switch, .slider, .stepper,
        .segmentedControl, .pageControl, .textField
    ]
    /// Weighted kind table: plain views and scroll views are common so trees have depth.
    static let kindTable: [ViewKind] = [
        .view, .view, .view, .view, .view,
        .scrollView, .scrollView, .tableView, .collectionView, .textView,
        .cell, .cell,
        .button, .button, .button, .control, .switch, .slider, .slider, .stepper, .segmentedControl,
        .pageControl, .textField, .label, .imageView
    ]

    static func make(seed: Int) -> Scene {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 0x1234_5678)
        var parameters = Parameters()
        if rng.chance(0.2) { parameters.iosVersion = OSVersion(17, 0) }
        if rng.chance(0.15) { parameters.scrollDelayEarlyRelease = true }
        if rng.chance(0.1) { parameters.device = .pad }
        var scene = Scene(name: "property seed \(seed)", parameters: parameters)

        // 1. The tree, as values.
        var root = Node(
            spec: ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil),
            windowFrame: Rect(0, 0, 390, 844))
        if rng.chance(0.3) { root.spec.touches = .logs }
        var counter = 0
        root.children = makeChildren(of: root, depth: 1, minimum: 1, rng: &rng, counter: &counter)
        let total = 1 + countNodes(root.children)

        // 2. Add in preorder: the root gets id 1, the rest follow; ids 1…total are known now.
        var frames: [ViewID: Rect] = [:]
        add(root, parent: nil, scene: &scene, frames: &frames, total: total, rng: &rng)
        if rng.chance(0.6) { scene.addController(ControllerSpec(name: "VC", rootView: 1)) }
        scene.installScrollViewRecognizers()
        if rng.chance(0.1) { scene.installEdgeGate(edges: rng.chance(0.5) ? [.bottom] : [.bottom, .left]) }

        // 3. User recognizers.
        let builtIn = scene.recognizers.count
        let userCount = rng.int(0 ... 5)
        for i in 0 ..< userCount {
            // The window, the root view (an ancestor of every touch) or any view.
            let view = rng.chance(0.05) ? 0 : rng.chance(0.3) ? 1 : rng.int(1 ... total)
            let kind: RecognizerKind
            switch rng.int(0 ... 3) {
            case 0: kind = .tap(taps: rng.chance(0.6) ? 1 : 2, touches: rng.chance(0.85) ? 1 : 2)
            case 1: kind = .longPress(touches: rng.chance(0.9) ? 1 : 2)
            case 2: kind = .pan(minimumTouches: rng.chance(0.9) ? 1 : 2, maximumTouches: rng.pick([1, 2, Int.max]))
            default:
                var directions: SwipeDirections = []
                for d in [SwipeDirections.right, .left, .up, .down] where rng.chance(0.4) { directions.insert(d) }
                if directions.isEmpty { directions = .right }
                kind = .swipe(directions: directions, touches: 1)
            }
            var spec = RecognizerSpec(name: "G\(i)", kind: kind, view: view)
            spec.cancelsTouchesInView = rng.chance(0.75)
            spec.delaysTouchesBegan = rng.chance(0.2)
            spec.delaysTouchesEnded = rng.chance(0.8)
            spec.isEnabled = rng.chance(0.92)
            spec.policies = randomPolicies(rng: &rng, total: total, existing: builtIn + i)
            if rng.chance(0.2) { spec.thresholds.allowableMovement = rng.pick([5, 10, 45, 80]) }
            if rng.chance(0.15) { spec.thresholds.minimumPressDuration = .ms(rng.pick([100, 300, 500])) }
            if rng.chance(0.15) { spec.thresholds.hysteresis = rng.pick([0, 5, 10, 20]) }
            if rng.chance(0.1) { spec.thresholds.maximumTapDuration = .ms(rng.pick([200, 750])) }
            if rng.chance(0.1) { spec.thresholds.maximumIntervalBetweenTaps = .ms(rng.pick([100, 350, 600])) }
            scene.addRecognizer(spec)
        }
        // Scroll pans may also get delegate answers naming user recognizers (e.g. require(toFail:)).
        for id in 0 ..< builtIn where rng.chance(0.1) {
            if case .scrollPan = scene.recognizers[id].kind, scene.recognizers.count > builtIn {
                let other = rng.int(builtIn ... (scene.recognizers.count - 1))
                if rng.chance(0.5) {
                    scene.recognizers[id].policies.requireToFail.append(other)
                } else {
                    scene.recognizers[id].policies.simultaneousWith = .only([other])
                }
            }
        }

        // 4. The script.
        scene.script = makeScript(frames: frames, total: total, recognizers: scene.recognizers.count, rng: &rng)
        return scene
    }

    static func countNodes(_ nodes: [Node]) -> Int { nodes.reduce(0) { $0 + 1 + countNodes($1.children) } }

    static func makeChildren(
        of parent: Node, depth: Int, minimum: Int, rng: inout SplitMix64,
        counter: inout Int
    ) -> [Node] {
        guard depth < 4 else { return [] }
        let count = rng.int(minimum ... 4)
        // The space children live in: the parent's bounds, or its content for scroll views.
        var space = parent.spec.frame.size
        var visible = Rect(origin: parent.spec.boundsOrigin, size: space)
        if let scroll = parent.spec.scroll {
            space = Size(max(space.width, scroll.contentSize.width), max(space.height, scroll.contentSize.height))
        }
        var result: [Node] = []
        for _ in 0 ..< count {
            counter += 1
            let kind = rng.pick(kindTable)
            // Mostly inside what is on screen; now and then anywhere in the content, or sticking out (H2).
            if !rng.chance(0.75) { visible = Rect(origin: .zero, size: space) }
            let overhang = rng.chance(0.15)
            let w = rng.coordinate(min(12, visible.size.width) ... max(12, visible.size.width * (overhang ? 1.1 : 0.8)))
            let h = rng.coordinate(min(12, visible.size.height) ... max(12, min(visible.size.height * 0.8, kind.isControl ? 60 : 900)))
            let slackX = overhang ? w * 0.3 : 0, slackY = overhang ? h * 0.3 : 0
            let x = visible.minX + rng.coordinate(-slackX ... max(-slackX, visible.size.width - w + slackX))
            let y = visible.minY + rng.coordinate(-slackY ... max(-slackY, visible.size.height - h + slackY))
            var spec = ViewSpec(
                name: "\(kind.rawValue.prefix(2).uppercased())\(counter)", kind: kind,
                frame: Rect(x, y, w, h), parent: nil)
            configure(&spec, rng: &rng)
            // Window position: the parent's, plus the frame origin, minus the parent's bounds origin.
            let origin = parent.windowFrame.origin - parent.spec.boundsOrigin
            var node = Node(spec: spec, windowFrame: Rect(origin.x + x, origin.y + y, w, h))
            if !leafKinds.contains(kind) {
                node.children = makeChildren(of: node, depth: depth + 1, minimum: 0, rng: &rng, counter: &counter)
            }
            result.append(node)
        }
        return result
    }

    static func configure(_ spec: inout ViewSpec, rng: inout SplitMix64) {
        let kind = spec.kind
        if rng.chance(0.04) { spec.isHidden = true }
        if rng.chance(0.04) { spec.alpha = rng.pick([0.005, 0.009, 0.011, 0.5]) }
        if rng.chance(0.06) { spec.isUserInteractionEnabled.toggle() }
        if (kind == .label || kind == .imageView) && rng.chance(0.3) { spec.isUserInteractionEnabled = true }
        if kind.isControl && rng.chance(0.1) { spec.isEnabled = false }
        spec.isMultipleTouchEnabled = rng.chance(0.3)
        spec.isExclusiveTouch = rng.chance(0.1)
        switch rng.int(0 ... 19) {
        case 0 ... 6 where kind == .view || kind == .label || kind == .imageView: spec.touches = .logs
        case 7: spec.touches = .logs
        case 8, 9: spec.touches = TouchMethods(all: .observe)
        // No partial overrides (RC-03): a subclass that overrides some of the four methods without super
        // leaves the chain or the control's tracking unbalanced (R3), outside properties (a) and (b).
        default: break
        }
        switch rng.int(0 ... 19) {
        case 0: spec.hitTestOverride = .passThrough
        case 1: spec.hitTestOverride = .enlarged(EdgeInsets(all: rng.pick([5, 10, 20, 30])))
        case 2: spec.hitTestOverride = .enlarged(EdgeInsets(top: 10, left: 0, bottom: 20, right: 5))
        default: break
        }
        if rng.chance(0.1) { spec.boundsOrigin = Point(rng.pick([0, 5, -10]), rng.pick([0, 10, -5])) }
        switch kind {
        case .slider: spec.value = rng.pick([0, 0.25, 0.5, 1])
        case .switch: spec.value = rng.chance(0.5) ? 1 : 0
        case .stepper, .segmentedControl, .pageControl: spec.value = Double(rng.int(0 ... 3))
        default: break
        }
        if var scroll = spec.scroll {
            let size = spec.frame.size
            func extent(_ visible: Double) -> Double {
                switch rng.int(0 ... 3) {
                case 0: return 0
                case 1: return visible
                default: return (visible * rng.double(1.2 ... 4)).rounded()
                }
            }
            scroll.contentSize = Size(extent(size.width), extent(size.height))
            if rng.chance(0.1) { scroll.contentInset = EdgeInsets(top: 20, left: 0, bottom: 30, right: 0) }
            scroll.delaysContentTouches = rng.chance(0.75)
            scroll.canCancelContentTouches = rng.chance(0.85)
            scroll.touchesShouldCancel = rng.pick(TouchesShouldCancelPolicy.allCases)
            scroll.bounces = rng.chance(0.85)
            if rng.chance(0.2) { scroll.alwaysBounceHorizontal = true }
            if rng.chance(0.2) { scroll.alwaysBounceVertical.toggle() }
            scroll.isScrollEnabled = rng.chance(0.9)
            scroll.isPagingEnabled = rng.chance(0.1)
            scroll.transfersHorizontalScrollingToParent = rng.chance(0.85)
            scroll.transfersVerticalScrollingToParent = rng.chance(0.85)
            if rng.chance(0.05) { scroll.initialDeceleration = Point(rng.pick([0, 0.5, -1]), rng.pick([1, -0.8, 2])) }
            let maxX = max(0, scroll.contentSize.width - size.width), maxY = max(0, scroll.contentSize.height - size.height)
            if rng.chance(0.3) { spec.boundsOrigin = Point(rng.coordinate(0 ... maxX), rng.coordinate(0 ... maxY)) }
            if rng.chance(0.1) { scroll.pan.shouldBegin = rng.pick([.horizontal, .vertical, .never]) }
            if rng.chance(0.1) { scroll.pan.simultaneousWith = .all }
            spec.scroll = scroll
        }
    }

    static func randomPolicies(rng: inout SplitMix64, total: Int, existing: Int) -> RecognizerPolicies {
        var p = RecognizerPolicies()
        switch rng.int(0 ... 11) {
        case 0: p.shouldReceive = .never
        case 1: p.shouldReceive = .notInViews([rng.int(1 ... total)])
        case 2: p.shouldReceive = .onlyInViews([rng.int(1 ... total)])
        case 3: p.shouldReceive = .notOnKinds([rng.pick([.button, .cell, .scrollView, .tableView, .view])])
        default: break
        }
        switch rng.int(0 ... 9) {
        case 0: p.shouldBegin = .never
        case 1: p.shouldBegin = .horizontal
        case 2: p.shouldBegin = .vertical
        default: break
        }
        // Other recognizers that exist already (built-in ones included): ids 0..<existing.
        if existing > 0 {
            switch rng.int(0 ... 7) {
            case 0: p.simultaneousWith = .all
            case 1: p.simultaneousWith = .only([rng.int(0 ... (existing - 1))])
            case 2: p.simultaneousWith = .allExcept([rng.int(0 ... (existing - 1))])
            default: break
            }
            // Requirements only on earlier recognizers: no cycles.
            if rng.chance(0.25) { p.requireToFail = [rng.int(0 ... (existing - 1))] }
            if rng.chance(0.08) { p.canPrevent = rng.chance(0.5) ? .none : .only([rng.int(0 ... (existing - 1))]) }
            if rng.chance(0.08) { p.canBePrevented = rng.chance(0.5) ? .none : .allExcept([rng.int(0 ... (existing - 1))]) }
        }
        return p
    }

    static func add(
        _ node: Node, parent: ViewID?, scene: inout Scene, frames: inout [ViewID: Rect], total: Int,
        rng: inout SplitMix64
    ) {
        var spec = node.spec
        spec.parent = parent
        if var scroll = spec.scroll {
            switch rng.int(0 ... 9) {
            case 0: scroll.touchesShouldBegin = .never
            case 1: scroll.touchesShouldBegin = .rejectViews([rng.int(1 ... total)])
            default: break
            }
            // §6.5: now and then the pan is moved to the superview.
            if let parent, parent != 0, rng.chance(0.1) { scroll.panHost = parent }
            spec.scroll = scroll
        }
        let id = scene.addView(spec)
        frames[id] = node.windowFrame
        for child in node.children { add(child, parent: id, scene: &scene, frames: &frames, total: total, rng: &rng) }
    }

    /// One or two fingers: down, several moves, then up or cancel. Times strictly increase per finger;
    /// the merged script is in non-decreasing time order. Now and then a recognizer is disabled/enabled.
    static func makeScript(frames: [ViewID: Rect], total: Int, recognizers: Int, rng: inout SplitMix64)
        -> [ScriptEvent]
    {
        func target() -> Point {
            if rng.chance(0.08) || total == 1 { return Point(rng.coordinate(0 ... 389), rng.coordinate(0 ... 843)) }
            // Aim at a view other than the root, preferring the later (deeper, frontmost) ones.
            let a = rng.int(2 ... total), b = rng.int(2 ... total)
            let f = frames[max(a, b)]!
            let x = min(max(f.minX + rng.unit() * f.size.width, 0), 389.75)
            let y = min(max(f.minY + rng.unit() * f.size.height, 0), 843.75)
            return Point((x * 4).rounded() / 4, (y * 4).rounded() / 4)
        }
        var events: [ScriptEvent] = []
        let fingers = rng.chance(0.35) ? 2 : 1
        var firstEnd = 0.0
        var firstUp = Point.zero
        for finger in 1 ... fingers {
            var t: Double
            var p: Point
            if finger == 1 {
                t = rng.chance(0.8) ? 0 : Double(rng.int(1 ... 200))
                p = target()
            } else if rng.chance(0.35) {
                // A second tap close to the first one's lift (multi-tap, tapCount 2).
                t = firstEnd + Double(rng.int(0 ... 400))
                p = Point(firstUp.x + Double(rng.int(-6 ... 6)), firstUp.y + Double(rng.int(-6 ... 6)))
            } else {
                t = Double(rng.int(0 ... Int(firstEnd) + 300))
                p = target()
            }
            events.append(ScriptEvent(time: .ms(t), touch: finger, action: .down(p)))
            let style = rng.int(0 ... 3) // 0 tap, 1 hold, 2 drag, 3 wander
            let moves = style == 0 ? rng.int(0 ... 1) : rng.int(1 ... 8)
            if style == 1 { t += Double(rng.pick([120, 160, 300, 520, 800])) }
            let direction = Point(rng.double(-1 ... 1), rng.double(-1 ... 1))
            for _ in 0 ..< moves {
                t += rng.chance(0.5) ? 16.667 : Double(rng.int(1 ... 120))
                t = (t * 1000).rounded() / 1000
                let step: Point
                switch style {
                case 0: step = Point(Double(rng.int(-3 ... 3)), Double(rng.int(-3 ... 3)))
                case 2: step = direction * Double(rng.int(4 ... 40)) + Point(Double(rng.int(-2 ... 2)), Double(rng.int(-2 ... 2)))
                default: step = Point(Double(rng.int(-25 ... 25)), Double(rng.int(-25 ... 25)))
                }
                p = p + step
                events.append(ScriptEvent(time: .ms(t), touch: finger, action: .move(p)))
            }
            t += style == 0 ? Double(rng.int(1 ... 140)) : Double(rng.int(1 ... 300))
            t = (t * 1000).rounded() / 1000
            if rng.chance(0.1) {
                events.append(ScriptEvent(time: .ms(t), touch: finger, action: .cancel))
            } else {
                events.append(ScriptEvent(time: .ms(t), touch: finger, action: .up(rng.chance(0.8) ? nil : p)))
            }
            if finger == 1 { firstEnd = t; firstUp = p }
        }
        if recognizers > 0 && rng.chance(0.1) {
            let id = rng.int(0 ... (recognizers - 1))
            let t = Double(rng.int(0 ... 300))
            events.append(ScriptEvent(time: .ms(t), action: .setRecognizerEnabled(id, false)))
            events.append(ScriptEvent(time: .ms(t + Double(rng.int(0 ... 200))), action: .setRecognizerEnabled(id, true)))
        }
        // Stable merge by time: equal times keep generation order (finger 1 first).
        return events.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }
}

// MARK: - Properties

enum TraceProperties {
    /// (a) Per touch, the calls its view (the hit view, which every phase reaches whether it handles or
    /// forwards it) receives are began, moved*, then exactly one of ended/cancelled, and nothing after it.
    /// Responders further up the chain are not checked: a view that overrides only some of the four methods
    /// leaves the chain above it unbalanced in UIKit too (R3).
    static func callbackViolations(_ trace: [TraceEvent], scene: Scene) -> [String] {
        struct Key: Hashable { var responder: Responder; var touch: Int }
        var sequences: [Key: [(TouchPhase, VirtualTime)]] = [:]
        var order: [Key] = []
        for event in trace {
            guard case let .callback(responder, phase, touches, hitView, _, _) = event.kind,
                responder == .view(hitView)
            else { continue }
            for touch in touches.map(\.touch) {
                let key = Key(responder: responder, touch: touch)
                if sequences[key] == nil { order.append(key) }
                sequences[key, default: []].append((phase, event.time))
            }
        }
        var problems: [String] = []
        for key in order {
            let seq = sequences[key]!
            let name = TraceText.name(key.responder, scene)
            let text = seq.map { "\($0.0.rawValue)@\(fmt($0.1.milliseconds))" }.joined(separator: ", ")
            var ok = seq.first?.0 == .began
            var terminals = 0
            for (i, (phase, _)) in seq.enumerated() {
                switch phase {
                case .began: if i != 0 { ok = false }
                case .moved: if terminals > 0 { ok = false }
                case .ended, .cancelled:
                    terminals += 1
                    if i != seq.count - 1 { ok = false }
                }
            }
            if terminals != 1 { ok = false }
            if !ok { problems.append("\(name) touch \(key.touch): [\(text)]") }
        }
        return problems
    }

    /// (b) Per control and touch: TouchDown [TouchDownRepeat] (drag events)* then exactly one of
    /// TouchUpInside / TouchUpOutside / TouchCancel; ValueChanged is ignored. A control event belongs to
    /// the touch of the latest `touches…` call the control received.
    static func controlViolations(_ trace: [TraceEvent], scene: Scene) -> [String] {
        struct Key: Hashable { var view: ViewID; var touch: Int }
        var currentTouch: [ViewID: Int] = [:]
        var sequences: [Key: [(ControlEvent, VirtualTime)]] = [:]
        var order: [Key] = []
        var problems: [String] = []
        for event in trace {
            switch event.kind {
            case let .callback(.view(v), _, touches, _, _, _):
                currentTouch[v] = touches.first?.touch
            case let .control(view, controlEvent, _):
                guard controlEvent != .valueChanged else { continue }
                // A control subclass that overrides a touches method without calling super stops
                // UIControl's own tracking (R3); only controls that call super must be well formed.
                let methods = scene.views[view].touches
                guard TouchPhase.allCases.allSatisfy({ methods[$0] != .consume }) else { continue }
                guard let touch = currentTouch[view] else {
                    problems.append("\(scene.views[view].name): \(controlEvent.rawValue)@\(fmt(event.time.milliseconds)) outside any touches… call")
                    continue
                }
                let key = Key(view: view, touch: touch)
                if sequences[key] == nil { order.append(key) }
                sequences[key, default: []].append((controlEvent, event.time))
            default:
                break
            }
        }
        let drags: Set<ControlEvent> = [.touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit]
        let ends: Set<ControlEvent> = [.touchUpInside, .touchUpOutside, .touchCancel]
        for key in order {
            let seq = sequences[key]!
            var ok = seq.count >= 2 && seq[0].0 == .touchDown && ends.contains(seq[seq.count - 1].0)
            if ok {
                for (i, (e, _)) in seq.enumerated() where i > 0 && i < seq.count - 1 {
                    if drags.contains(e) { continue }
                    if e == .touchDownRepeat && i == 1 { continue }
                    ok = false
                }
            }
            if !ok {
                let text = seq.map { "\($0.0.rawValue)@\(fmt($0.1.milliseconds))" }.joined(separator: ", ")
                problems.append("\(scene.views[key.view].name) touch \(key.touch): [\(text)]")
            }
        }
        return problems
    }

    /// (c) Recognizer transitions never skip states (§4.1): each transition starts from the state the last
    /// one ended in; possible → began | recognized/ended | failed (continuous: began | failed; discrete:
    /// recognized | failed); began → changed | ended | cancelled; changed → changed | ended | cancelled;
    /// ended, cancelled, failed → possible only, by reset. Discrete recognizers never begin or change.
    static func recognizerViolations(_ trace: [TraceEvent], scene: Scene) -> [String] {
        var state = Array(repeating: RecognizerState.possible, count: scene.recognizers.count)
        var problems: [String] = []
        for event in trace {
            guard case let .transition(id, from, to, reason) = event.kind else { continue }
            let spec = scene.recognizers[id]
            let where_ = "\(spec.name) \(from.rawValue) → \(to.rawValue)@\(fmt(event.time.milliseconds))"
            if from != state[id] {
                problems.append("\(where_): previous transition left it \(state[id].rawValue)")
            }
            let continuous = spec.kind.isContinuous
            var allowed: Bool
            switch from {
            case .possible:
                allowed = continuous ? (to == .began || to == .failed) : (to == .ended || to == .failed)
                if reason == .reset { allowed = false }
            case .began, .changed:
                allowed = continuous && (to == .changed || to == .ended || to == .cancelled) && reason != .reset
            case .ended, .cancelled, .failed:
                allowed = to == .possible && reason == .reset
            }
            if !continuous && (to == .began || to == .changed) { allowed = false }
            if !allowed { problems.append("\(where_) (\(TraceText.describe(reason, scene: scene)))") }
            state[id] = to
        }
        return problems
    }
}

// MARK: - Tests

@Suite struct PropertyTests {
    static let seeds = 0 ..< 300

    /// The trace rendered around the first failure, short enough for a test log.
    static func excerpt(_ scene: Scene, _ trace: [TraceEvent]) -> String {
        let lines = TraceText.render(scene: scene, trace: trace).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.count <= 120 { return lines.joined(separator: "\n") }
        return (lines.prefix(120) + ["… (\(lines.count - 120) more lines)"]).joined(separator: "\n")
    }

    @Test("generated scenes satisfy the trace invariants", arguments: seeds)
    func invariants(seed: Int) {
        let scene = PropertyScenes.make(seed: seed)
        let trace = Engine.trace(scene)

        let callbacks = TraceProperties.callbackViolations(trace, scene: scene)
        #expect(
            callbacks.isEmpty,
            """
            seed \(seed): (a) malformed touches… sequences: \(callbacks.joined(separator: "; "))
            \(Self.excerpt(scene, trace))
            """)

        let controls = TraceProperties.controlViolations(trace, scene: scene)
        #expect(
            controls.isEmpty,
            """
            seed \(seed): (b) malformed control event sequences: \(controls.joined(separator: "; "))
            \(Self.excerpt(scene, trace))
            """)

        let states = TraceProperties.recognizerViolations(trace, scene: scene)
        #expect(
            states.isEmpty,
            """
            seed \(seed): (c) recognizer skipped states: \(states.joined(separator: "; "))
            \(Self.excerpt(scene, trace))
            """)

        // (d) Determinism: a second run of the same value gives the same events and the same text.
        let again = Engine.trace(scene)
        #expect(trace == again, "seed \(seed): (d) two runs of the same scene gave different traces")
        #expect(
            TraceText.render(scene: scene, trace: trace) == TraceText.render(scene: scene, trace: again),
            "seed \(seed): (d) two runs of the same scene rendered differently")
        // A rebuilt scene (same seed) is the same value and gives the same trace.
        let rebuilt = PropertyScenes.make(seed: seed)
        #expect(rebuilt == scene, "seed \(seed): the generator is not deterministic")
        #expect(Engine.trace(rebuilt) == trace, "seed \(seed): (d) a rebuilt scene gave a different trace")
    }

    /// The generator covers what the properties are about: the sample is not trivially quiet.
    @Test func generatorCoverage() {
        var callbacks = 0, controlEvents = 0, transitions = 0, twoFingers = 0, scrolls = 0
        for seed in Self.seeds {
            let scene = PropertyScenes.make(seed: seed)
            if scene.script.contains(where: { $0.touch == 2 }) { twoFingers += 1 }
            for event in Engine.trace(scene) {
                switch event.kind {
                case .callback: callbacks += 1
                case .control: controlEvents += 1
                case .transition: transitions += 1
                case .offset: scrolls += 1
                default: break
                }
            }
        }
        print(
            "property coverage over \(Self.seeds.count) seeds: \(callbacks) callbacks, \(controlEvents) control events, "
                + "\(transitions) transitions, \(scrolls) offset changes, \(twoFingers) two-finger scripts")
        #expect(callbacks > 300)
        #expect(controlEvents > 50)
        #expect(transitions > 300)
        #expect(scrolls > 20)
        #expect(twoFingers > 30)
    }
}
