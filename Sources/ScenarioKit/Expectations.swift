import TouchEngine

/// The `expect:` block of a scenario (docs/scenario-format.md, "Expectations"). Placeholder: being written.
public struct Expectations: Sendable {
    public init() {}
}
