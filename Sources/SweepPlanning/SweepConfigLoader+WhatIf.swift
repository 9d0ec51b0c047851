import ScenarioKit
import TouchScenarios
import Yams

extension SweepConfigLoader.Parser {
    /// `whatIf:` — per axis of this sweep, the values its author declares no shipped app keeps (docs/sweep-config.md,
    /// "What-if values"): a map from axis name to a list of that axis's values (or one value). Every name must be an
    /// axis of the sweep and every value one of its values.
    func whatIf(_ node: Node, axes: [SweepAxis]) throws(ScenarioError) -> [SweepAxis] {
        let map = try reader.map(node, for: "'whatIf'")
        let names = axes.map(\.name)
        var result: [SweepAxis] = []
        for entry in map.entries {
            guard let axis = axes.first(where: { $0.name == entry.key }), let definition = AxisCatalog.definition(named: entry.key)
            else {
                throw reader.error(
                    at: entry.keyNode,
                    "'whatIf' names '\(entry.key)', which is not one of this sweep's axes (\(names.isEmpty ? "none" : names.joined(separator: ", ")))")
            }
            let values = try self.values(entry.value, of: definition)
            for (value, valueNode) in Swift.zip(values, Self.valueNodes(of: entry.value, count: values.count)) where !axis.values.contains(value) {
                throw reader.error(
                    at: valueNode,
                    "'whatIf' declares '\(value)' of axis '\(axis.name)', which the sweep does not run (its values: "
                        + axis.values.map(\.description).joined(separator: ", ") + ")")
            }
            result.append(SweepAxis(name: axis.name, values: values))
        }
        return result
    }

    /// The nodes of a list's values, or the node itself for a single value (a range's values share its node).
    static func valueNodes(of node: Node, count: Int) -> [Node] {
        if case .sequence(let sequence) = node { return Array(sequence) }
        return Array(repeating: node, count: count)
    }
}
