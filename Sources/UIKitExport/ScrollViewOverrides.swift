import TouchEngine

/// A scroll view subclass's overrides: `touchesShouldCancel(in:)` (S7), `touchesShouldBegin(_:with:in:)`
/// (S2/S4), and the delegate answers of its own `panGestureRecognizer`, whose delegate UIKit fixes to the
/// scroll view itself (so they are methods of the subclass, not of a separate delegate).
struct ScrollViewOverrides {
    let scene: Scene
    let id: ViewID
    /// `vetoesPans`: the `gestureRecognizerShouldBegin(_:)` override (when there is one) refuses other views' pans.
    var vetoesPans = false

    /// `pan` is the policies of the scroll view's installed pan recognizer (the loader resolves the
    /// recognizer lists of `pan:` there).
    func emit(_ scroll: ScrollConfig, pan: RecognizerPolicies, into w: inout SwiftWriter) {
        emitTouchesShouldCancel(scroll.touchesShouldCancel, into: &w)
        emitTouchesShouldBegin(scroll.touchesShouldBegin, into: &w)
        emitPanPolicies(pan, into: &w)
    }

    func emitTouchesShouldCancel(_ policy: TouchesShouldCancelPolicy, into w: inout SwiftWriter) {
        switch policy {
        case .default:
            w.comment("touchesShouldCancel: default (not overridden: UIKit answers false for a UIControl, true otherwise).")
        case .always:
            w.comment("touchesShouldCancel: always (S7): the pan may take touches from any content, controls included.")
            w.line("override func touchesShouldCancel(in view: UIView) -> Bool { true }")
        case .never:
            w.comment("touchesShouldCancel: never (S7): content keeps every touch it started tracking.")
            w.line("override func touchesShouldCancel(in view: UIView) -> Bool { false }")
        case .controlsExceptTextInputsSlidersSwitches:
            w.comment("touchesShouldCancel: controlsExceptTextInputsSlidersSwitches (S7): cancel controls too, except text inputs, sliders and switches.")
            w.block("override func touchesShouldCancel(in view: UIView) -> Bool") { w in
                w.line("if view is UITextField || view is UITextView || view is UISlider || view is UISwitch { return false }")
                w.line("return true")
            }
        }
    }

    func emitTouchesShouldBegin(_ policy: TouchesShouldBeginPolicy, into w: inout SwiftWriter) {
        let signature = "override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool"
        switch policy {
        case .always:
            w.comment("touchesShouldBegin: always (not overridden: UIKit answers true).")
        case .never:
            w.comment("touchesShouldBegin: never (S2/S4): content never receives the touches this scroll view delays.")
            w.line(signature + " { false }")
        case .rejectViews(let ids):
            let list = SwiftLiteral.stringArray(ids.map { scene.views[$0].name })
            w.comment("touchesShouldBegin: {reject: \(list)} (S2/S4): no touches for these views or their subviews.")
            w.block(signature) { w in
                w.line("!Log.isInside(view, anyOf: \(list))")
            }
        }
    }

    func emitPanPolicies(_ policies: RecognizerPolicies, into w: inout SwiftWriter) {
        let policyText = PolicyCode(scene: scene)
        if policies.shouldBegin != .always {
            w.comment("pan.shouldBegin: \(policies.shouldBegin.rawValue) (G11), on top of UIScrollView's own answer.")
            w.block("override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool") { w in
                w.line("guard super.gestureRecognizerShouldBegin(gestureRecognizer) else { return false }")
                if vetoesPans {
                    w.comment("vetoesPans (M2, G11): pans of other views may not begin on touches here.")
                    w.line("if gestureRecognizer is UIPanGestureRecognizer && gestureRecognizer.view !== self { return false }")
                }
                w.line("guard gestureRecognizer === panGestureRecognizer else { return true }")
                switch policies.shouldBegin {
                case .horizontal, .vertical:
                    let (a, b) = policies.shouldBegin == .horizontal ? ("x", "y") : ("y", "x")
                    w.line("let velocity = panGestureRecognizer.velocity(in: self)")
                    w.line("return abs(velocity.\(a)) > abs(velocity.\(b))")
                default:
                    w.lines(policyText.shouldBegin(policies.shouldBegin, recognizer: "panGestureRecognizer"))
                }
            }
        }
        if policies.shouldReceive != .always {
            w.comment("pan.shouldReceive (G3). UIScrollView may answer this privately for its own recognizers; this override replaces that answer.")
            w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool") { w in
                w.line("guard gestureRecognizer === panGestureRecognizer else { return true }")
                w.line("return " + policyText.shouldReceive(policies.shouldReceive))
            }
        }
        if policies.simultaneousWith != .none {
            w.comment("pan.simultaneousWith (G8).")
            w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool") {
                w in
                w.line("guard gestureRecognizer === panGestureRecognizer else { return false }")
                w.line("return " + policyText.contains(policies.simultaneousWith, "other"))
            }
        }
        for (key, label, answers) in [
            ("delegateRequiresFailureOf", "shouldRequireFailureOf", policies.delegateRequiresFailureOf),
            ("delegateRequiredToFailBy", "shouldBeRequiredToFailBy", policies.delegateRequiredToFailBy)
        ]
        where answers != .none {
            w.comment("pan.\(key) (G10): the scroll view's answer as its pan's delegate.")
            w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, \(label) other: UIGestureRecognizer) -> Bool") { w in
                w.line("guard gestureRecognizer === panGestureRecognizer else { return false }")
                w.line("return " + policyText.contains(answers, "other"))
            }
        }
        if policies.canPrevent != .all || policies.canBePrevented != .all {
            w.comment(
                "pan.canPrevent / pan.canBePrevented (G9) have no UIKit equivalent here: they are methods of the "
                    + "recognizer's class, and a scroll view's pan cannot be subclassed. canPrevent = "
                    + policyText.describe(policies.canPrevent) + ", canBePrevented = " + policyText.describe(policies.canBePrevented) + ".")
        }
    }
}
