import TouchEngine

/// One value of a sweep axis.
public enum AxisValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case bool(Bool)
    case text(String)

    /// Stable text form, used in CSV columns and plan files: integers without a decimal point.
    public var description: String {
        switch self {
        case .number(let v):
            let r = (v * 1_000_000).rounded() / 1_000_000
            if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
            return String(r)
        case .bool(let b): return b ? "true" : "false"
        case .text(let s): return s
        }
    }
}

/// The values an axis accepts.
public enum AxisValueType: Hashable, Sendable {
    /// A number in `range`, in `unit` ("ms", "pt" or "" for a ratio).
    case number(unit: String, range: ClosedRange<Double>)
    case bool
    /// One of these words.
    case choice([String])
    /// An iOS version like "17.4".
    case version
}

/// A named engine parameter or role-scoped flag that a sweep can vary.
public struct AxisDefinition: Sendable {
    public let name: String
    public let type: AxisValueType
    /// One line for docs and errors.
    public let summary: String
    let apply: @Sendable (AxisValue, inout GeneratedTree) -> Void
    /// Whether `apply` may write anything on a tree: false only when it leaves the tree untouched whatever the
    /// value (the tree lacks the role the axis sets). It reads the roles, which no axis writes.
    let acts: @Sendable (GeneratedTree) -> Bool
    /// The views `apply` may write on a tree (it reads the roles): none for an axis that sets recognizers or
    /// engine parameters alone.
    let writes: @Sendable (GeneratedTree) -> [ViewID]

    init(
        name: String, type: AxisValueType, summary: String, acts: @escaping @Sendable (GeneratedTree) -> Bool = { _ in true },
        writes: @escaping @Sendable (GeneratedTree) -> [ViewID] = { _ in [] },
        apply: @escaping @Sendable (AxisValue, inout GeneratedTree) -> Void
    ) {
        self.name = name; self.type = type; self.summary = summary; self.acts = acts; self.writes = writes; self.apply = apply
    }

    /// The views setting this axis may write on `tree`: every other view stays as it was, whatever the value.
    public func viewsItMayWrite(_ tree: GeneratedTree) -> [ViewID] { writes(tree) }

    /// Sets this axis to `value` on a generated tree. The value must be valid for `type`.
    public func apply(_ value: AxisValue, to tree: inout GeneratedTree) { apply(value, &tree) }

    /// Whether setting this axis may change `tree`: when false, `apply(_:to:)` leaves it untouched whatever the
    /// value (so a caller may skip it).
    public func mayChange(_ tree: GeneratedTree) -> Bool { acts(tree) }

    /// Whether `value` fits `type`.
    public func accepts(_ value: AxisValue) -> Bool {
        switch (type, value) {
        case let (.number(_, range), .number(v)): return range.contains(v)
        case (.bool, .bool): return true
        case let (.choice(options), .text(s)): return options.contains(s)
        case (.version, .text(let s)): return OSVersion(parsing: s) != nil
        case (.version, .number(let v)): return OSVersion(parsing: AxisValue.number(v).description) != nil || v >= 0
        default: return false
        }
    }

    /// "a number of ms in 0…2000", "true or false", "one of a, b", "an iOS version like 17.4".
    public var allowedValues: String {
        switch type {
        case let .number(unit, range):
            let u = unit.isEmpty ? "" : " (\(unit))"
            return "a number\(u) from \(AxisValue.number(range.lowerBound)) to \(AxisValue.number(range.upperBound))"
        case .bool: return "true or false"
        case .choice(let options): return "one of " + options.joined(separator: ", ")
        case .version: return "an iOS version like \"17.4\""
        }
    }
}

/// Every axis a sweep config may name (docs/sweep-config.md lists them with the same summaries).
public enum AxisCatalog {
    public static func definition(named name: String) -> AxisDefinition? { all.first { $0.name == name } }

    public static let all: [AxisDefinition] = parameterAxes + scrollViewAxes + recognizerAxes + otherAxes + systemAxes

    // MARK: Engine parameters (touch-model §9)

