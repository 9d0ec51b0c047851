import ScenarioKit
import SweepCore
import TouchEngine

/// Property reductions: flags and policies back to their defaults, frames rounded.
extension ShrinkState {
    /// Ways to set one view property back to its kind's default, in a fixed order.
    static var viewResets: [(inout ViewSpec) -> Void] {
        [
            { $0.isHidden = false }, { $0.alpha = 1 }, { $0.isUserInteractionEnabled = $0.kind.defaultUserInteractionEnabled },
            { $0.isEnabled = true }, { $0.clipsToBounds = false }, { $0.isMultipleTouchEnabled = false },
            { $0.isAnimating = false }, { $0.allowsUserInteractionWhileAnimating = false }, { $0.isExclusiveTouch = false },
            { $0.touches = .inherit }, { $0.hitTestOverride = .none }, { $0.value = 0 }, { $0.className = nil },
            { $0.boundsOrigin = .zero }
        ]
    }

    /// Ways to set one scroll-view property back to its default (the pan's policies are handled apart).
    static var scrollResets: [(inout ScrollConfig, ViewKind) -> Void] {
        [
            { c, _ in c.delaysContentTouches = true }, { c, _ in c.canCancelContentTouches = true },
            { c, _ in c.touchesShouldCancel = .default }, { c, _ in c.touchesShouldBegin = .always }, { c, _ in c.bounces = true },
            { c, _ in c.alwaysBounceHorizontal = false }, { c, k in c.alwaysBounceVertical = k == .tableView },
            { c, _ in c.isScrollEnabled = true }, { c, _ in c.isPagingEnabled = false }, { c, _ in c.fastDeceleration = false },
            { c, _ in c.initialDeceleration = nil }, { c, _ in c.transfersHorizontalScrollingToParent = true },
            { c, _ in c.transfersVerticalScrollingToParent = true }, { c, _ in c.panHost = nil }, { c, _ in c.contentInset = .zero }
        ]
    }

    /// Ways to set one recognizer delegate answer back to its default.
    static var policyResets: [(inout RecognizerPolicies) -> Void] {
        [
            { $0.shouldReceive = .always }, { $0.shouldBegin = .always }, { $0.simultaneousWith = .none },
            { $0.requireToFail = [] }, { $0.canPrevent = .all }, { $0.canBePrevented = .all }, { $0.toggleEnabledOnBegin = [] }
        ]
    }

    /// Ways to set one recognizer property back to its default.
    static var recognizerResets: [(inout RecognizerSpec) -> Void] {
        [
            { $0.cancelsTouchesInView = true }, { $0.delaysTouchesBegan = false }, { $0.delaysTouchesEnded = true },
            { $0.isEnabled = true }, { $0.thresholds = RecognizerThresholds() }
        ]
    }

    /// Ways to set parameters back to their defaults: all at once, then each field the table marks
    /// (``ParameterTable``, `shrinks`) alone.
    static var parameterResets: [(inout Parameters) -> Void] {
        var resets: [(inout Parameters) -> Void] = [{ $0 = Parameters() }]
        for field in ParameterTable.fields where field.shrinks {
            let standard = field.standard
            resets.append { field.set(&$0, standard) }
        }
        return resets
    }

    /// A candidate with view `v` changed by `body` (through `Scene.modifyView`, which keeps the pan in step).
    func modifyingView(_ v: ViewID, _ body: (inout ViewSpec) -> Void) -> ShrinkSubject {
        var candidate = current
        candidate.scene.modifyView(v, body)
        return candidate
    }

    mutating func resetFlags() -> Bool {
        var accepted = false
        for reset in Self.parameterResets where !oracle.exhausted {
            var candidate = current
            reset(&candidate.scene.parameters)
            if attempt(candidate) { accepted = true }
        }
        for v in scene.views.indices.dropFirst() {
            for reset in Self.viewResets where !oracle.exhausted {
                if attempt(modifyingView(v, reset)) { accepted = true }
            }
            guard scene.views[v].scroll != nil else { continue }
            for reset in Self.scrollResets where !oracle.exhausted {
                let kind = scene.views[v].kind
                if attempt(modifyingView(v) { reset(&$0.scroll!, kind) }) { accepted = true }
            }
            for reset in Self.policyResets where !oracle.exhausted {
                var candidate = modifyingView(v) { reset(&$0.scroll!.pan) }
                if let pan = candidate.scene.scrollRecognizers(of: v)?.pan {
                    candidate.scene.recognizers[pan].policies = candidate.scene.views[v].scroll!.pan
                }
                if attempt(candidate) { accepted = true }
            }
        }
        for r in scene.recognizers.indices where !scene.isInstalledByViews(r) {
            for reset in Self.recognizerResets where !oracle.exhausted {
                var candidate = current
                reset(&candidate.scene.recognizers[r])
                if attempt(candidate) { accepted = true }
            }
            for reset in Self.policyResets where !oracle.exhausted {
                var candidate = current
                reset(&candidate.scene.recognizers[r].policies)
                if attempt(candidate) { accepted = true }
            }
        }
        for c in scene.controllers.indices where !oracle.exhausted {
            var controllers = scene.controllers
            controllers[c].touches = .inherit
            if attempt(replacingControllers(controllers)) { accepted = true }
        }
        return accepted
    }

    /// A candidate with other controller specs (controllers have no setter: rebuild through the scene).
    func replacingControllers(_ specs: [ControllerSpec]) -> ShrinkSubject {
        var candidate = without(controllers: Array(scene.controllers.indices))
        for spec in specs { candidate.scene.addController(spec) }
        return candidate
    }

    static func rounded(_ v: Double, to step: Double) -> Double { (v / step).rounded() * step }

    mutating func roundFrames() -> Bool {
        var accepted = false
        for step in [10.0, 1.0] {
            for v in scene.views.indices.dropFirst() where !oracle.exhausted {
                func r(_ x: Double) -> Double { Self.rounded(x, to: step) }
                // A sheet's or panel's top is its detent's or state's (the loader checks it): it stays where it is.
                let keepsTop = scene.sheets.contains { $0.view == v } || scene.panels.contains { $0.view == v }
                if attempt(
                    modifyingView(v) { spec in
                        let y = keepsTop ? spec.frame.origin.y : r(spec.frame.origin.y)
                        spec.frame = Rect(r(spec.frame.origin.x), y, r(spec.frame.size.width), r(spec.frame.size.height))
                    })
                {
                    accepted = true
                }
                if attempt(modifyingView(v) { $0.boundsOrigin = Point(r($0.boundsOrigin.x), r($0.boundsOrigin.y)) }) { accepted = true }
                if scene.views[v].scroll != nil,
                    attempt(
                        modifyingView(v) { spec in
                            let s = spec.scroll!.contentSize
                            spec.scroll!.contentSize = Size(r(s.width), r(s.height))
                        })
                {
                    accepted = true
                }
            }
        }
        return accepted
    }
}
