/// One registration of a control with its delivery worked out (§5.5).
struct PreparedAction: Equatable {
    var events: ControlEventSet
    var delivery: ActionDelivery

    init(_ scene: Scene, _ registration: ActionRegistration, sender: ViewID) {
        events = registration.events
        switch registration.handler {
        case .uiAction:
            delivery = ActionDelivery(handler: registration.handler, receiver: nil, performed: true, chain: nil)
        case let .target(responder, action):
            // An explicit target is sent the action whatever its canPerformAction says [DOC UIControl.sendAction(_:to:for:)].
            let performs = scene.actions(of: responder).implements.contains(action)
            delivery = ActionDelivery(
                handler: registration.handler, receiver: performs ? responder : nil,
                performed: performs, chain: nil)
        case let .nilTarget(action):
            let chain = scene.resolveNilTarget(action, from: sender)
            delivery = ActionDelivery(
                handler: registration.handler, receiver: chain.receiver,
                performed: chain.receiver != nil, chain: chain)
        }
    }
}

/// The plain-data part of a `ViewSpec` the engine reads while running.
struct ViewInfo: Equatable {
    var kind: ViewKind
    var frame: Rect
    var boundsOrigin: Point
    var isHidden: Bool
    var alpha: Double
    var isUserInteractionEnabled: Bool
    var isEnabled: Bool
    var isMultipleTouchEnabled: Bool
    var isExclusiveTouch: Bool
    /// Animating without `.allowUserInteraction`: skipped by hit testing (H1).
    var isAnimatingWithoutInteraction: Bool
    var touches: TouchMethods
    var hitTestOverride: HitTestOverride
    var scroll: ScrollInfo?
    var value: Double
    var parent: ViewID?
    /// Not the identity: conversions go through `transform` and `inverse` (about the bounds centre).
    var hasTransform: Bool
    var transform: AffineTransform
    /// The inverse of `transform`; the identity when it has none (then `isSingular`).
    var inverse: AffineTransform
    /// The transform flattens the view (determinant 0): no point is inside it.
    var isSingular: Bool
    // Scroll fields read on every event, hoisted out of `scroll` so reading them copies nothing.
    var isScrollView: Bool
    var delaysContentTouches: Bool
    var canCancelContentTouches: Bool
    var touchesShouldCancel: TouchesShouldCancelPolicy
    var touchesShouldBeginIsCustom: Bool
    var bounces: Bool
    var isPagingEnabled: Bool
    var fastDeceleration: Bool
    var transfersHorizontalScrollingToParent: Bool
    var transfersVerticalScrollingToParent: Bool
    /// `ViewSpec.vetoesForeignPans`, `ScrollConfig.hasRefreshControl` (sheets, spec M2, M3.1).
    var vetoesForeignPans: Bool
    var hasRefreshControl: Bool

    // Borrowed, and the scroll configuration read field by field: copying a `ViewSpec` or its `ScrollConfig`
    // (strings, arrays, policies) cost more than the rest of preparing a scene.
    init(_ specs: UnsafeBufferPointer<ViewSpec>, _ v: Int) {
        kind = specs[v].kind; frame = specs[v].frame; boundsOrigin = specs[v].boundsOrigin; isHidden = specs[v].isHidden
        alpha = specs[v].alpha; isUserInteractionEnabled = specs[v].isUserInteractionEnabled; isEnabled = specs[v].isEnabled
        isMultipleTouchEnabled = specs[v].isMultipleTouchEnabled; isExclusiveTouch = specs[v].isExclusiveTouch
        isAnimatingWithoutInteraction = specs[v].isAnimating && !specs[v].allowsUserInteractionWhileAnimating
        touches = specs[v].touches; hitTestOverride = specs[v].hitTestOverride; value = specs[v].value; parent = specs[v].parent
        hasTransform = !specs[v].transform.isIdentity
        transform = specs[v].transform
        let inverted = specs[v].transform.inverted
        inverse = inverted ?? .identity
        isSingular = inverted == nil
        isScrollView = specs[v].isScrollView
        let c = isScrollView ? ScrollInfo(specs, v) : ScrollInfo.none
        scroll = isScrollView ? c : nil
        delaysContentTouches = c.delaysContentTouches
        canCancelContentTouches = c.canCancelContentTouches
        touchesShouldCancel = c.touchesShouldCancel
        touchesShouldBeginIsCustom = c.touchesShouldBeginIsCustom
        bounces = c.bounces
        isPagingEnabled = c.isPagingEnabled
        fastDeceleration = c.fastDeceleration
        transfersHorizontalScrollingToParent = c.transfersHorizontalScrollingToParent
        transfersVerticalScrollingToParent = c.transfersVerticalScrollingToParent
        vetoesForeignPans = specs[v].vetoesForeignPans
        hasRefreshControl = isScrollView && specs[v].scroll!.hasRefreshControl
    }

    /// Whether `a` and `b` give the same scroll ranges (`ScrollRanges`): both
    /// are not scroll views, or both are, with the same frame and the same scroll fields those ranges read.
    static func sameScrollRange(_ a: ViewInfo, _ b: ViewInfo) -> Bool {
        switch (a.scroll, b.scroll) {
        case (nil, nil): return true
        case let (x?, y?):
            return a.frame == b.frame && x.contentSize == y.contentSize && x.contentInset == y.contentInset
                && x.isScrollEnabled == y.isScrollEnabled && x.bounces == y.bounces
                && x.alwaysBounceHorizontal == y.alwaysBounceHorizontal && x.alwaysBounceVertical == y.alwaysBounceVertical
        default: return false
        }
    }
}