    static func ms(
        _ name: String, _ summary: String, _ max: Double = 5000,
        _ set: @escaping @Sendable (inout Parameters, Duration) -> Void
    ) -> AxisDefinition {
        AxisDefinition(name: name, type: .number(unit: "ms", range: 0 ... max), summary: summary) { value, tree in
            if case .number(let v) = value { set(&tree.scene.parameters, .ms(v)) }
        }
    }
    static func pt(
        _ name: String, _ summary: String, _ max: Double = 500,
        _ set: @escaping @Sendable (inout Parameters, Double) -> Void
    ) -> AxisDefinition {
        AxisDefinition(name: name, type: .number(unit: "pt", range: 0 ... max), summary: summary) { value, tree in
            if case .number(let v) = value { set(&tree.scene.parameters, v) }
        }
    }

    static let parameterAxes: [AxisDefinition] = [
        ms("contentTouchDelay", "Scroll views' delayed content touches (S1), default 150 ms.") { $0.contentTouchDelay = $1 },
        ms("longPressDuration", "Long-press minimum press duration (§4.5), default 500 ms.") { $0.longPressDuration = $1 },
        ms("tapMaximumDuration", "Longest a tap's finger may stay down (§4.5), default 750 ms.") { $0.tapMaximumDuration = $1 },
        ms("multiTapInterval", "Longest gap between taps of a multi-tap (§4.5), default 350 ms.") { $0.multiTapInterval = $1 },
        ms("edgeGateDelay", "How long the system edge gate withholds edge touches (§8), default 1000 ms.") { $0.edgeGateDelay = $1 },
        ms("topEdgeGateDelay", "How long the top edge gate withholds a still touch in the top area (§8), default 1000 ms.") {
            $0.topEdgeGateDelay = $1
        },
        ms("controlMinimumHighlight", "Minimum highlight when a control lights up only at touch-up (§5.1), default 120 ms.") {
            $0.controlMinimumHighlight = $1
        },
        ms("swipeMaximumDuration", "Swipe maximum duration (§4.5), default 500 ms.") { $0.swipeMaximumDuration = $1 },
        pt("topEdgeGateRegion", "Height of the top system-gesture area, where a swipe down is the system's (§8), default 47 pt.") {
            $0.topEdgeGateRegion = $1
        },
        pt("panHysteresis", "UIPanGestureRecognizer per-axis hysteresis (§4.5), default 10 pt.") { $0.panHysteresis = $1 },
        pt("scrollHysteresis", "Scroll views' pan hysteresis (S5), default 10 pt.") { $0.scrollHysteresis = $1 },
        pt("tapAllowableMovement", "Tap allowable movement (§4.5), default 45 pt.") { $0.tapAllowableMovement = $1 },
        pt("longPressAllowableMovement", "Long-press allowable movement (§4.5), default 10 pt.") {
            $0.longPressAllowableMovement = $1
        },
        pt("controlTrackingTolerance", "How far outside a tracking control still counts as inside (§5.2), default 70 pt (phone).") {
            $0.controlTrackingToleranceOverride = $1
        },
        pt("swipeMinimumPrimaryMovement", "Swipe minimum travel (§4.5), default 50 pt.") { $0.swipeMinimumPrimaryMovement = $1 },
        pt("swipeMaximumSecondaryMovement", "Swipe maximum cross travel of each finger (§4.5), default 50 pt (iOS 26.1); 200 pt is an older UIKit's.", 1000) {
            $0.swipeMaximumSecondaryMovement = $1
        },
        AxisDefinition(
            name: "swipeMinimumRate", type: .number(unit: "pt/s", range: 0 ... 5000),
            summary: "Swipe minimum rate between movement samples (§4.5, value unknown), default 0 (no check)."
        ) { value, tree in
            if case .number(let v) = value { tree.scene.parameters.swipeMinimumRate = v }
        },
        ms("tapCountInterval", "Longest gap from a lift to the next touch-down for UITouch.tapCount to go on counting, default 350 ms.") {
            $0.tapCountIntervalOverride = $1
        },
        pt("tapCountDistance", "Farthest a touch-down may land from the last lift for UITouch.tapCount to go on counting, default 45 pt.") {
            $0.tapCountDistanceOverride = $1
        },
        pt("pinchHysteresis", "How far the distance between a pinch's two touches must change (strictly) before it begins (§4.5 pinch), default 8 pt.") {
            $0.pinchHysteresis = $1
        },
        AxisDefinition(
            name: "rotationThreshold", type: .number(unit: "rad", range: 0 ... 3),
            summary: "How far the line through a rotation's touches must turn before it begins (§4.5 rotation), default 0.0873 rad (5°), more as they spread."
        ) { value, tree in
            if case .number(let v) = value { tree.scene.parameters.rotationThreshold = v }
        },
        AxisDefinition(
            name: "iosVersion", type: .version,
            summary: "The iOS release modelled; from 17.4 scroll views transfer scrolling to a parent at their edges (S11)."
        ) { value, tree in
            switch value {
            case .text(let s): if let v = OSVersion(parsing: s) { tree.scene.parameters.iosVersion = v }
            case .number(let n): if let v = OSVersion(parsing: AxisValue.number(n).description) { tree.scene.parameters.iosVersion = v }
            default: break
            }
        },
        AxisDefinition(
            name: "scrollTransferToParent", type: .bool,
            summary: "S11's transfer of scrolling to a containing scroll view, on or off whatever iosVersion says (default: on from 17.4)."
        ) { value, tree in
            if case .bool(let b) = value { tree.scene.parameters.scrollTransferToParentOverride = b }
        },
        AxisDefinition(
            name: "device", type: .choice(DeviceIdiom.allCases.map(\.rawValue)),
            summary: "Device idiom: phone (70 pt control tolerance) or pad (25 pt)."
        ) { value, tree in
            if case .text(let s) = value, let d = DeviceIdiom(rawValue: s) { tree.scene.parameters.device = d }
        },
        AxisDefinition(
            name: "scrollDelayEarlyRelease", type: .bool,
            summary: "Optional S2 rule: release delayed touches early on a non-scrollable axis."
        ) { value, tree in
            if case .bool(let b) = value { tree.scene.parameters.scrollDelayEarlyRelease = b }
        }
    ]

