import TouchEngine
import Yams

/// Script steps written as maps (`{t: …, down: …}`), multi-touch steps among them.
extension ScenarioLoader.Builder {
    // MARK: Map steps

    func parseMapStep(_ node: Node, step: Int) throws(ScenarioError) -> (VirtualTime, Node, [ScenarioLoader.PendingEvent]) {
        let label = "script step \(step)"
        let map = try reader.map(node, for: label)
        let actions = map.entries.filter { ScenarioLoader.stepActions.contains($0.key) }
        guard let action = actions.first else {
            let known = ["t", "touch", "duration", "hz", "hold"]
            if let unknown = map.entries.first(where: { !known.contains($0.key) }) {
                throw reader.error(
                    at: unknown.keyNode,
                    "unknown key '\(unknown.key)' in \(label); expected one action key of "
                        + ScenarioLoader.stepActions.joined(separator: ", "))
            }
            throw reader.error(
                at: node,
                "\(label) has no action; expected one of the keys "
                    + ScenarioLoader.stepActions.joined(separator: ", "))
        }
        if actions.count > 1 {
            // Several touch verbs make a mixed event when they list their fingers; one-finger forms stay one action.
            let listsFingers = actions.contains { action in
                if case .mapping = action.value { return action.key != "cancel" }
                if case .sequence = action.value { return action.key == "cancel" }
                return false
            }
            guard listsFingers, actions.allSatisfy({ ScenarioLoader.touchVerbs.contains($0.key) }) else {
                throw reader.error(at: actions[1].keyNode, "\(label) has both '\(action.key)' and '\(actions[1].key)'; a step has exactly one action")
            }
            return try mixedMapStep(actions, map: map, step: step, node: node, label: label)
        }
        try map.checkKeys([action.key] + ScenarioLoader.stepKeys[action.key]!, in: "\(label) ('\(action.key)')")

        let timeNode = try map.required("t", in: label)
        let t = try reader.time(timeNode, for: "'t'")
        let time = VirtualTime.ms(t)
        let touch = try map.integer("touch", in: ScenarioLimits.count) ?? 1
        let value = action.value, keyLabel = "'\(action.key)'"
        func event(_ time: VirtualTime, _ action: ScriptAction) -> ScenarioLoader.PendingEvent {
            .init(time: time, touch: touch, action: .touch(action), step: step, node: node)
        }
        if let fingers = try multiTouchFingers(action.key, value: value, map: map, label: label) {
            return (time, timeNode, try multiTouchEvents(action.key, fingers: fingers, map: map, start: t, step: step, node: node, label: label))
        }

        switch action.key {
        case "down": return (time, timeNode, [event(time, .down(try reader.point(value, for: keyLabel)))])
        case "move": return (time, timeNode, [event(time, .move(try reader.point(value, for: keyLabel)))])
        case "up":
            let location = reader.isNull(value) ? nil : try reader.point(value, for: "'up' (or ~)")
            return (time, timeNode, [event(time, .up(location))])
        case "cancel":
            guard try reader.bool(value, for: keyLabel) else {
                throw reader.mismatch(value, expected: "true", for: keyLabel)
            }
            return (time, timeNode, [event(time, .cancel)])
        case "disable", "enable":
            let ref = ScenarioLoader.NameRef(name: try reader.identifier(value, for: keyLabel), node: value)
            return (time, timeNode, [.init(time: time, touch: 1, action: .setEnabled(ref, action.key == "enable"), step: step, node: value)])
        case "tap":
            let point = try reader.point(value, for: keyLabel)
            let duration = try reader.time(try map.required("duration", in: "\(label) ('tap')"), for: "'duration'")
            return (time, timeNode, [event(time, .down(point)), event(.ms(t + duration), .up(point))])
        default: // swipe, drag
            return (time, timeNode, try lineEvents(action.key, value, map: map, start: t, label: label, event: event))
        }
    }

