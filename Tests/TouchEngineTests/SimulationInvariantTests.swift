import TestSupport
import Testing

@testable import TouchEngine

/// The run state's caches against what they cache (`Simulation.invariantViolation`), which a debug build checks after
/// every step of every run (`stepInvariantViolation`) and whole at each run's end: these tests show that the check
/// passes where it should and speaks where it should.
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
        let (simulation, sv, plain) = Self.afterATouchDown()
        #expect(simulation.invariantViolation() == nil)

        // These a step's own check finds.
        var pending = simulation
        pending.pendingCount += 1
        #expect(pending.stepInvariantViolation()?.contains("wait for their requirements") == true)

        var slots = simulation
        slots.slotsInUse |= 1 << 7
        #expect(slots.stepInvariantViolation()?.contains("slot") == true)

        var dirty = simulation
        dirty.dirtyControls.append(plain)
        #expect(dirty.stepInvariantViolation()?.contains("listed dirty") == true)

        // The run tables are shared between copies until a copy makes its own (`RunTable`).
        var decelerating = simulation
        decelerating.makeTablesUnique()
        decelerating.scrolls[sv].isDecelerating = true
        #expect(decelerating.invariantViolation()?.contains("decelerating") == true)

        var trackers = simulation
        trackers.makeTablesUnique()
        trackers.touches[0].trackers = 0
        #expect(trackers.stepInvariantViolation()?.contains("trackers") == true)
        #expect(simulation.invariantViolation() == nil, "the copies' changes left the original alone")
    }

    @Test("what a step's check does not walk (the slots and views the run never used) the whole check finds")
    func theWholeCheckWalksWhatTheStepsLeave() {
        let (simulation, sv, plain) = Self.afterATouchDown()

        var taken = simulation
        taken.makeTablesUnique()
        taken.touches[Simulation<NoTrace>.maxSlots - 1].inUse = true
        #expect(taken.stepInvariantViolation() == nil)
        #expect(taken.invariantViolation() == "slot \(Simulation<NoTrace>.maxSlots - 1) is in use, and the run never took it")

        var marked = simulation
        marked.makeTablesUnique()
        marked.controlIsDirty[plain] = true
        #expect(marked.stepInvariantViolation() == nil)
        let listed = simulation.dirtyControls.count
        #expect(marked.invariantViolation() == "\(listed + 1) controls are marked dirty, \(listed) listed")

        var decelerating = simulation
        decelerating.makeTablesUnique()
        decelerating.scrolls[sv].isDecelerating = true
        #expect(decelerating.stepInvariantViolation() == nil)
        #expect(decelerating.invariantViolation() == "scroll view \(sv) is decelerating, and its timer says otherwise")
    }

    @Test(
        "a debug build stops a run that ends with a broken invariant, naming it",
        .enabled(if: BuildConfiguration.isDebug, "a release build compiles the check away"))
    func aRunsEndIsChecked() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var (scene, _, _, _) = Fixtures.treeSV()
            scene.script = Fixtures.script([(0, .down(Point(70, 122))), (30, .up(nil))])
            var simulation = Simulation(prepared: PreparedScene(scene), recorder: NoTrace())
            simulation.touches[Simulation<NoTrace>.maxSlots - 1].inUse = true // no step walks it; the run's end does
            simulation.run() // returning exits with success: the expectation fails
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Simulation invariant at the run's end"), "\(stderr)")
        #expect(stderr.contains("the run never took it"), "\(stderr)")
    }

    @Test(
        "a debug build stops an index past a run table's end, though its engine is compiled optimized",
        .enabled(if: BuildConfiguration.isDebug, "a release build does not check the index"))
    func aTableIndexIsChecked() async {
        #expect(RunTable(repeating: 7, count: 3)[2] == 7)
        await #expect(processExitsWith: .failure) {
            let table = RunTable(repeating: 7, count: 3)
            _ = table[3] // in range, this reads 7 and exits with success: the expectation fails
        }
    }

    /// The scroll-view fixture run through one touch-down (a live touch and a dirty control), with the
    /// scroll view and a plain view to break caches with.
    static func afterATouchDown() -> (simulation: Simulation<NoTrace>, scrollView: ViewID, plain: ViewID) {
        var (scene, sv, _, plain) = Fixtures.treeSV()
        scene.script = Fixtures.script([(0, .down(Point(70, 122)))])
        var simulation = Simulation(prepared: PreparedScene(scene), recorder: NoTrace())
        simulation.run()
        return (simulation, sv, plain)
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
