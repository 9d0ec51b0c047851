import TouchEngine
import Yams

extension ScenarioLoader {
    static let stepVerbs = ["down", "move", "up", "cancel", "disable", "enable"]
    /// The verbs that change a touch: one multi-touch step (one UIEvent) may hold several of them.
    static let touchVerbs = ["down", "move", "up", "cancel"]
    static let stepActions = stepVerbs + ["tap", "swipe", "drag"]
    /// The keys a map step may have besides its action key.
    static let stepKeys: [String: [String]] = [
        "down": ["t", "touch"], "move": ["t", "touch"], "up": ["t", "touch"], "cancel": ["t", "touch"],
        "disable": ["t"], "enable": ["t"],
        "tap": ["t", "duration", "touch"],
        "swipe": ["t", "duration", "hz", "touch"],
        "drag": ["t", "hold", "duration", "hz", "touch"]
    ]
    /// Sample rate of `swipe`/`drag` when `hz` is omitted.
    static let defaultSampleRate = 60.0

    /// One expanded script event, still naming recognizers by id, with the step it came from.
    struct PendingEvent {
        enum Action {
            case touch(ScriptAction)
            case setEnabled(NameRef, Bool)
        }
        let time: VirtualTime
        let touch: Int
        let action: Action
        /// 1-based index of the step in `script:`.
        let step: Int
        /// Where to point errors about this event.
        let node: Node
        /// In the same UIEvent as the event before it (a multi-touch step's second and later fingers).
        var sameEvent = false
    }

    /// The events of one UIEvent in the order the engine runs them — phase order (down, move, up, cancel: `phaseRank`),
    /// listed order within a verb — the second and later marked `sameEvent`. A one-verb step keeps its order.
    static func oneEvent(_ events: [PendingEvent]) -> [PendingEvent] {
        func rank(_ e: PendingEvent) -> Int { if case .touch(let a) = e.action { return a.phaseRank } else { return 0 } }
        let ordered = events.enumerated().sorted { a, b in
            rank(a.element) != rank(b.element) ? rank(a.element) < rank(b.element) : a.offset < b.offset
        }.map(\.element)
        return ordered.enumerated().map { k, e in
            var e = e
            e.sameEvent = k > 0
            return e
        }
    }

    /// Milliseconds for messages: `300`, `16.667`.
    static func format(_ time: VirtualTime) -> String { ScenarioWriter.ms(time.microseconds) }
}

extension ScenarioLoader.Builder {
    /// `script:` — steps in non-decreasing time order. Shorthands expand into events that may interleave
    /// with later steps (two fingers); all events are merged by time, keeping list order at equal times.
    func parseScript(_ node: Node) throws(ScenarioError) -> [ScriptEvent] {
        var events: [ScenarioLoader.PendingEvent] = []
        var previous: (time: VirtualTime, step: Int)?
        // The golden cases' one-line notation: "0 down (70,122) · 80 up", split into string steps.
        let pieces: [(text: String, offset: Int)?]
        let items: [Node]
        if let scalar = node.scalar {
            let split = splitOneLineScript(scalar.string)
            pieces = split.map { Optional($0) }
            items = Array(repeating: node, count: split.count)
        } else {
            items = try reader.list(node, for: "'script'")
            pieces = Array(repeating: nil, count: items.count)
        }
        for (offset, item) in items.enumerated() {
            let step = offset + 1
            let (start, timeNode, expanded) =
                item.scalar != nil
                ? try parseStringStep(item, step: step, piece: pieces[offset])
                : try parseMapStep(item, step: step)
            if let previous, start < previous.time {
                throw reader.error(
                    at: timeNode,
                    "script step \(step) is at \(ScenarioLoader.format(start)) ms, earlier than "
                        + "step \(previous.step) at \(ScenarioLoader.format(previous.time)) ms; script times must be non-decreasing")
            }
            previous = (start, step)
            events += expanded
        }
        let merged = events.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
        try checkTouchStates(merged)

        var script: [ScriptEvent] = []
        for event in merged {
            switch event.action {
            case .touch(let action):
                script.append(ScriptEvent(time: event.time, touch: event.touch, action: action, sameEvent: event.sameEvent))
            case .setEnabled(let ref, let enabled):
                let verb = enabled ? "enables" : "disables"
                let id = try resolveRecognizer(ref) { "script step \(event.step) \(verb) recognizer '\($0)', which is not defined" }
                script.append(ScriptEvent(time: event.time, touch: 1, action: .setRecognizerEnabled(id, enabled)))
            }
        }
        return script
    }

