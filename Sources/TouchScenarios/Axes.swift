import ScenarioKit
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

    /// The engine parameters a sweep may vary: the rows of ScenarioKit's ``ParameterTable`` with an axis, named by
    /// their `parameters:` key.
    static let parameterAxes: [AxisDefinition] = ParameterTable.fields.compactMap { field in
        field.axis.map { parameterAxis(field, $0) }
    }

    static func parameterAxis(_ field: ParameterField, _ axis: ParameterField.Axis) -> AxisDefinition {
        let type: AxisValueType
        switch field.kind {
        case .milliseconds, .millisecondsIn: type = .number(unit: "ms", range: axis.range ?? 0 ... 5000)
        case .length: type = .number(unit: "pt", range: axis.range ?? 0 ... 500)
        case .ratio: type = .number(unit: "", range: axis.range ?? 0 ... 1)
        case .quantity(_, _, let unit): type = .number(unit: unit, range: axis.range ?? 0 ... 1)
        case .bool: type = .bool
        case .version: type = .version
        case .device: type = .choice(DeviceIdiom.allCases.map(\.rawValue))
        }
        return AxisDefinition(name: field.key, type: type, summary: axis.summary) { value, tree in
            if let value = parameterValue(value, of: field.kind) { field.set(&tree.scene.parameters, value) }
        }
    }

    /// An axis value as its parameter's value; nil when it is not one (the planner checks values first).
    static func parameterValue(_ value: AxisValue, of kind: ParameterField.Kind) -> ParameterField.Value? {
        switch (kind, value) {
        case (.milliseconds, .number(let v)), (.millisecondsIn, .number(let v)): .duration(.ms(v))
        case (.length, .number(let v)), (.ratio, .number(let v)), (.quantity, .number(let v)): .number(v)
        case (.bool, .bool(let b)): .bool(b)
        case (.version, .text(let s)): OSVersion(parsing: s).map { .version($0) }
        case (.version, .number(let n)): OSVersion(parsing: AxisValue.number(n).description).map { .version($0) }
        case (.device, .text(let s)): DeviceIdiom(rawValue: s).map { .device($0) }
        default: nil
        }
    }

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
