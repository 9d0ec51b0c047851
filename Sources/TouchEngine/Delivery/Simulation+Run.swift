/// The run loop (P7), and reading a recognizer's properties at chosen instants between the steps.
extension Simulation {
    /// Runs the scene's script and every timer it schedules.
    public mutating func run() {
        run(script: prepared.scene.script)
    }

    /// Runs `script` (instead of the scene's own) and every timer it schedules.
    public mutating func run(script: [ScriptEvent]) {
        startRun()
        var next = 0
        advance(script, from: &next, through: .never)
    }

    /// Runs the scene's script, stopping after everything processed at each of `times` (ascending) to call `read`,
    /// then runs the rest: what an app's code sees when it reads a recognizer's properties at that instant, outside
    /// any action (issue 31 §2). Reading changes nothing, so the run is the one `run()` makes.
    public mutating func run(readingAt times: [VirtualTime], _ read: (borrowing Self) -> Void) {
        let script = prepared.scene.script
        startRun()
        var next = 0
        for time in times {
            advance(script, from: &next, through: time)
            read(self)
        }
        advance(script, from: &next, through: .never)
    }

    mutating func startRun() {
        makeTablesUnique()
        uiEvents = 0
        uiEvent = 0
        if !summaryIsOwn { summary.makeColumnsUnique() }
        summaryIsOwn = false
        clearInferredTimers()
        startInitialDecelerations()
    }

    /// Processes the script's steps from `next` and the timers, in P7 order, while they are due at or before
    /// `limit`; `next` is left at the first step not run.
    mutating func advance(_ script: [ScriptEvent], from next: inout Int, through limit: VirtualTime) {
        while true {
            let scriptTime = next < script.count ? script[next].time : .never
            let timer = timers.next()
            if scriptTime == .never && timer.time == .never {
                checkAllInvariantsInDebugBuilds() // the run is over
                break
            }
            // (the loop ends when the script is done and no timer is pending, or at the limit)
            emitFrames(before: min(scriptTime, timer.time, limit))
            if scriptTime <= timer.time {
                guard scriptTime <= limit else { break }
                now = scriptTime
                checkInferredTimers()
                // A multi-touch step: the events after this one that belong to the same UIEvent.
                var end = next + 1
                while end < script.count && script[end].sameEvent && script[end].time == scriptTime { end += 1 }
                if Recorder.isRecording { beginUIEvent(script[next ..< end]) }
                if end - next > 1 { performEvent(script[next ..< end]) } else { perform(script[next]) }
                if Recorder.isRecording { uiEvent = 0 }
                next = end
                checkInvariantsInDebugBuilds()
            } else {
                guard timer.time <= limit else { break }
                now = timer.time
                checkInferredTimers()
                fire(timer.owner)
                checkInvariantsInDebugBuilds()
            }
        }
    }

    /// Numbers the UIEvent a script step delivers (traced runs only): a step with a touch in it is the next
    /// UIEvent, and the trace events it causes carry its number; a step of code only (`disable`/`enable`) is none.
    mutating func beginUIEvent(_ events: ArraySlice<ScriptEvent>) {
        if events.contains(where: { $0.action.phaseRank != 0 }) {
            uiEvents += 1
            uiEvent = uiEvents
        }
    }

    /// What recognizer `id`'s properties read now (`RecognizerReading`).
    public func reading(of id: RecognizerID) -> RecognizerReading {
        var measure: GestureMeasure?
        switch recs[id].kind {
        case .pinch, .scrollZoom:
            // Before two touches have been measured since the reset the scale is 1 (the runtime's measure is unset).
            let scale = recognizers[id].baseSpan > 0 ? recognizers[id].measure : 1
            measure = GestureMeasure(kind: .scale, value: scale, velocity: recognizers[id].measureVelocity)
        case .rotation:
            measure = GestureMeasure(kind: .rotation, value: recognizers[id].measure, velocity: recognizers[id].measureVelocity)
        default:
            break
        }
        var translation: Point?
        switch recs[id].kind {
        case _ where recs[id].kind.isPan: translation = convertVectorFromWindow(panTranslation(id), to: recs[id].view)
        default: break
        }
        return RecognizerReading(state: recognizers[id].state, measure: measure, translation: translation)
    }
}

/// A recognizer's properties as an app's code reads them at some instant, in or outside its actions: its state, a
/// pinch's `scale` or a rotation's `rotation` with their velocity, a pan's `translation(in: its view)`.
///
/// Between actions they keep what the last touch event made of them: while `possible` a pinch's scale is the
/// distance over the distance when the second touch came down (the reference moves by the hysteresis only at
/// `began`), a rotation's the angle turned since then; after the reset the scale reads 1 and the rotation 0 [INF].
public struct RecognizerReading: Hashable, Sendable {
    public var state: RecognizerState
    /// Pinch (and a scroll view's zoom pinch): `scale`; rotation: `rotation`; nil for other kinds.
    public var measure: GestureMeasure?
    /// Pan (and a scroll view's pan): `translation(in: view)`; nil for other kinds.
    public var translation: Point?
    public init(state: RecognizerState, measure: GestureMeasure?, translation: Point?) {
        self.state = state; self.measure = measure; self.translation = translation
    }
}

extension Engine {
    /// Runs `scene` untraced and reads recognizer `id` after everything processed at each of `times` (in the order
    /// given; each must not come before the previous one).
    public static func readings(_ scene: Scene, recognizer id: RecognizerID, at times: [VirtualTime]) -> [RecognizerReading] {
        var sim = Simulation(scene: scene, recorder: NoTrace())
        var result: [RecognizerReading] = []
        sim.run(readingAt: times) { result.append($0.reading(of: id)) }
        return result
    }

}
