/// The engine's front door: run a scene and get its trace or its summary.
///
/// A run is a pure function of the scene (tree, recognizers, parameters, script): no clock, no I/O,
/// no global state. The same scene always gives the same trace, byte for byte.
public enum Engine {
    /// Runs `scene` and returns every trace event in order.
    public static func trace(_ scene: Scene, movePath: MovePath = .specialised) -> [TraceEvent] {
        trace(PreparedScene(scene), script: scene.script, movePath: movePath)
    }

    /// Runs `script` on a prepared scene and returns every trace event in order (the scene is prepared once for a
    /// traced and an untraced run).
    public static func trace(_ prepared: PreparedScene, script: [ScriptEvent], movePath: MovePath = .specialised) -> [TraceEvent] {
        var sim = Simulation(prepared: prepared, recorder: TraceBuffer())
        sim.movePath = movePath
        sim.run(script: script)
        return sim.recorder.events
    }

    /// Runs `scene` without tracing (the sweep fast path) and returns its counters and final states.
    public static func summary(_ scene: Scene) -> RunSummary {
        summary(PreparedScene(scene))
    }

    /// Runs a prepared scene without tracing; prepare once, run many times (sweeps, benchmarks).
    public static func summary(_ prepared: PreparedScene) -> RunSummary {
        var sim = Simulation(prepared: prepared, recorder: NoTrace())
        sim.run()
        return sim.summary
    }

    /// Builds the run state without running it (benchmark aid: the fixed cost of a run).
    public static func setUpOnly(_ prepared: PreparedScene) -> Int {
        let sim = Simulation(prepared: prepared, recorder: NoTrace())
        return sim.recognizers.count
    }

    /// Runs `scene` and folds the trace into an `Outcome`.
    public static func outcome(_ scene: Scene) -> Outcome {
        Outcome(scene: scene, trace: trace(scene))
    }
}

/// Runs prepared scenes untraced, reusing one simulation's buffers: the sweep worker's loop (one tree, many
/// scripts) allocates nothing per run, and moving on to the next tree reuses the buffers too.
public struct EngineRunner: Sendable {
    private var simulation: Simulation<NoTrace>?
    /// ``Simulation/movePath`` of every run.
    public let movePath: MovePath

    public init(movePath: MovePath = .specialised) { self.movePath = movePath }

    /// Runs `script` (default: the scene's own) on `prepared` and returns a copy of the summary.
    public mutating func summary(_ prepared: PreparedScene, script: [ScriptEvent]? = nil) -> RunSummary {
        withSummary(prepared, script: script) { $0 }
    }

    /// Runs `script` on `prepared` and hands the summary to `body` in place (no copy: the fast path of a
    /// sweep's inner loop). The summary is only valid inside `body`.
    public mutating func withSummary<Result>(
        _ prepared: PreparedScene, script: [ScriptEvent]? = nil,
        _ body: (borrowing RunSummary) -> Result
    ) -> Result {
        if simulation == nil {
            simulation = Simulation(prepared: prepared, recorder: NoTrace())
            simulation!.movePath = movePath
        } else if simulation!.prepared !== prepared {
            simulation!.rebind(to: prepared)
        } else {
            simulation!.reset()
        }
        simulation!.run(script: script ?? prepared.scene.script)
        return body(simulation!.summary)
    }

    /// The inferred parameters the last run's verdict may depend on (`RunSummary.inferredReads`); empty before any.
    public var lastInferredReads: InferredParameterSet { simulation?.summary.inferredReads ?? [] }
}
