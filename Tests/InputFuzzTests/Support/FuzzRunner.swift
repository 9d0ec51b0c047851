import Foundation
import ScenarioKit
import ScreenImport
import SweepPlanning
import TestSupport
import TouchEngine

/// What one damaged input did in the loaders.
enum FuzzOutcome: Equatable {
    /// It loaded (and, for scenarios and imports, ran through the engine).
    case loaded
    /// It was refused with this message, which passed the checks.
    case refused(String)
    /// Something the issue rules out: a message of several lines, one that does not start with the file, an
    /// error of an unexpected type, or an imported file the scenario loader rejects.
    case problem(String)
}

/// Runs a damaged input through the loader of its kind, in-process, as the `sweep` commands do.
enum FuzzRunner {
    /// Scripts longer than this are not run (a duplicated 10,000-sample swipe is still run).
    static let maximumEventsToRun = 100_000

    static func run(_ kind: InputKind, path: String, bytes: [UInt8]) -> FuzzOutcome {
        let data = Data(bytes)
        do {
            switch kind {
            case .scenario:
                let text = try ScenarioLoader.text(of: data, path: path, what: "scenario file")
                let scene = try ScenarioLoader.load(yaml: text, path: path).scene
                do { try run(scene) } catch { return .problem("the scenario writer's file for it does not load: \(error)") }
                return .loaded
            case .config:
                let text = try ScenarioLoader.text(of: data, path: path, what: "sweep config")
                _ = try SweepConfigLoader.load(yaml: text, path: path)
                return .loaded
            case .dump:
                let text = try ScenarioLoader.text(of: data, path: path, what: "dump")
                return reload(try ScreenImporter.importDump(text, file: path))
            case .overlay:
                let text = try ScenarioLoader.text(of: data, path: path, what: "overlay")
                let dump = try String(contentsOfFile: Repository.path + "/" + FuzzCorpus.overlayDump, encoding: .utf8)
                if path.hasSuffix("classes.yaml") {
                    let map = try ClassMap.parse(yaml: text, file: path)
                    return reload(try ScreenImporter.importDump(dump, file: FuzzCorpus.overlayDump, map: map))
                }
                let overlay = try RecognizerOverlay.parse(yaml: text, file: path)
                return reload(try ScreenImporter.importDump(dump, file: FuzzCorpus.overlayDump, recognizers: overlay))
            }
        } catch let error as ScenarioError {
            return check(error.description, file: path)
        } catch let refusal as DumpRefusal {
            return check(refusal.description, file: path)
        } catch {
            return .problem("an error of type \(type(of: error)): \(error)")
        }
    }

    /// The file `sweep import` would write for `screen`, loaded back and run: it must load.
    static func reload(_ screen: ImportedScreen) -> FuzzOutcome {
        do {
            let scenario = try ScenarioLoader.load(yaml: screen.scenarioYAML(source: "fuzz.txt"), path: "imported.yaml")
            try run(scenario.scene)
            return .loaded
        } catch {
            return .problem("the file sweep import writes does not load: \(error)")
        }
    }

    /// Runs the engine on a loaded scene and renders its trace as `sweep trace` does, text and JSON (a trap here
    /// would end the test process); what the scenario writer makes of the scene must load again.
    static func run(_ scene: Scene) throws(ScenarioError) {
        guard scene.script.count <= maximumEventsToRun else { return }
        _ = Engine.summary(scene)
        let trace = Engine.trace(scene)
        _ = TraceText.render(scene: scene, trace: trace)
        _ = TraceJSON.document([(path: "fuzz.yaml", scene: scene, trace: trace)])
        _ = try ScenarioLoader.load(yaml: ScenarioWriter.yaml(scene, description: nil), path: "written.yaml")
    }

    /// A refusal users may see: one line that starts with the file at fault.
    static func check(_ message: String, file: String) -> FuzzOutcome {
        if message.contains(where: \.isNewline) { return .problem("a message of several lines: \(message)") }
        if !message.hasPrefix(file + ":") { return .problem("a message that does not start with '\(file):': \(message)") }
        return .refused(message)
    }
}
