/// The engine's front door: run a scene and get its trace or its summary.
///
/// A run is a pure function of the scene (tree, recognizers, parameters, script): no clock, no I/O,
/// no global state. The same scene always gives the same trace, byte for byte.
public enum Engine {
    /// Runs `scene` and returns every trace event in order.
    public static func trace(_ scene: Scene) -> [TraceEvent] {
        var sim = Simulation(scene: scene, recorder: TraceBuffer())
        sim.run()
        return sim.recorder.events
    }

    /// Runs `scene` without tracing (the sweep fast path) and returns its counters and final states.
    public static func summary(_ scene: Scene) -> RunSummary {
        var sim = Simulation(scene: scene, recorder: NoTrace())
        sim.run()
        return sim.summary
    }

    /// Runs `scene` and folds the trace into an `Outcome`.
    public static func outcome(_ scene: Scene) -> Outcome {
        Outcome(scene: scene, trace: trace(scene))
    }
}
