/// Target-action and `UIAction` registrations of a control, and the responders' action methods (touch-model
/// §5.5, docs/scenario-format.md "Target-action").
///
/// A control's setup is the list of calls an app makes while it builds the screen (`addTarget(_:action:for:)`,
/// `addAction(_:for:)`, `removeTarget(_:action:for:)`, `removeAction(identifiedBy:for:)`), in order; the
/// registrations a run uses are what those calls leave (``Scene/registrations(of:)``). Registrations do not
/// change while a run is under way.

/// One call of a control's setup.
public enum ActionSetupCall: Hashable, Sendable {
    /// `addTarget(target, action:, for:)`: `target` nil is a nil-targeted action, resolved through the responder
    /// chain when it is sent [DOC addTarget(_:action:for:)].
    case addTarget(Responder?, action: String, events: ControlEventSet)
    /// `addAction(UIAction(identifier: name), for:)`: a closure handler [DOC addAction(_:for:)].
    case addAction(String, events: ControlEventSet)
    /// `removeTarget(target, action:, for:)`: nil `target` matches every target (nil-targeted ones included),
    /// nil `action` every action [DOC removeTarget(_:action:for:)].
    case removeTarget(Responder?, action: String?, events: ControlEventSet)
    /// `removeAction(identifiedBy: name, for:)`.
    case removeAction(String, events: ControlEventSet)
}

/// A set of control events, as UIKit's `UIControl.Event` bit mask.
public struct ControlEventSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(_ events: [ControlEvent]) { self.init(rawValue: events.reduce(0) { $0 | (1 << UInt16($1.index)) }) }
    public static func of(_ event: ControlEvent) -> ControlEventSet { ControlEventSet(rawValue: 1 << UInt16(event.index)) }
    /// `UIControl.Event.allEvents` as far as the engine sends events.
    public static let all = ControlEventSet(ControlEvent.allCases)
    @inlinable public func contains(_ event: ControlEvent) -> Bool { rawValue & (1 << UInt16(event.index)) != 0 }
    /// The events, in `ControlEvent.allCases` order.
    public var events: [ControlEvent] { ControlEvent.allCases.filter(contains) }
}

/// What one registration does when its event is sent.
public enum ActionHandler: Hashable, Sendable {
    /// `action` is sent to this responder.
    case target(Responder, action: String)
    /// `action` is sent to nil: the first responder in the chain that can perform it receives it.
    case nilTarget(action: String)
    /// A `UIAction`'s handler runs; the name is its identifier.
    case uiAction(String)

    /// The selector or the UIAction's name.
    public var name: String {
        switch self {
        case .target(_, let action), .nilTarget(let action): return action
        case .uiAction(let name): return name
        }
    }
}

/// A registration left by a control's setup: a handler and the events it is registered for.
public struct ActionRegistration: Hashable, Sendable {
    public var handler: ActionHandler
    public var events: ControlEventSet
    public init(handler: ActionHandler, events: ControlEventSet) { self.handler = handler; self.events = events }
}

/// The action methods a responder (a view or a controller) implements, and those its `canPerformAction(_:withSender:)`
/// override refuses although it implements them.
public struct ResponderActions: Hashable, Sendable {
    /// Selectors (written as method names, `save` for `save(_:)`) the responder's class implements.
    public var implements: [String] = []
    /// Selectors for which `canPerformAction(_:withSender:)` returns false.
    public var refuses: [String] = []
    public init(implements: [String] = [], refuses: [String] = []) { self.implements = implements; self.refuses = refuses }

    public var isEmpty: Bool { implements.isEmpty && refuses.isEmpty }
    /// `canPerformAction(_:withSender:)`: by default true when the class implements the method [DOC].
    public func canPerform(_ action: String) -> Bool { implements.contains(action) && !refuses.contains(action) }
}

/// Where a nil-targeted action went: the responders searched, in order, and the one that performed it.
public struct ChainResolution: Hashable, Sendable {
    /// The first responder the search started from (nil: the sender, because the scene has no first responder).
    public var firstResponder: Responder?
    /// Every responder asked, in chain order, ending with the receiver when there is one. UIApplication and
    /// the app delegate, which implement none of a scenario's actions, are not listed.
    public var searched: [Responder]
    /// The responder that performs the action; nil: nobody did.
    public var receiver: Responder?
    public init(firstResponder: Responder?, searched: [Responder], receiver: Responder?) {
        self.firstResponder = firstResponder; self.searched = searched; self.receiver = receiver
    }
}