    /// Splits a one-line script at `·` (or `;`) into steps, each with its character offset in the string.
    func splitOneLineScript(_ text: String) -> [(text: String, offset: Int)] {
        var steps: [(text: String, offset: Int)] = []
        var current = "", currentStart = 0, position = 0
        func flush() {
            let leading = current.prefix { $0 == " " }.count
            let trimmed = current.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { steps.append((trimmed, currentStart + leading)) }
        }
        for c in text {
            if c == "·" || c == ";" || c == "\n" {
                flush()
                current = ""
                currentStart = position + 1
            } else {
                current.append(c)
            }
            position += 1
        }
        flush()
        return steps
    }

    /// A `down` needs the finger up; `move`, `up` and `cancel` need it down.
    func checkTouchStates(_ events: [ScenarioLoader.PendingEvent]) throws(ScenarioError) {
        var down: Set<Int> = []
        for event in events {
            guard case .touch(let action) = event.action else { continue }
            let at = "at \(ScenarioLoader.format(event.time)) ms"
            switch action {
            case .down:
                guard down.insert(event.touch).inserted else {
                    throw reader.error(
                        at: event.node,
                        "script step \(event.step) puts touch \(event.touch) down \(at), "
                            + "but touch \(event.touch) is already down")
                }
            case .move, .up, .cancel:
                let verb: String
                switch action {
                case .move: verb = "moves"
                case .up: verb = "lifts"
                default: verb = "cancels"
                }
                guard down.contains(event.touch) else {
                    throw reader.error(
                        at: event.node,
                        "script step \(event.step) \(verb) touch \(event.touch) \(at), "
                            + "but touch \(event.touch) is not down")
                }
                if case .move = action {} else { down.remove(event.touch) }
            case .setRecognizerEnabled:
                break
            }
        }
    }

    // MARK: String steps

    /// `<t> <verb> [(x,y)] [touch <n>]`, `<t> <verb> <n>:(x,y) <n>:(x,y) …` (a multi-touch step; more verbs with
    /// their fingers may follow, `<t> move 1:(x,y) up 2`: a mixed event),
    /// `<t> disable <recognizer>`, `<t> enable <recognizer>`.
    func parseStringStep(_ node: Node, step: Int, piece: (text: String, offset: Int)? = nil) throws(ScenarioError)
        -> (VirtualTime, Node, [ScenarioLoader.PendingEvent])
    {
        let text: String
        if let piece { text = piece.text } else { text = try reader.string(node, for: "script step \(step)") }
        let base = piece?.offset ?? 0
        let syntax = "expected '<t> <verb> [(x,y)] [touch <n>]', '<t> <verb> <n>:(x,y) <n>:(x,y)' or '<t> disable|enable <recognizer>'"
        var scanner = StepScanner(text: text)
        func fail(_ offset: Int, _ message: String) -> ScenarioError { reader.error(at: node, offset: base + offset, message) }

        guard let (timeText, timeOffset) = scanner.word() else { throw fail(0, "script step \(step) is empty; \(syntax)") }
        guard let ms = YAMLNodeReader.parseNumber(timeText), ScenarioLimits.milliseconds.contains(ms) else {
            throw fail(
                timeOffset,
                "script step \(step) ('\(text)') must start with a time "
                    + "\(ScenarioLimits.describe(ScenarioLimits.milliseconds, unit: "ms")), got '\(timeText)'")
        }
        let time = VirtualTime.ms(ms)
        guard let (verb, verbOffset) = scanner.word() else { throw fail(scanner.offset, "script step \(step) ('\(text)') has no verb; \(syntax)") }
        guard ScenarioLoader.stepVerbs.contains(verb) else {
            throw fail(
                verbOffset,
                "script step \(step) ('\(text)') has unknown verb '\(verb)'; expected one of "
                    + ScenarioLoader.stepVerbs.joined(separator: ", "))
        }
        func event(_ touch: Int, _ action: ScenarioLoader.PendingEvent.Action) -> ScenarioLoader.PendingEvent {
            .init(time: time, touch: touch, action: action, step: step, node: node)
        }

        if verb == "disable" || verb == "enable" {
            guard let (name, nameOffset) = scanner.word() else {
                throw fail(scanner.offset, "script step \(step) ('\(text)') needs a recognizer id after '\(verb)'")
            }
            if let (extra, extraOffset) = scanner.word() {
                throw fail(extraOffset, "script step \(step) ('\(text)') has unexpected '\(extra)' after the recognizer id")
            }
            let ref = ScenarioLoader.NameRef(name: name, node: node, offset: base + nameOffset)
            return (time, node, [event(1, .setEnabled(ref, verb == "enable"))])
        }

        if let first = scanner.peek, first.isNumber {
            let items = try multiTouchGroups(&scanner, verb: verb, text: text, step: step, fail: fail)
            return (time, node, ScenarioLoader.oneEvent(items.map { event($0.touch, .touch($0.action)) }))
        }
        var location: Point?
        if scanner.peek == "(" {
            scanner.skipSpaces()
            let start = scanner.offset
            guard let point = scanner.point() else {
                throw fail(start, "script step \(step) ('\(text)') has a malformed location; expected '(x,y)' with two numbers")
            }
            guard ScenarioLimits.coordinate.contains(point.x), ScenarioLimits.coordinate.contains(point.y) else {
                throw fail(
                    start,
                    "script step \(step) ('\(text)') has a location out of range; x and y are "
                        + ScenarioLimits.describe(ScenarioLimits.coordinate, unit: "pt"))
            }
            location = point
        }
        let touch = try touchNumber(&scanner, verb: verb, text: text, step: step, syntax: syntax, fail: fail)

        switch verb {
        case "down", "move":
            guard let location else { throw fail(verbOffset, "script step \(step) ('\(text)') needs a location '(x,y)' after '\(verb)'") }
            return (time, node, [event(touch, .touch(verb == "down" ? .down(location) : .move(location)))])
        case "up":
            return (time, node, [event(touch, .touch(.up(location)))])
        default:
            if location != nil { throw fail(verbOffset, "script step \(step) ('\(text)') cannot have a location; 'cancel' takes none") }
            return (time, node, [event(touch, .touch(.cancel))])
        }
    }