    /// A `swipe` or `drag` step's events: down at `from`, the moves sampled at `hz` over `duration` (after `hold`
    /// for a drag), and the lift at `to` one sample after the last move.
    func lineEvents(
        _ key: String, _ value: Node, map: YAMLMap, start t: Double, label: String,
        event: (VirtualTime, ScriptAction) -> ScenarioLoader.PendingEvent
    ) throws(ScenarioError) -> [ScenarioLoader.PendingEvent] {
        let keyLabel = "'\(key)'"
        let line = try reader.map(value, for: keyLabel)
        try line.checkKeys(["from", "to"], in: keyLabel)
        let from = try reader.point(try line.required("from", in: keyLabel), for: "'from'")
        let to = try reader.point(try line.required("to", in: keyLabel), for: "'to'")
        let context = "\(label) ('\(key)')"
        let durationNode = try map.required("duration", in: context)
        let duration = try reader.time(durationNode, for: "'duration'")
        var hz = ScenarioLoader.defaultSampleRate
        if let hzNode = map["hz"] { hz = try reader.number(hzNode, in: ScenarioLimits.sampleRate, unit: "Hz", for: "'hz'") }
        let samples = Self.sampleCount(duration: duration, hz: hz)
        guard samples <= ScenarioLimits.samplesPerStep else {
            throw reader.error(
                at: durationNode,
                "\(context) moves \(samples) times (duration × hz / 1000), more than the "
                    + "\(ScenarioLimits.samplesPerStep) a swipe or drag may; use a shorter 'duration' or a lower 'hz'")
        }
        let hold = key == "drag" ? try reader.time(try map.required("hold", in: context), for: "'hold'") : 0
        var events = [event(.ms(t), .down(from))]
        for (moveTime, point) in Self.swipeSamples(from: from, to: to, start: t + hold, duration: duration, hz: hz) {
            events.append(event(.ms(moveTime), .move(point)))
        }
        events.append(event(.ms(t + hold + duration + duration / Double(samples)), .up(to)))
        return events
    }

    /// The fingers of a multi-touch map step, or nil for the one-finger form: `down`, `move`, `up` and `tap` take a
    /// map from finger numbers to points (`{1: [100, 200], 2: [200, 200]}`; `up` also `~` for "where it is"),
    /// `cancel` a list of finger numbers. The `touch` key cannot go with them.
    func multiTouchFingers(_ key: String, value: Node, map: YAMLMap, label: String) throws(ScenarioError)
        -> [(touch: Int, point: Point?, node: Node)]?
    {
        let multiMap: Bool
        if case .mapping = value { multiMap = ["down", "move", "up", "tap"].contains(key) } else { multiMap = false }
        let multiList: Bool
        if case .sequence = value { multiList = key == "cancel" } else { multiList = false }
        guard multiMap || multiList else { return nil }
        if let touchKey = map.keyNode("touch") {
            throw reader.error(at: touchKey, "\(label) ('\(key)') lists its fingers, so it cannot also have 'touch'")
        }
        var fingers: [(touch: Int, point: Point?, node: Node)] = []
        func add(_ numberNode: Node, _ point: Point?) throws(ScenarioError) {
            let n = try reader.integer(numberNode, in: ScenarioLimits.count, for: "a finger of '\(key)'")
            guard !fingers.contains(where: { $0.touch == n }) else {
                throw reader.error(at: numberNode, "\(label) ('\(key)') names touch \(n) twice; each finger changes once in one event")
            }
            fingers.append((n, point, numberNode))
        }
        if multiList {
            for item in try reader.list(value, for: "'\(key)'") { try add(item, nil) }
        } else {
            let fingerMap = try reader.map(value, for: "'\(key)'")
            for entry in fingerMap.entries {
                let point: Point? =
                    key == "up" && reader.isNull(entry.value)
                    ? nil : try reader.point(entry.value, for: "touch \(entry.key) of '\(key)'")
                try add(entry.keyNode, point)
            }
        }
        guard !fingers.isEmpty else {
            throw reader.error(at: value, "\(label) ('\(key)') lists no fingers; give at least one")
        }
        return fingers
    }

