import TouchEngine

/// Emits one UIKit subclass per scenario view: it logs the four `touches…` methods (calling super exactly
/// when the scenario's implementation does), highlights, and carries the view's overrides: hit testing (H3)
/// and, for scroll views, `touchesShouldCancel(in:)`, `touchesShouldBegin(_:with:in:)` and the delegate
/// answers of its own pan (§6).
struct ViewClassEmitter {
    let scene: Scene
    let names: SwiftNames
    /// The file uses `SupportCode.detailedLog`: the `touches…` methods pass their event to `Log.touches`.
    var detailed = false

    func emit(_ id: ViewID, into w: inout SwiftWriter) {
        let view = scene.views[id]
        let base = UIKitClass.base(of: id, in: scene)
        var summary = "\(view.name): a \(view.kind.rawValue) (\(base)) at \(SwiftLiteral.frame(view.frame))"
        if let parent = view.parent, parent != 0 { summary += " in \(scene.views[parent].name)" }
        summary += "."
        if let className = view.className { summary += " Its class in the scenario: \(className)." }
        w.doc(summary)
        let panPolicies = scene.scrollRecognizers(of: id).map { scene.recognizers[$0.pan].policies }
        let conformance = panPolicies.map(needsDelegateConformance) == true ? ", UIGestureRecognizerDelegate" : ""
        w.block("final class \(names.viewClasses[id]): \(base)\(conformance)") { w in
            emitTouchMethods(view.touches, base: base, into: &w)
            emitHighlightLogging(view.kind, base: base, into: &w)
            emitHitTestOverride(view.hitTestOverride, into: &w)
            TargetActionEmitter(scene: scene, names: names).emitResponderMembers(.view(id), base: base, into: &w)
            if let scroll = view.scroll, let panPolicies {
                ScrollViewOverrides(scene: scene, id: id, vetoesPans: view.vetoesForeignPans).emit(scroll, pan: panPolicies, into: &w)
            }
            if view.vetoesForeignPans && (panPolicies == nil || panPolicies?.shouldBegin == .always) { emitPanVeto(into: &w) }
        }
    }

    /// `vetoesPans` (M2, G11): a view that refuses pans of other views on touches inside it (the sheet's dismiss
    /// pan among them), as drawing and signature views do.
    func emitPanVeto(into w: inout SwiftWriter) {
        w.comment("vetoesPans (M2, G11): pans of other views (the sheet's dismiss pan among them) may not begin on touches here.")
        w.block("override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool") { w in
            w.line("if gestureRecognizer is UIPanGestureRecognizer && gestureRecognizer.view !== self { return false }")
            w.line("return super.gestureRecognizerShouldBegin(gestureRecognizer)")
        }
    }

    /// A scroll view answers its own pan's delegate questions (UIKit makes it the pan's delegate).
    private func needsDelegateConformance(_ pan: RecognizerPolicies) -> Bool {
        pan.shouldReceive != .always || pan.simultaneousWith != .none || pan.delegateRequiresFailureOf != .none
            || pan.delegateRequiredToFailBy != .none
    }

    /// The four `touches…` overrides. `inherit` and `observe` call super; `consume` does not (R1–R5).
    func emitTouchMethods(_ methods: TouchMethods, base: String, into w: inout SwiftWriter) {
        for phase in TouchPhase.allCases {
            let implementation = methods[phase]
            let method = "touches" + SwiftNames.capitalized(phase.rawValue)
            w.block("override func \(method)(_ touches: Set<UITouch>, with event: UIEvent?)") { w in
                w.line("Log.touches(\"\(phase.rawValue)\", of: self, touches, \"\(implementation.rawValue)\"\(detailed ? ", event: event" : ""))")
                switch implementation {
                case .inherit:
                    w.line("super.\(method)(touches, with: event) // inherit: not overridden in the scenario, \(base)'s own behaviour")
                case .observe:
                    w.line("super.\(method)(touches, with: event) // observe: overridden, calls super")
                case .consume:
                    w.line("// consume: overridden, does not call super")
                }
            }
        }
    }

    /// Controls log `isHighlighted` changes; cells log highlight and selection.
    func emitHighlightLogging(_ kind: ViewKind, base: String, into w: inout SwiftWriter) {
        if kind.isControl {
            w.block("override var isHighlighted: Bool") { w in
                w.line("didSet { if isHighlighted != oldValue { Log.line(\"\\(Log.name(self)) \\(isHighlighted ? \"on\" : \"off\") (highlight)\") } }")
            }
        } else if kind == .cell {
            let animated = base == "UITableViewCell"
            if animated {
                w.block("override func setHighlighted(_ highlighted: Bool, animated: Bool)") { w in
                    w.line("if highlighted != isHighlighted { Log.line(\"\\(Log.name(self)) \\(highlighted ? \"on\" : \"off\") (highlight)\") }")
                    w.line("super.setHighlighted(highlighted, animated: animated)")
                }
                w.block("override func setSelected(_ selected: Bool, animated: Bool)") { w in
                    w.line("if selected && !isSelected { Log.line(\"\\(Log.name(self)) selected\") }")
                    w.line("super.setSelected(selected, animated: animated)")
                }
            } else {
                w.block("override var isHighlighted: Bool") { w in
                    w.line("didSet { if isHighlighted != oldValue { Log.line(\"\\(Log.name(self)) \\(isHighlighted ? \"on\" : \"off\") (highlight)\") } }")
                }
                w.block("override var isSelected: Bool") { w in
                    w.line("didSet { if isSelected && !oldValue { Log.line(\"\\(Log.name(self)) selected\") } }")
                }
            }
        }
    }

    /// H3: `hitTest: passThrough`, `hitTest: superview` and `hitTest: {enlarge: …}`.
    func emitHitTestOverride(_ override: HitTestOverride, into w: inout SwiftWriter) {
        switch override {
        case .none:
            break
        case .passThrough:
            w.comment("hitTest: passThrough (H3): touches on the view itself go to the views behind it; its subviews still take touches.")
            w.block("override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView?") { w in
                w.line("let hit = super.hitTest(point, with: event)")
                w.line("return hit === self ? nil : hit")
            }
        case .deferToSuperview:
            w.comment(
                "hitTest: superview (H3): point(inside:) answers for the superview, as UITableViewWrapperView does "
                    + "for the rows it holds.")
            w.block("override func point(inside point: CGPoint, with event: UIEvent?) -> Bool") { w in
                w.line("guard let superview else { return super.point(inside: point, with: event) }")
                w.line("return superview.point(inside: convert(point, to: superview), with: event)")
            }
        case .enlarged(let insets):
            w.comment(
                "hitTest: {enlarge: [\(SwiftLiteral.number(insets.top)), \(SwiftLiteral.number(insets.left)), "
                    + "\(SwiftLiteral.number(insets.bottom)), \(SwiftLiteral.number(insets.right))]} (H3): a larger touch area; "
                    + "it only works where the point is also inside every ancestor (H2).")
            w.block("override func point(inside point: CGPoint, with event: UIEvent?) -> Bool") { w in
                let negated = EdgeInsets(top: -insets.top, left: -insets.left, bottom: -insets.bottom, right: -insets.right)
                w.line("bounds.inset(by: \(SwiftLiteral.insets(negated))).contains(point)")
            }
        }
    }
}