    /// The fingers of a multi-touch string step's verb groups (`move 1:(110,200) up 2`), each verb once.
    func multiTouchGroups(
        _ scanner: inout StepScanner, verb: String, text: String, step: Int, fail: (Int, String) -> ScenarioError
    ) throws(ScenarioError) -> [(touch: Int, action: ScriptAction)] {
        var items: [(touch: Int, action: ScriptAction)] = []
        var groupVerb = verb, verbs = [verb]
        while true {
            items += try parseMultiTouchItems(&scanner, verb: groupVerb, text: text, step: step, listed: items, fail: fail)
            guard let (next, nextOffset) = scanner.word() else { break }
            guard !verbs.contains(next) else {
                throw fail(
                    nextOffset,
                    "script step \(step) ('\(text)') names '\(next)' twice; list every finger that "
                        + "does '\(next)' after one '\(next)'")
            }
            guard scanner.peek?.isNumber == true else {
                throw fail(
                    scanner.offset,
                    "script step \(step) ('\(text)') lists no fingers after '\(next)'; "
                        + "a multi-touch '\(next)' lists \(Self.fingerForm(next)) for each finger")
            }
            groupVerb = next
            verbs.append(next)
        }
        return items
    }

    /// The finger of a one-finger string step: `touch <n>` after the verb and location, 1 when absent.
    func touchNumber(
        _ scanner: inout StepScanner, verb: String, text: String, step: Int, syntax: String, fail: (Int, String) -> ScenarioError
    ) throws(ScenarioError) -> Int {
        if let (word, offset) = scanner.word() {
            if ScenarioLoader.touchVerbs.contains(word) {
                throw fail(
                    offset,
                    "script step \(step) ('\(text)') changes several fingers in one event, so each needs its "
                        + "number: '\(verb) <n>:(x,y) \(word) <n>…'")
            }
            guard word == "touch" else { throw fail(offset, "script step \(step) ('\(text)') has unexpected '\(word)'; \(syntax)") }
            guard let (number, numberOffset) = scanner.word() else {
                throw fail(scanner.offset, "script step \(step) ('\(text)') needs a finger number after 'touch'")
            }
            let counts = ScenarioLimits.count
            guard let n = Int(number), counts.contains(n) else {
                throw fail(
                    numberOffset,
                    "script step \(step) ('\(text)') has touch '\(number)'; expected an integer from "
                        + "\(counts.lowerBound) to \(counts.upperBound)")
            }
            if let (extra, extraOffset) = scanner.word() {
                throw fail(extraOffset, "script step \(step) ('\(text)') has unexpected '\(extra)'; \(syntax)")
            }
            return n
        }
        return 1
    }