    /// A map step with several touch verbs, one UIEvent: `{t: 80, move: {1: [110, 200]}, up: {2: ~}}`. Each verb lists
    /// its fingers (a map, `cancel` a list); each finger appears once in the step.
    func mixedMapStep(
        _ actions: [YAMLMap.Entry], map: YAMLMap, step: Int, node: Node,
        label: String
    ) throws(ScenarioError) -> (VirtualTime, Node, [ScenarioLoader.PendingEvent]) {
        var all: [(touch: Int, point: Point?, node: Node)] = []
        var groups: [(key: String, fingers: [(touch: Int, point: Point?, node: Node)])] = []
        for action in actions {
            guard let fingers = try multiTouchFingers(action.key, value: action.value, map: map, label: label) else {
                let form =
                    action.key == "cancel"
                    ? "a list of finger numbers ('cancel: [2]')"
                    : "a map of finger numbers ('\(action.key): {1: [x, y]}')"
                throw reader.error(at: action.value, "\(label) has several actions, so '\(action.key)' lists its fingers as \(form)")
            }
            for finger in fingers where all.contains(where: { $0.touch == finger.touch }) {
                throw reader.error(at: finger.node, "\(label) names touch \(finger.touch) twice; each finger changes once in one event")
            }
            all += fingers
            groups.append((action.key, fingers))
        }
        try map.checkKeys(actions.map(\.key) + ["t"], in: label)
        let timeNode = try map.required("t", in: label)
        let time = VirtualTime.ms(try reader.time(timeNode, for: "'t'"))
        var events: [ScenarioLoader.PendingEvent] = []
        for group in groups {
            for finger in group.fingers {
                let action: ScriptAction
                switch group.key {
                case "down": action = .down(finger.point!)
                case "move": action = .move(finger.point!)
                case "up": action = .up(finger.point)
                default: action = .cancel
                }
                events.append(.init(time: time, touch: finger.touch, action: .touch(action), step: step, node: node))
            }
        }
        return (time, timeNode, ScenarioLoader.oneEvent(events))
    }

    /// The events of a multi-touch map step: one UIEvent (a `tap`: one to put the fingers down, one to lift them).
    func multiTouchEvents(
        _ key: String, fingers: [(touch: Int, point: Point?, node: Node)], map: YAMLMap,
        start: Double, step: Int, node: Node, label: String
    ) throws(ScenarioError)
        -> [ScenarioLoader.PendingEvent]
    {
        func group(_ time: Double, _ action: (Point?) -> ScriptAction) -> [ScenarioLoader.PendingEvent] {
            fingers.enumerated().map { k, finger in
                var e = ScenarioLoader.PendingEvent(
                    time: .ms(time), touch: finger.touch, action: .touch(action(finger.point)),
                    step: step, node: node)
                e.sameEvent = k > 0
                return e
            }
        }
        switch key {
        case "down": return group(start) { .down($0!) }
        case "move": return group(start) { .move($0!) }
        case "up": return group(start) { .up($0) }
        case "cancel": return group(start) { _ in .cancel }
        default: // tap
            let duration = try reader.time(try map.required("duration", in: "\(label) ('tap')"), for: "'duration'")
            return group(start) { .down($0!) } + group(start + duration) { .up($0) }
        }
    }

    /// `n = max(1, round(duration·hz/1000))` equal steps.
    static func sampleCount(duration: Double, hz: Double) -> Int {
        max(1, Int((duration * hz / 1000).rounded()))
    }

    /// The moves of a swipe: `n` equal steps along the line, the last exactly at `to` at `start + duration`.
    static func swipeSamples(from: Point, to: Point, start: Double, duration: Double, hz: Double) -> [(Double, Point)] {
        let n = sampleCount(duration: duration, hz: hz)
        return (1 ... n).map { k in
            if k == n { return (start + duration, to) }
            let f = Double(k) / Double(n)
            return (start + duration * f, Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f))
        }
    }
}