    // MARK: The trees an axis may change (`AxisDefinition.acts`): those with its role

    @Sendable static func hasScrollViews(_ tree: GeneratedTree) -> Bool { !tree.roles.scrollViews.isEmpty }
    @Sendable static func hasDismissTap(_ tree: GeneratedTree) -> Bool { tree.roles.dismissTap != nil }
    @Sendable static func hasSwipePans(_ tree: GeneratedTree) -> Bool { !tree.roles.swipePans.isEmpty }
    @Sendable static func hasDismissPans(_ tree: GeneratedTree) -> Bool { !tree.roles.dismissPans.isEmpty }
    @Sendable static func hasOverlays(_ tree: GeneratedTree) -> Bool { !tree.roles.overlays.isEmpty }
    @Sendable static func scrollViews(_ tree: GeneratedTree) -> [ViewID] { tree.roles.scrollViews }
    @Sendable static func overlays(_ tree: GeneratedTree) -> [ViewID] { tree.roles.overlays }

    // MARK: Every scroll view (role `scrollViews`)

    /// An axis that sets `fields` of every scroll view (`Scene.setScroll` compares each field alone).
    static func scrollFlag(
        _ key: String, _ summary: String, _ fields: any WritableKeyPath<ScrollConfig, Bool> & Sendable...
    ) -> AxisDefinition {
        AxisDefinition(name: "scrollViews." + key, type: .bool, summary: summary, acts: hasScrollViews, writes: scrollViews) { value, tree in
            guard case .bool(let b) = value else { return }
            for sv in tree.roles.scrollViews { for field in fields { tree.scene.setScroll(field, of: sv, to: b) } }
        }
    }

