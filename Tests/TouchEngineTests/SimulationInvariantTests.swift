import TestSupport
import Testing

@testable import TouchEngine

/// The run state's caches against what they cache (`Simulation.invariantViolation`), which a debug build checks after
/// every step of every run: these tests show that the check passes where it should and speaks where it should.
@Suite struct SimulationInvariantTests {
    @Test(
        "a debug build checks the invariants after every step of every run",
        .enabled(if: BuildConfiguration.isDebug, "a release build compiles the check away"))
    func checkedInDebugBuilds() {
        // `checkInvariantsInDebugBuilds` stops the program on a broken invariant; every engine test runs through it.
        #expect(BuildConfiguration.isDebug)
        var (scene, _, _, _) = Fixtures.treeSV()
        scene.script = Fixtures.script([(0, .down(Point(70, 122))), (30, .move(Point(70, 200))), (60, .up(nil))])
        var simulation = Simulation(prepared: PreparedScene(scene), recorder: NoTrace())
        var readings = 0
        simulation.run(readingAt: scene.script.map(\.time)) { state in
            #expect(state.invariantViolation() == nil)
            readings += 1
        }
        #expect(readings == 3)
    }

    @Test("the generated property scenes keep every invariant at every script time, run, reset and rebound")
    func propertyScenes() {
        var checked = 0
        var previous: Simulation<NoTrace>?
        for seed in 0 ..< 120 {
            let scene = PropertyScenes.make(seed: seed)
            let prepared = PreparedScene(scene)
            var simulation = Simulation(prepared: prepared, recorder: NoTrace())
            for _ in 0 ..< 2 {
                simulation.run(readingAt: scene.script.map(\.time)) { state in
                    #expect(state.invariantViolation() == nil, "seed \(seed)")
                    checked += 1
                }
                #expect(simulation.invariantViolation() == nil, "seed \(seed), after the run")
                simulation.reset()
                #expect(simulation.invariantViolation() == nil, "seed \(seed), after reset")
            }
            if var other = previous {
                other.rebind(to: prepared)
                #expect(other.invariantViolation() == nil, "seed \(seed), rebound")
                other.run()
                #expect(other.summary == simulation.summaryOfFreshRun(), "seed \(seed): a rebound run differs")
            }
            previous = simulation
        }
        #expect(checked > 1_000)
    }

    @Test("a cache that disagrees with what it caches is named")
    func brokenCachesAreNamed() {
        var (scene, sv, _, plain) = Fixtures.treeSV()
        scene.script = Fixtures.script([(0, .down(Point(70, 122)))])
        var simulation = Simulation(prepared: PreparedScene(scene), recorder: NoTrace())
        simulation.run()
        #expect(simulation.invariantViolation() == nil)

        var pending = simulation
        pending.pendingCount += 1
        #expect(pending.invariantViolation()?.contains("wait for their requirements") == true)

        var slots = simulation
        slots.slotsInUse |= 1 << 7
        #expect(slots.invariantViolation()?.contains("slot") == true)

        var dirty = simulation
        dirty.dirtyControls.append(plain)
        #expect(dirty.invariantViolation()?.contains("listed dirty") == true)

        // The run tables are shared between copies until a copy makes its own (`RunTable`).
        var decelerating = simulation
        decelerating.makeTablesUnique()
        decelerating.scrolls[sv].isDecelerating = true
        #expect(decelerating.invariantViolation()?.contains("decelerating") == true)

        var trackers = simulation
        trackers.makeTablesUnique()
        trackers.touches[0].trackers = 0
        #expect(trackers.invariantViolation()?.contains("trackers") == true)
        #expect(simulation.invariantViolation() == nil, "the copies' changes left the original alone")
    }
}

extension Simulation where Recorder == NoTrace {
    /// The summary a new simulation of this scene gives for its script.
    func summaryOfFreshRun() -> RunSummary {
        var fresh = Simulation(prepared: prepared, recorder: NoTrace())
        fresh.run()
        return fresh.summary
    }
}
