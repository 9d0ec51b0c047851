import TouchEngine

/// Hand-built scenes shared by the engine tests (the golden files cover the same trees through YAML).
enum Fixtures {
    /// TREE-SV of docs/golden-cases.md: a vertical scroll view with a button B and a logging view V.
    static func treeSV(_ configure: (inout ScrollConfig) -> Void = { _ in }) -> (Scene, sv: ViewID, b: ViewID, v: ViewID) {
        var scene = Scene(name: "TREE-SV")
        let r = scene.addView(ViewSpec(name: "R", kind: .view, frame: Rect(0, 0, 390, 844), parent: nil))
        scene.addController(ControllerSpec(name: "VC", rootView: r))
        var svSpec = ViewSpec(name: "SV", kind: .scrollView, frame: Rect(0, 0, 390, 844), parent: r)
        svSpec.scroll!.contentSize = Size(390, 3000)
        configure(&svSpec.scroll!)
        let sv = scene.addView(svSpec)
        let b = scene.addView(ViewSpec(name: "B", kind: .button, frame: Rect(20, 100, 100, 44), parent: sv))
        var vSpec = ViewSpec(name: "V", kind: .view, frame: Rect(20, 300, 200, 100), parent: sv)
        vSpec.touches = .logs
        let v = scene.addView(vSpec)
        scene.installScrollViewRecognizers()
        return (scene, sv, b, v)
    }

    static func script(_ steps: [(Double, ScriptAction)], touch: Int = 1) -> [ScriptEvent] {
        steps.map { ScriptEvent(time: .ms($0.0), touch: touch, action: $0.1) }
    }
}
