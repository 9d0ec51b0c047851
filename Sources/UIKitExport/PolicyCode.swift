import TouchEngine

/// Swift expressions for the delegate policies (G3, G8, G9, G11). Recognizers and views are matched by the
/// scenario names they register with `Log` (`Log.name(_:)`), so one expression works in the controller, in a
/// scroll view subclass and in a recognizer subclass alike.
struct PolicyCode {
    let scene: Scene

    func recognizerNames(_ ids: [RecognizerID]) -> String {
        SwiftLiteral.stringArray(ids.map { scene.recognizers[$0].name })
    }

    func viewNames(_ ids: [ViewID]) -> String { SwiftLiteral.stringArray(ids.map { scene.views[$0].name }) }

    /// Whether the recognizer in variable `other` is in `set`.
    func contains(_ set: RecognizerSet, _ other: String) -> String {
        switch set {
        case .none: return "false"
        case .all: return "true"
        case .only(let ids): return "\(recognizerNames(ids)).contains(Log.name(\(other)))"
        case .allExcept(let ids): return "!\(recognizerNames(ids)).contains(Log.name(\(other)))"
        }
    }

    /// `all`, `none`, `[A, B]`, `{except: [A]}` as the scenario writes them.
    func describe(_ set: RecognizerSet) -> String {
        func list(_ ids: [RecognizerID]) -> String { "[" + ids.map { scene.recognizers[$0].name }.joined(separator: ", ") + "]" }
        switch set {
        case .none: return "none"
        case .all: return "all"
        case .only(let ids): return list(ids)
        case .allExcept(let ids): return "{except: \(list(ids))}"
        }
    }

    /// `gestureRecognizer(_:shouldReceive:)`'s answer for `touch`.
    func shouldReceive(_ policy: ShouldReceivePolicy) -> String {
        switch policy {
        case .always: return "true"
        case .never: return "false"
        case .notInViews(let ids): return "!Log.isInside(touch.view, anyOf: \(viewNames(ids)))"
        case .onlyInViews(let ids): return "Log.isInside(touch.view, anyOf: \(viewNames(ids)))"
        case .notOnKinds(let kinds):
            let list = SwiftLiteral.stringArray(kinds.map(UIKitClass.kindName))
            return "!\(list).contains(Log.kind(touch.view)) // in an app: `!(touch.view is "
                + kinds.map(\.uikitClass).joined(separator: " || touch.view is ") + ")`"
        }
    }

    /// The body of `gestureRecognizerShouldBegin(_:)` for the recognizer in `recognizer`.
    func shouldBegin(_ policy: ShouldBeginPolicy, recognizer: String) -> [String] {
        switch policy {
        case .always: return ["return true"]
        case .never: return ["return false"]
        case .horizontal, .vertical:
            let (a, b) = policy == .horizontal ? ("x", "y") : ("y", "x")
            return [
                "// shouldBegin: \(policy.rawValue) (G11). Only a pan has a velocity in UIKit; the simulator uses the touch's.",
                "guard let pan = \(recognizer) as? UIPanGestureRecognizer else { return true }",
                "let velocity = pan.velocity(in: pan.view)",
                "return abs(velocity.\(a)) > abs(velocity.\(b))"
            ]
        }
    }
}
