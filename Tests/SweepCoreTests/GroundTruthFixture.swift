import Foundation
import ScenarioKit
import SweepCore
import TouchEngine
import TouchScenarios

/// One defect ground-truth fixture (docs/ground-truth.md): a scenario file whose `truth:` block says what the
/// user meant and which defect classes an iOS engineer sees in the run.
struct GroundTruthFixture: Sendable {
    /// The file name without `.yaml`.
    var name: String
    var path: String
    var scene: Scene
    /// The gesture as the sweep would hold it: family, intent, the file's script, touch-down and lift times.
    var gesture: Gesture
    var truth: GroundTruth
    /// The expected classes' names, in `DefectClass` order (names not yet in `DefectClass` last); for a run counted in
    /// no class (`truth.notCounted`), that alone, as `not counted: <reason>`.
    var expected: [String]

    /// Class names a pending fixture may expect before the class exists: issue 13 §3's `invisible_feedback`
    /// (branch issue13-seeds). Empty this list once `DefectClass` has them.
    static let announcedClasses: [String] = []

    /// Loads and resolves a fixture; every problem is one sentence naming `file:line:column`.
    static func load(path: String) throws(ScenarioError) -> GroundTruthFixture {
        let loaded = try ScenarioLoader.load(path: path)
        guard let truth = loaded.truth else {
            throw ScenarioError(file: path, line: 1, column: 1, message: "a ground-truth fixture needs a 'truth:' block")
        }
        let scene = loaded.scene
        func error(_ name: GroundTruth.Name, _ message: String) -> ScenarioError {
            ScenarioError(file: path, line: name.line, column: name.column, message: message)
        }
        guard let family = GestureFamily(rawValue: truth.gesture.text) else {
            throw error(
                truth.gesture,
                "unknown gesture family '\(truth.gesture.text)'; families are "
                    + GestureFamily.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let intent = try resolveIntent(truth.intent, family: family, scene: scene, error: error)
        let known = DefectClass.allCases.map(\.name)
        var names: [String] = []
        for d in truth.defects {
            let announced = truth.pending != nil && announcedClasses.contains(d.text)
            guard known.contains(d.text) || announced else {
                throw error(d, "unknown defect class '\(d.text)'; classes are " + known.joined(separator: ", "))
            }
            guard !names.contains(d.text) else { throw error(d, "defect class '\(d.text)' is listed twice") }
            names.append(d.text)
        }
        let order = known + announcedClasses
        names.sort { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
        if let reason = truth.notCounted {
            let reasons = NotCounted.allCases.map(\.name)
            guard reasons.contains(reason.text) else {
                throw error(reason, "unknown reason '\(reason.text)' for a run counted in no class; reasons are " + reasons.joined(separator: ", "))
            }
            names = [Self.notCountedName(reason.text)]
        }
        let down = scene.script.first { if case .down = $0.action { true } else { false } }?.time ?? .zero
        let lift = scene.script.last { if case .up = $0.action { true } else { false } }?.time ?? .zero
        let target: ViewID
        switch intent {
        case .activate(let v), .select(let v), .scroll(let v, _, _), .zoom(let v, _), .goBack(let v), .dismissSheet(let v),
            .resizeSheet(let v, _), .movePanel(let v, _), .draw(let v):
            target = v
        case .trigger(let owner, _):
            // The view the finger is on (the intent names the handler's view, which may be an ancestor).
            let named = truth.intent.text.split(separator: " ").dropFirst().first.map(String.init)
            target = named.flatMap { scene.view(named: $0) } ?? owner
        case .nothing: target = 0
        }
        let gesture = Gesture(family: family, target: target, intent: intent, script: scene.script, liftTime: lift, downTime: down)
        let file = (path as NSString).lastPathComponent
        return GroundTruthFixture(
            name: String(file.dropLast(".yaml".count)), path: path, scene: scene, gesture: gesture,
            truth: truth, expected: names)
    }

    /// `activate V` (a control), `select V` (a cell), `longPress V` / `doubleTap V` (the handler of V the
    /// gesture is meant to trigger), `scroll S vertical|horizontal D` (a scroll view), `zoom S F` (a zooming scroll
    /// view by the factor F), `goBack NC` (a navigation controller's view), `dismissSheet S`, `resizeSheet S DETENT`
    /// (a detent identifier of sheet S), `movePanel P STATE` (a state name of panel P), `draw V`, `nothing`.
    ///
    /// Until branch issue13-generators gives the sweep intents that name a long-press or double-tap handler,
    /// `longPress V` and `doubleTap V` are judged as the sweep judges those families today: as `select V` for
    /// a cell and `activate V` otherwise (GestureGenerator gives every tap family that intent).
    static func resolveIntent(
        _ text: GroundTruth.Name, family: GestureFamily, scene: Scene,
        error: (GroundTruth.Name, String) -> ScenarioError
    ) throws(ScenarioError) -> Intent {
        let words = text.text.split(separator: " ").map(String.init)
        func view(_ i: Int, _ what: String, _ fits: (ViewKind) -> Bool) throws(ScenarioError) -> ViewID {
            guard words.count > i, let v = scene.view(named: words[i]) else {
                throw error(text, "intent '\(text.text)' names no view of the scenario")
            }
            guard fits(scene.views[v].kind) else { throw error(text, "intent '\(text.text)': \(words[i]) is not \(what)") }
            return v
        }
        switch words.first {
        case "activate" where words.count == 2:
            return .activate(try view(1, "a control") { $0.isControl })
        case "select" where words.count == 2:
            return .select(try view(1, "a cell") { $0 == .cell })
        case "longPress" where words.count == 2, "doubleTap" where words.count == 2:
            // The handler the gesture means (GestureIntents.handler): the nearest long-press or double-tap
            // recognizer on the view or above it; without one, the view's own action.
            let v = try view(1, "a control or a cell") { $0.isControl || $0 == .cell }
            let kind: GestureIntents.HandlerKind = words[0] == "longPress" ? .longPress : .doubleTap
            if let (owner, recognizer) = GestureIntents.handler(kind, for: v, in: scene) { return .trigger(owner, handler: recognizer) }
            return scene.views[v].kind == .cell ? .select(v) : .activate(v)
        case "scroll" where words.count == 4:
            let v = try view(1, "a scroll view") { $0.isScrollView }
            guard let axis: Axis = words[2] == "vertical" ? .vertical : words[2] == "horizontal" ? .horizontal : nil else {
                throw error(text, "intent '\(text.text)': the axis is 'vertical' or 'horizontal'")
            }
            guard let distance = Double(words[3]), distance > 0 else {
                throw error(text, "intent '\(text.text)': the distance is a positive number of points")
            }
            return .scroll(v, axis: axis, distance: distance)
        case "zoom" where words.count == 3:
            let v = try view(1, "a scroll view") { $0.isScrollView }
            guard let factor = Double(words[2]), factor > 0 else {
                throw error(text, "intent '\(text.text)': the zoom factor is a positive number")
            }
            return .zoom(v, factor: factor)
        case "nothing" where words.count == 1:
            return .nothing
        case "goBack" where words.count == 2:
            guard let v = scene.view(named: words[1]), scene.navigations.contains(where: { $0.view == v }) else {
                throw error(text, "intent '\(text.text)': \(words[1]) is not a navigation controller's view")
            }
            return .goBack(v)
        case "dismissSheet" where words.count == 2, "resizeSheet" where words.count == 3:
            guard let v = scene.view(named: words[1]), let sheet = scene.sheets.first(where: { $0.view == v }) else {
                throw error(text, "intent '\(text.text)': \(words[1]) is not a sheet")
            }
            guard words[0] == "resizeSheet" else { return .dismissSheet(v) }
            guard let detent = sheet.detents.firstIndex(where: { $0.identifier == words[2] }) else {
                throw error(text, "intent '\(text.text)': \(words[1]) has no detent '\(words[2])'")
            }
            return .resizeSheet(v, detent: detent)
        case "movePanel" where words.count == 3:
            guard let v = scene.view(named: words[1]), let panel = scene.panels.first(where: { $0.view == v }) else {
                throw error(text, "intent '\(text.text)': \(words[1]) is not a panel")
            }
            guard let state = panel.states.firstIndex(where: { $0.name == words[2] }) else {
                throw error(text, "intent '\(text.text)': \(words[1]) has no state '\(words[2])'")
            }
            return .movePanel(v, state: state)
        case "draw" where words.count == 2:
            return .draw(try view(1, "a view") { _ in true })
        default:
            throw error(
                text,
                "intent '\(text.text)' is not one of: activate V, select V, longPress V, doubleTap V, "
                    + "scroll S vertical|horizontal D, zoom S F, goBack NC, dismissSheet S, resizeSheet S DETENT, "
                    + "movePanel P STATE, draw V, nothing")
        }
    }

    /// How `expected` and `judged()` write a run counted in no class.
    static func notCountedName(_ reason: String) -> String { "not counted: \(reason)" }

    /// The classes today's classifier finds, running the engine untraced as `UnitRunner` does; a run it counts in no
    /// class is `not counted: <reason>`.
    func judged() -> [String] {
        let prepared = PreparedScene(scene)
        var engine = EngineRunner()
        let verdict = engine.withSummary(prepared, script: gesture.script) { summary in
            Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
        }
        if let reason = verdict.notCounted { return [Self.notCountedName(reason.name)] }
        return DefectClass.allCases.filter { verdict.defects.contains($0) }.map(\.name)
    }

    /// Each class the classifier counts in this run, and whether its cause is UIKit's design
    /// (`DefectCategories.isDesigned`), in `DefectClass` order.
    func designed() -> [(DefectClass, Bool)] {
        let prepared = PreparedScene(scene)
        var engine = EngineRunner()
        return engine.withSummary(prepared, script: gesture.script) { summary in
            let verdict = Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
            return verdict.defects.map { d in
                let kind = CauseAnalysis.cause(of: d, gesture: gesture, scene: prepared.scene, summary: summary)
                return (d, DefectCategories.isDesigned(d, cause: kind, gesture: gesture, prepared: prepared, summary: summary))
            }
        }
    }

    /// What the engine saw, for each class on which the verdicts differ (CauseFinder's words), for messages.
    func causes(_ classes: [String]) -> [String] {
        DefectClass.allCases.filter { classes.contains($0.name) }.map {
            "\($0.name): " + CauseFinder.cause(of: $0, gesture: gesture, scene: scene)
        }
    }

    /// Every fixture of `directory`, by file name.
    static func loadAll(directory: String) throws -> [GroundTruthFixture] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }.sorted()
        var fixtures: [GroundTruthFixture] = []
        for file in files { fixtures.append(try load(path: directory + "/" + file)) }
        return fixtures
    }
}
