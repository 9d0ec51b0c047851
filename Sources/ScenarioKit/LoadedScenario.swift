import TouchEngine

/// A scenario file after loading: the engine's `Scene` plus what the file says about it.
public struct LoadedScenario: Sendable {
    /// Path as given by the user.
    public var path: String
    public var scene: Scene
    public var description: String?
    /// The spec rules and sources the file cites (`source:`).
    public var source: String?
    /// The `expect:` block, if any.
    public var expectations: Expectations?
    /// The `truth:` block of a defect ground-truth fixture, if any.
    public var truth: GroundTruth?

    public init(
        path: String, scene: Scene, description: String? = nil, source: String? = nil,
        expectations: Expectations? = nil, truth: GroundTruth? = nil
    ) {
        self.path = path; self.scene = scene; self.description = description; self.source = source
        self.expectations = expectations; self.truth = truth
    }
}
