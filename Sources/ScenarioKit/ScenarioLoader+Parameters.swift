import TouchEngine
import Yams

extension ScenarioLoader {
    /// `parameters:` keys, in the order of docs/scenario-format.md (``ParameterTable``).
    static let parameterKeys = ParameterTable.keys

    static let windowKeys = ["size", "edgeGate"]
}

extension ScenarioLoader.Builder {
    /// `parameters:` — any field of the engine's `Parameters` (``ParameterTable``); times in ms and distances in pt
    /// within `ScenarioLimits`, ratios within their own ranges (docs/scenario-format.md, "Ranges").
    func parseParameters(_ node: Node) throws(ScenarioError) -> Parameters {
        let map = try reader.map(node, for: "'parameters'")
        try map.checkKeys(ScenarioLoader.parameterKeys, in: "'parameters'")
        var p = Parameters()
        for entry in map.entries {
            guard let field = ParameterTable.field(entry.key) else { continue } // unreachable: checkKeys rejected it
            field.set(&p, try parameterValue(entry.value, of: field.kind, for: "'\(entry.key)'"))
        }
        return p
    }

    /// A `parameters:` value as its field's kind reads it.
    func parameterValue(_ value: Node, of kind: ParameterField.Kind, for label: String) throws(ScenarioError) -> ParameterField.Value {
        switch kind {
        case .milliseconds: return .duration(try reader.milliseconds(value, for: label))
        case .millisecondsIn(let range): return .duration(.ms(try reader.number(value, in: range, "a duration", unit: "ms", for: label)))
        case .length: return .number(try reader.length(value, for: label))
        case .ratio(let range): return .number(try reader.number(value, in: range, for: label))
        case let .quantity(range, noun, unit): return .number(try reader.number(value, in: range, noun, unit: unit, for: label))
        case .bool: return .bool(try reader.bool(value, for: label))
        case .device: return .device(try reader.choice(value, as: DeviceIdiom.self, for: label))
        case .version:
            guard let text = value.scalar?.string, !reader.isNull(value), let version = OSVersion(parsing: text) else {
                throw reader.mismatch(value, expected: "a version such as \"17.4\"", for: label)
            }
            return .version(version)
        }
    }

    /// `window:` — `size: [w, h]` and `edgeGate: [edges]`, the edges whose system gestures the app does not defer
    /// (the gates are installed after the scroll views: `W.edgeGate` for bottom, left and right, `W.topEdgeGate`
    /// for the top, §8).
    mutating func parseWindow(_ node: Node) throws(ScenarioError) -> Size {
        let map = try reader.map(node, for: "'window'")
        try map.checkKeys(ScenarioLoader.windowKeys, in: "'window'")
        if let edgesNode = map["edgeGate"] { edgeGate = try parseScreenEdges(edgesNode, for: "'edgeGate'") }
        return try map.size("size") ?? Size(390, 844)
    }
}