    static let scrollViewAxes: [AxisDefinition] = [
        scrollFlag("delaysContentTouches", "delaysContentTouches of every scroll view (S1, S4).", \.delaysContentTouches),
        scrollFlag("canCancelContentTouches", "canCancelContentTouches of every scroll view (S7).", \.canCancelContentTouches),
        scrollFlag("bounces", "bounces of every scroll view (S8).", \.bounces),
        scrollFlag("alwaysBounceVertical", "alwaysBounceVertical of every scroll view (S5).", \.alwaysBounceVertical),
        scrollFlag(
            "transfersScrollingToParent", "transfersHorizontal/VerticalScrollingToParent of every scroll view (S11).",
            \.transfersHorizontalScrollingToParent, \.transfersVerticalScrollingToParent),
        AxisDefinition(
            name: "scrollViews.touchesShouldCancel", type: .choice(TouchesShouldCancelPolicy.allCases.map(\.rawValue)),
            summary: "touchesShouldCancel(in:) of every scroll view (S7; seed 004's fix is controlsExceptTextInputsSlidersSwitches).",
            acts: hasScrollViews, writes: scrollViews
        ) { value, tree in
            guard case .text(let s) = value, let policy = TouchesShouldCancelPolicy(rawValue: s) else { return }
            for sv in tree.roles.scrollViews { tree.scene.setScroll(\.touchesShouldCancel, of: sv, to: policy) }
        },
        AxisDefinition(
            name: "scrollViews.touchesShouldBegin", type: .choice(["always", "never"]),
            summary: "touchesShouldBegin(_:with:in:) of every scroll view (S2).",
            acts: hasScrollViews, writes: scrollViews
        ) { value, tree in
            guard case .text(let s) = value else { return }
            let policy: TouchesShouldBeginPolicy = s == "never" ? .never : .always
            for sv in tree.roles.scrollViews { tree.scene.setScroll(\.touchesShouldBegin, of: sv, to: policy) }
        }
    ]

    // MARK: Role-scoped recognizer flags

    static func recognizerAxes(role: String, _ pick: @escaping @Sendable (Roles) -> [RecognizerID]) -> [AxisDefinition] {
        @Sendable func hasRole(_ tree: GeneratedTree) -> Bool { !pick(tree.roles).isEmpty }
        func flag(_ key: String, _ summary: String, _ field: any WritableKeyPath<RecognizerSpec, Bool> & Sendable) -> AxisDefinition {
            AxisDefinition(name: role + "." + key, type: .bool, summary: summary, acts: hasRole) { value, tree in
                guard case .bool(let b) = value else { return }
                for r in pick(tree.roles) {
                    // Written only when it changes, so an unchanged tree keeps its storage (`Scene.modifyView`).
                    if tree.scene.recognizers[r][keyPath: field] != b { tree.scene.recognizers[r][keyPath: field] = b }
                }
            }
        }
        return [
            flag("cancelsTouchesInView", "cancelsTouchesInView of the \(role) recognizers (G4).", \.cancelsTouchesInView),
            flag("delaysTouchesBegan", "delaysTouchesBegan of the \(role) recognizers (G5).", \.delaysTouchesBegan),
            flag("delaysTouchesEnded", "delaysTouchesEnded of the \(role) recognizers (G6).", \.delaysTouchesEnded),
            flag("enabled", "Whether the \(role) recognizers are installed and enabled.", \.isEnabled)
        ]
    }