    /// How a multi-touch string step gives one finger of `verb`.
    static func fingerForm(_ verb: String) -> String {
        verb == "cancel" ? "'<n>'" : verb == "up" ? "'<n>' or '<n>:(x,y)'" : "'<n>:(x,y)'"
    }

    /// The fingers of one verb of a multi-touch string step: `1:(100,200) 2:(200,200)` (down, move; up may also
    /// give `2` alone, lifting where it is; cancel takes numbers only), up to the next touch verb (a mixed event)
    /// or the end. At least one finger; each finger at most once in the step (`listed`: the earlier verbs').
    func parseMultiTouchItems(
        _ scanner: inout StepScanner, verb: String, text: String, step: Int,
        listed: [(touch: Int, action: ScriptAction)],
        fail: (Int, String) -> ScenarioError
    ) throws(ScenarioError) -> [(touch: Int, action: ScriptAction)] {
        let form = Self.fingerForm(verb)
        var items: [(touch: Int, action: ScriptAction)] = []
        while let next = scanner.peek {
            // Another verb of the same event (`move 1:(110,200) up 2`): this verb's fingers end here.
            if !next.isNumber, !items.isEmpty, let word = scanner.peekWord, ScenarioLoader.touchVerbs.contains(word) { break }
            if !next.isNumber, !items.isEmpty, let word = scanner.peekWord, word == "disable" || word == "enable" {
                scanner.skipSpaces()
                throw fail(
                    scanner.offset,
                    "script step \(step) ('\(text)') has '\(word)' after its fingers; code steps "
                        + "cannot share an event with touches, give '\(word)' its own step")
            }
            scanner.skipSpaces()
            let start = scanner.offset
            guard let n = scanner.integer() else {
                throw fail(start, "script step \(step) ('\(text)') has a malformed finger; a multi-touch '\(verb)' lists \(form) for each finger")
            }
            let counts = ScenarioLimits.count
            guard counts.contains(n) else {
                throw fail(start, "script step \(step) ('\(text)') has touch '\(n)'; expected an integer from \(counts.lowerBound) to \(counts.upperBound)")
            }
            guard !(items + listed).contains(where: { $0.touch == n }) else {
                throw fail(start, "script step \(step) ('\(text)') names touch \(n) twice; each finger changes once in one event")
            }
            var location: Point?
            if scanner.take(":") {
                let pointStart = scanner.offset
                guard verb != "cancel", let p = scanner.point() else {
                    throw fail(
                        pointStart,
                        verb == "cancel"
                            ? "script step \(step) ('\(text)') cannot give touch \(n) a location; 'cancel' takes none"
                            : "script step \(step) ('\(text)') has a malformed location for touch \(n); expected '\(n):(x,y)' with two numbers")
                }
                guard ScenarioLimits.coordinate.contains(p.x), ScenarioLimits.coordinate.contains(p.y) else {
                    throw fail(
                        pointStart,
                        "script step \(step) ('\(text)') has a location out of range; x and y are "
                            + ScenarioLimits.describe(ScenarioLimits.coordinate, unit: "pt"))
                }
                location = p
            }
            if let next = scanner.peekImmediate, !next.isWhitespace {
                throw fail(
                    scanner.offset,
                    "script step \(step) ('\(text)') has unexpected '\(next)' after touch \(n); "
                        + "a multi-touch '\(verb)' lists \(form) for each finger, separated by spaces")
            }
            switch verb {
            case "down", "move":
                guard let location else {
                    throw fail(start, "script step \(step) ('\(text)') needs a location for touch \(n): '\(n):(x,y)'")
                }
                items.append((n, verb == "down" ? .down(location) : .move(location)))
            case "up": items.append((n, .up(location)))
            default: items.append((n, .cancel))
            }
        }
        return items
    }

}