/// The plain-data part of a `ScrollConfig`.
struct ScrollInfo: Equatable {
    var contentSize: Size
    var contentInset: EdgeInsets
    var delaysContentTouches: Bool
    var canCancelContentTouches: Bool
    var touchesShouldCancel: TouchesShouldCancelPolicy
    /// `touchesShouldBegin` is not plain `.always` (the view list is read from the scene when needed).
    var touchesShouldBeginIsCustom: Bool
    var bounces: Bool
    var alwaysBounceHorizontal: Bool
    var alwaysBounceVertical: Bool
    var isScrollEnabled: Bool
    var isPagingEnabled: Bool
    var fastDeceleration: Bool
    var initialDeceleration: Point?
    var transfersHorizontalScrollingToParent: Bool
    var transfersVerticalScrollingToParent: Bool

    init(_ c: borrowing ScrollConfig) {
        contentSize = c.contentSize; contentInset = c.contentInset; delaysContentTouches = c.delaysContentTouches
        canCancelContentTouches = c.canCancelContentTouches; touchesShouldCancel = c.touchesShouldCancel
        touchesShouldBeginIsCustom = c.touchesShouldBegin != .always
        bounces = c.bounces; alwaysBounceHorizontal = c.alwaysBounceHorizontal; alwaysBounceVertical = c.alwaysBounceVertical
        isScrollEnabled = c.isScrollEnabled; isPagingEnabled = c.isPagingEnabled; fastDeceleration = c.fastDeceleration
        initialDeceleration = c.initialDeceleration
        transfersHorizontalScrollingToParent = c.transfersHorizontalScrollingToParent
        transfersVerticalScrollingToParent = c.transfersVerticalScrollingToParent
    }

    /// The scroll configuration of a scroll view `spec` (`specs[v].scroll` is not nil), read in place.
    init(_ specs: UnsafeBufferPointer<ViewSpec>, _ v: Int) {
        contentSize = specs[v].scroll!.contentSize; contentInset = specs[v].scroll!.contentInset
        delaysContentTouches = specs[v].scroll!.delaysContentTouches
        canCancelContentTouches = specs[v].scroll!.canCancelContentTouches; touchesShouldCancel = specs[v].scroll!.touchesShouldCancel
        if case .always = specs[v].scroll!.touchesShouldBegin { touchesShouldBeginIsCustom = false } else { touchesShouldBeginIsCustom = true }
        bounces = specs[v].scroll!.bounces; alwaysBounceHorizontal = specs[v].scroll!.alwaysBounceHorizontal
        alwaysBounceVertical = specs[v].scroll!.alwaysBounceVertical
        isScrollEnabled = specs[v].scroll!.isScrollEnabled; isPagingEnabled = specs[v].scroll!.isPagingEnabled
        fastDeceleration = specs[v].scroll!.fastDeceleration
        initialDeceleration = specs[v].scroll!.initialDeceleration
        transfersHorizontalScrollingToParent = specs[v].scroll!.transfersHorizontalScrollingToParent
        transfersVerticalScrollingToParent = specs[v].scroll!.transfersVerticalScrollingToParent
    }

    /// A default `ScrollConfig`'s: the scroll fields `ViewInfo` hoists, for a view that is not a scroll view.
    static let none = ScrollInfo(ScrollConfig())
}

/// The plain-data part of a `RecognizerSpec`.
struct RecognizerInfo: Equatable {
    var kind: RecognizerKind
    var view: ViewID
    var cancelsTouchesInView: Bool
    var delaysTouchesBegan: Bool
    var delaysTouchesEnded: Bool
    var isEnabled: Bool
    var shouldBegin: ShouldBeginPolicy
    /// `shouldReceive` is not plain `.always` (the policy is read from the scene at touch-down).
    var shouldReceiveIsCustom: Bool
    /// It toggles other recognizers' `isEnabled` when it begins (§6.5).
    var togglesOthersOnBegin: Bool
    var thresholds: RecognizerThresholds
    /// Its delegate logs its questions (traced runs only).
    var delegateLogs: Bool
    /// Its action handler acts (`RecognizerSpec.actions` is not empty).
    var hasActionEffects: Bool
    /// What the system moves on each of its actions: a pop transition, a sheet or a panel (issue 32).
    var drives: SystemMotion
    /// A navigation controller's back swipe (touch-model-system N1): its actions drive the pop transition.
    var isNavigationPop: Bool { drives == .pop }

    init(_ spec: RecognizerSpec) {
        kind = spec.kind; view = spec.view; cancelsTouchesInView = spec.cancelsTouchesInView
        delaysTouchesBegan = spec.delaysTouchesBegan; delaysTouchesEnded = spec.delaysTouchesEnded
        isEnabled = spec.isEnabled; shouldBegin = spec.policies.shouldBegin
        shouldReceiveIsCustom = spec.policies.shouldReceive != .always
        togglesOthersOnBegin = !spec.policies.toggleEnabledOnBegin.isEmpty
        thresholds = spec.thresholds
        delegateLogs = spec.delegateLogs
        hasActionEffects = !spec.actions.isEmpty
        drives = SystemMotion(spec.kind)
    }
}

/// What a recognizer's actions move besides its own state (touch-model-system N9, M3/M4, K1/K2): `sendAction`
/// hands each action to it. Plain data, so the prepared recognizer table stays free of reference counting.
enum SystemMotion: Equatable {
    case none
    /// A back swipe: the navigation controller's pop transition.
    case pop
    /// A sheet's dismiss pan: sheet `index` of `Scene.sheets`.
    case sheet(Int)
    /// A library panel's pan: panel `index` of `Scene.panels`.
    case panel(Int)

    init(_ kind: RecognizerKind) {
        switch kind {
        case .navigationPop: self = .pop
        case .sheetPan(let s): self = .sheet(s)
        case .panelPan(let p): self = .panel(p)
        default: self = .none
        }
    }
}