    static let recognizerAxes: [AxisDefinition] =
        recognizerAxes(role: "dismissTap") { $0.dismissTap.map { [$0] } ?? [] }
        + recognizerAxes(role: "cellTaps") { $0.cellTaps }
        + recognizerAxes(role: "longPresses") { $0.longPresses }
        + recognizerAxes(role: "swipePans") { $0.swipePans }
        + recognizerAxes(role: "doubleTaps") { $0.doubleTaps }
        + recognizerAxes(role: "dismissPans") { $0.dismissPans }
        + [
            AxisDefinition(
                name: "dismissTap.shouldReceive", type: .choice(["always", "notOnControls", "notInScrollViews"]),
                summary: "The tap-to-dismiss recognizer's shouldReceive filter (G3; seed 001's fix).",
                acts: hasDismissTap
            ) { value, tree in
                guard case .text(let s) = value, let r = tree.roles.dismissTap else { return }
                switch s {
                case "notOnControls":
                    tree.scene.recognizers[r].policies.shouldReceive = .notOnKinds(ViewKind.allCases.filter(\.isControl) + [.cell])
                case "notInScrollViews":
                    tree.scene.recognizers[r].policies.shouldReceive = .notInViews(tree.roles.scrollViews)
                default:
                    tree.scene.recognizers[r].policies.shouldReceive = .always
                }
            },
            AxisDefinition(
                name: "swipePans.shouldBegin", type: .choice(ShouldBeginPolicy.allCases.map(\.rawValue)),
                summary: "gestureRecognizerShouldBegin of the swipe-to-delete pans (G11); the template installs horizontal, as apps do.",
                acts: hasSwipePans
            ) { value, tree in
                guard case .text(let s) = value, let policy = ShouldBeginPolicy(rawValue: s) else { return }
                for r in tree.roles.swipePans { tree.scene.recognizers[r].policies.shouldBegin = policy }
            },
            AxisDefinition(
                name: "dismissPans.maximumTouches", type: .choice(["one", "unlimited"]),
                summary:
                    "maximumNumberOfTouches of the photo viewers' swipe-down-to-dismiss pans (one or unlimited); the template installs UIKit's default, unlimited.",
                acts: hasDismissPans
            ) { value, tree in
                guard case .text(let s) = value else { return }
                for r in tree.roles.dismissPans {
                    guard case let .pan(minimum, _) = tree.scene.recognizers[r].kind else { continue }
                    tree.scene.recognizers[r].kind = .pan(minimumTouches: minimum, maximumTouches: s == "one" ? 1 : .max)
                }
            },
            AxisDefinition(
                name: "dismissPans.simultaneousWithZoom", type: .bool,
                summary: "The dismiss pans' delegate lets them recognize with the photo's zoom pinch (G8); the template's default is false.",
                acts: hasDismissPans
            ) { value, tree in
                guard case .bool(let b) = value else { return }
                for (i, r) in tree.roles.dismissPans.enumerated() {
                    tree.scene.recognizers[r].policies.simultaneousWith = b ? .only([tree.roles.dismissPanPinches[i]]) : .none
                }
            },
            AxisDefinition(
                name: "dismissPans.shouldBegin", type: .choice(ShouldBeginPolicy.allCases.map(\.rawValue)),
                summary: "gestureRecognizerShouldBegin of the dismiss pans (G11); the template installs vertical, as shipped viewers do.",
                acts: hasDismissPans
            ) { value, tree in
                guard case .text(let s) = value, let policy = ShouldBeginPolicy(rawValue: s) else { return }
                for r in tree.roles.dismissPans { tree.scene.recognizers[r].policies.shouldBegin = policy }
            },
            // Not a pattern apps ship (docs/templates.md): a "what if" a sweep must ask for.
            AxisDefinition(
                name: "swipePans.beginsInAnyDirection", type: .bool,
                summary: "What if the swipe-to-delete pans began on any movement (shouldBegin always; B3/B7), not only horizontal; default false.",
                acts: hasSwipePans
            ) { value, tree in
                guard case .bool(true) = value else { return }
                for r in tree.roles.swipePans { tree.scene.recognizers[r].policies.shouldBegin = .always }
            }
        ]

    // MARK: Overlays and the system

    static let otherAxes: [AxisDefinition] = [
        AxisDefinition(
            name: "overlay.passThrough", type: .bool,
            summary: "The drawer overlay's hitTest returns nil on its empty area (H3); the template's default is true, false is the B12 bug.",
            acts: hasOverlays, writes: overlays
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for o in tree.roles.overlays { tree.scene.setView(\.hitTestOverride, of: o, to: b ? .passThrough : .none) }
        },
        AxisDefinition(
            name: "overlay.panMoved", type: .bool,
            summary: "The drawer overlay's panGestureRecognizer is moved to its superview (§6.5); the template's default is true.",
            acts: hasOverlays, writes: overlays
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            for (i, o) in tree.roles.overlays.enumerated() {
                tree.scene.movePan(of: o, to: b && i < tree.roles.overlayPanHosts.count ? tree.roles.overlayPanHosts[i] : nil)
            }
        },
        AxisDefinition(
            name: "system.edgeGate", type: .bool,
            summary: "The system edge gate watches the bottom edge (false: the app defers system gestures, §8)."
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            if let gate = tree.scene.recognizer(named: "W.edgeGate"), tree.scene.recognizers[gate].isEnabled != b { tree.scene.recognizers[gate].isEnabled = b }
        },
        AxisDefinition(
            name: "system.topEdgeGate", type: .bool,
            summary: "The system gate watches the top edge, where a swipe down opens Notification or Control Center "
                + "(false: the app defers the top edge's system gestures, §8)."
        ) { value, tree in
            guard case .bool(let b) = value else { return }
            if let gate = tree.scene.recognizer(named: "W.topEdgeGate"), tree.scene.recognizers[gate].isEnabled != b {
                tree.scene.recognizers[gate].isEnabled = b
            }
        }
    ]
}
