import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// Reading a recognizer between the steps (`Simulation.run(readingAt:)`, `Engine.readings`): what it reads, and
/// that reading changes nothing in the run.
@Suite struct RecognizerReadingTests {
    func scene(_ file: String) throws -> Scene {
        try ScenarioLoader.load(path: Repository.path + "/configs/scenarios/golden/" + file).scene
    }

    @Test func aPinchReadsItsScaleAtEveryStep() throws {
        let scene = try scene("PZ-02b-pinch-scale-read-between-actions.yaml")
        let p = scene.recognizer(named: "P")!
        let times = [0, 5, 10, 20, 80, 100, 120, 500].map { VirtualTime.ms(Double($0)) }
        let readings = Engine.readings(scene, recognizer: p, at: times)
        let scales = readings.map { (($0.measure?.value ?? -1) * 1000).rounded() / 1000 }
        #expect(scales == [1, 1, 1.04, 1.5, 1.6, 1.6, 1, 1])
        #expect(readings.map(\.state) == [.possible, .possible, .possible, .began, .changed, .changed, .possible, .possible])
        #expect(readings.allSatisfy { $0.translation == nil && $0.measure?.kind == .scale })
    }

    @Test func aPanReadsItsTranslation() throws {
        let scene = try scene("CR-06c-set-translation-zero-on-began-only.yaml")
        let readings = Engine.readings(scene, recognizer: scene.recognizer(named: "P")!, at: [.ms(20), .ms(60)])
        // After the began action's setTranslation(.zero), then the total since.
        #expect(readings.map(\.translation) == [Point(0, 0), Point(14, 0)])
        #expect(readings.allSatisfy { $0.measure == nil })
    }

    @Test func readingChangesNothingInTheRun() throws {
        for file in ["PZ-02b-pinch-scale-read-between-actions.yaml", "CR-02d-custom-timer-fails-it-touch-delay.yaml"] {
            let scene = try scene(file)
            var simulation = Simulation(scene: scene, recorder: TraceBuffer())
            var count = 0
            simulation.run(readingAt: [.ms(10), .ms(150), .ms(1060), .ms(5000)]) { _ in count += 1 }
            #expect(count == 4)
            #expect(simulation.recorder.events == Engine.trace(scene), "\(file)")
        }
    }
}
