import Foundation
import SweepPlanning
import TestSupport

/// Loads a config from text as the file `t.yaml`.
func load(_ yaml: String, path: String = "t.yaml") throws -> SweepConfig {
    try SweepConfigLoader.load(yaml: yaml, path: path)
}

/// The loader's message (`file:line:column: …`) for a config it must reject, or "accepted".
func loadError(_ yaml: String) -> String {
    do {
        _ = try SweepConfigLoader.load(yaml: yaml, path: "t.yaml")
        return "accepted"
    } catch {
        return error.description
    }
}

/// The plan of a config given as text.
func plan(_ yaml: String) throws -> SweepPlan { SweepPlan(try load(yaml)) }

/// The configurations' values as `axis=value` strings joined by spaces.
func rows(_ plan: SweepPlan) -> [String] {
    plan.configurations.map { $0.values.map(\.description).joined(separator: " ") }
}
