import ScenarioKit
import TouchEngine

/// Turns a scenario into a self-contained Swift file for iOS (docs/uikit-export.md): a view controller that
/// builds the same screen, logs every touch callback, control event, recognizer action and scroll offset,
/// and carries in comments the touch script to perform and the outcome the simulator predicts.
///
/// Pure: the same scenario (and source text) always gives the same bytes.
public enum UIKitExporter {
    /// The Swift file for `scenario`. `sourceText` is the scenario file's text; when given, its `expect:`
    /// block is quoted in the header.
    public static func export(_ scenario: LoadedScenario, sourceText: String? = nil) -> String {
        let scene = scenario.scene
        let names = SwiftNames(scene: scene)
        let namespace = SwiftNames.namespace(path: scenario.path)
        let prediction = Prediction(scenario: scenario)
        var w = SwiftWriter()
        HeaderEmitter(scenario: scenario, prediction: prediction, namespace: namespace, sourceText: sourceText).emit(into: &w)
        w.line()
        w.line("import UIKit")
        if scene.recognizers.contains(where: { if case .custom = $0.kind { return true } else { return false } }) {
            // A custom recognizer sets its own state (issue 15 §4).
            w.line("import UIKit.UIGestureRecognizerSubclass")
        }
        w.line()
        w.doc("Everything for scenario \"\(scene.name)\", in one namespace so that several exports can share an app.")
        w.block("enum \(namespace)") { w in
            w.lines(split(prediction.isDetailed ? SupportCode.detailedLog : SupportCode.log))
            w.line()
            w.lines(split(SupportCode.windowView))
            w.line()
            let classes = ViewClassEmitter(scene: scene, names: names, detailed: prediction.isDetailed)
            for id in scene.views.indices.dropFirst() where scene.navigation(withBar: id) == nil {
                classes.emit(id, into: &w)
                w.line()
            }
            let controllers = ControllerEmitter(scene: scene, names: names, detailed: prediction.isDetailed)
            controllers.emitScenarioControllers(into: &w)
            RecognizerEmitter(scene: scene, names: names).emitSubclasses(into: &w)
            NavigationEmitter(scene: scene, names: names).emitDelegateClass(into: &w)
            SheetEmitter(scene: scene, names: names).emitDelegateClasses(into: &w)
            let zooms = scene.views.contains { $0.scroll?.viewForZooming != nil }
            w.lines(split(zooms ? SupportCode.zoomingScrollLogger : SupportCode.scrollLogger))
            w.line()
            controllers.emitHost(into: &w)
        }
        w.line()
        w.line("#Preview(\(SwiftLiteral.string(scene.name))) {")
        w.line("    \(namespace).ViewController()")
        w.line("}")
        return w.text
    }

    private static func split(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