extension ControlEvent {
    /// The event after which a control of `kind` sends `.primaryActionTriggered` (nil: none a touch can cause).
    ///
    /// UIButton after TouchUpInside; UISwitch, UISlider, UIStepper, UISegmentedControl and UIPageControl after
    /// ValueChanged [INF: UIButton.init(type:primaryAction:) "registers this action for the primaryActionTriggered
    /// control event" and is performed "when the button is selected"; the value controls' semantic action is a value
    /// change, and UIControl.init(frame:primaryAction:) exists for every control]. A custom UIControl sends only
    /// what its subclass sends (none here); UITextField sends it on Return, which no touch script reaches.
    public static func primaryActionTrigger(of kind: ViewKind) -> ControlEvent? {
        switch kind {
        case .button: return .touchUpInside
        case .switch, .slider, .stepper, .segmentedControl, .pageControl: return .valueChanged
        default: return nil
        }
    }
}

extension Scene {
    /// Whether view `v` declares a primary action or any setup call (the target-action model applies to it).
    public func declaresActions(_ v: ViewID) -> Bool {
        // Read in place (see `kind(of:)`).
        views.withUnsafeBufferPointer { $0[v].primaryAction != nil || !$0[v].actionSetup.isEmpty }
    }

    /// Whether any view of the scene declares actions.
    public var declaresAnyActions: Bool { views.indices.contains(where: declaresActions) }

    /// What control `v`'s setup leaves: its primary action first (registered by the initializer, for
    /// `.primaryActionTriggered`), then each call in order.
    ///
    /// A call that repeats a registration (the same target and action, or the same UIAction name) adds its
    /// events to it and keeps its place; removing every event of a registration removes it [INF: UIKit keeps
    /// one list of `UIControlTargetAction`s and does not add a duplicate of the same target, action and event,
    /// southpeak.github.io 2015 "UIKit: UIControl"; UIActions "are uniqued based on their identifier", DOC
    /// addAction(_:for:)]. `removeTarget` never removes UIActions [INF].
    public func registrations(of v: ViewID) -> [ActionRegistration] {
        var list: [ActionRegistration] = []
        func add(_ handler: ActionHandler, _ events: ControlEventSet) {
            if let i = list.firstIndex(where: { $0.handler == handler }) {
                list[i].events.formUnion(events)
            } else {
                list.append(ActionRegistration(handler: handler, events: events))
            }
        }
        if let primary = views[v].primaryAction { add(.uiAction(primary), .of(.primaryActionTriggered)) }
        for call in views[v].actionSetup {
            switch call {
            case let .addTarget(target, action, events):
                add(target.map { .target($0, action: action) } ?? .nilTarget(action: action), events)
            case let .addAction(name, events):
                add(.uiAction(name), events)
            case let .removeTarget(target, action, events):
                for i in list.indices {
                    let matches: Bool
                    switch list[i].handler {
                    case let .target(t, a): matches = (target == nil || target == t) && (action == nil || action == a)
                    case let .nilTarget(a): matches = target == nil && (action == nil || action == a)
                    case .uiAction: matches = false
                    }
                    if matches { list[i].events.subtract(events) }
                }
            case let .removeAction(name, events):
                for i in list.indices where list[i].handler == .uiAction(name) { list[i].events.subtract(events) }
            }
            list.removeAll { $0.events.isEmpty }
        }
        return list
    }

    /// The action methods of a responder.
    public func actions(of responder: Responder) -> ResponderActions {
        switch responder {
        case .view(let v): return views[v].actions
        case .controller(let c): return controllers[c].actions
        }
    }

    /// R2's next responder, controllers included; nil after the window (UIApplication and the app delegate follow).
    public func nextResponder(after responder: Responder) -> Responder? {
        switch responder {
        case .view(let v):
            if let c = controllers.firstIndex(where: { $0.rootView == v }) { return .controller(c) }
            return views[v].parent.map { .view($0) }
        case .controller(let c):
            return views[controllers[c].rootView].parent.map { .view($0) }
        }
    }

    /// Where control `sender`'s nil-targeted `action` goes: UIKit asks the responders from the first responder up
    /// the chain, and the first whose `canPerformAction(_:withSender:)` says yes receives it
    /// [DOC UIApplication.sendAction(_:to:from:for:): "If target is nil, the app sends the message to the first
    /// responder, from whence it progresses up the responder chain until it is handled"; DOC
    /// UIResponder.target(forAction:withSender:) calls canPerformAction]. With no first responder the search
    /// starts at the sender [WIDE bou.io "Responder Chain Debugging": "when you send a nil-targeted action message,
    /// but there's no first responder, the chain is started from the sender"] [REPL Chameleon UIApplication.m].
    public func resolveNilTarget(_ action: String, from sender: ViewID) -> ChainResolution {
        var searched: [Responder] = []
        var current: Responder? = firstResponder ?? .view(sender)
        while let responder = current {
            searched.append(responder)
            if actions(of: responder).canPerform(action) {
                return ChainResolution(firstResponder: firstResponder, searched: searched, receiver: responder)
            }
            current = nextResponder(after: responder)
        }
        return ChainResolution(firstResponder: firstResponder, searched: searched, receiver: nil)
    }
}
