import TouchEngine
import Yams

extension ScenarioLoader {
    /// A recognizer declared outside a scenario file (a `sweep import --recognizers` overlay): a YAML map with
    /// the recognizer keys of docs/scenario-format.md except `id` and `view`, which the caller supplies.
    public struct AttachedRecognizer {
        /// The map, with its marks in the overlay file (errors name that file's lines).
        public var node: Node
        public var id: String
        public var view: ViewID
        public init(node: Node, id: String, view: ViewID) { self.node = node; self.id = id; self.view = view }
    }

    /// Adds `recognizers` to `scene` exactly as the loader adds a scenario's `recognizers:` entries: the same
    /// keys, defaults, checks and one-sentence `file:line:column` errors (`file` is the overlay's path).
    /// Recognizer lists in policies may name the scene's recognizers (`SV.pan`) and the attached ones.
    public static func attach(_ recognizers: [AttachedRecognizer], to scene: Scene, file: String) throws(ScenarioError) -> Scene {
        var builder = Builder(reader: YAMLNodeReader(file: file))
        builder.scene = scene
        for (id, view) in scene.views.enumerated() {
            builder.viewIDs[view.name] = id
            builder.ids[view.name] = IDDefinition(what: "a view", line: 0)
        }
        for r in scene.recognizers { builder.ids[r.name] = IDDefinition(what: "a recognizer", line: 0) }
        for r in recognizers {
            guard case .mapping(var mapping) = r.node else {
                throw builder.reader.mismatch(r.node, expected: "a map", for: "a recognizer")
            }
            let viewName = scene.views[r.view].name
            mapping["id"] = .scalar(.init(r.id, .implicit, .plain, r.node.mark))
            mapping["view"] = .scalar(.init(r.view == 0 ? "window" : viewName, .implicit, .plain, r.node.mark))
            builder.pendingRecognizers.append(try builder.parseRecognizer(.mapping(mapping)))
        }
        try builder.addRecognizers()
        return builder.scene
    }
}
