import TouchEngine

extension Expectations {
    /// Checks the block against one run and returns every broken statement, in file order of kinds
    /// (hit, callbacks, controls, controlActions, highlights, selections, recognizers, actions, scroll, dropped, order, asked,
    /// samples).
    ///
    /// `outcome` must be `Outcome(scene: scene, trace: trace)`; `trace` is used for `order:` and for the
    /// scroll flags and delegate calls.
    public func check(scene: Scene, trace: [TraceEvent], outcome: Outcome) -> [ExpectationFailure] {
        var failures = checkHits(scene: scene, outcome: outcome)

        for e in callbacks {
            guard case .responder(let responder) = e.subject else { continue }
            let observed = outcome.callbacks[responder] ?? []
            failures += e.check(observed, matches: { $0.matches($1) }, render: { CallbackEntry.render($0, like: e.pattern) })
        }
        for e in controls {
            guard case .view(let view) = e.subject else { continue }
            let observed = outcome.controlEvents[view] ?? []
            failures += e.check(
                observed, matches: { $0.event == $1.event && sameTime($0.time, $1.time) },
                render: { ControlEntry(event: $0.event, time: $0.time.milliseconds).description })
        }
        failures += checkControlActions(scene: scene, outcome: outcome)
        for e in highlights {
            guard case .view(let view) = e.subject else { continue }
            let observed = outcome.highlights[view] ?? []
            failures += e.check(
                observed, matches: { $0.on == $1.value && sameTime($0.time, $1.time) },
                render: { HighlightEntry(on: $0.value, time: $0.time.milliseconds).description })
        }
        for e in selections {
            guard case .view(let view) = e.subject else { continue }
            let observed = outcome.selections[view] ?? []
            failures += e.check(observed, matches: { sameTime($0.time, $1) }, render: { formatNumber($0.milliseconds) })
        }
        for e in recognizers {
            guard case .recognizer(let recognizer) = e.subject else { continue }
            let observed = Self.transitionsWithTranslation(of: recognizer, in: outcome)
            failures += e.check(
                observed, matches: { $0.matches($1) },
                render: { RecognizerEntry.render($0, like: e.pattern, discrete: !scene.recognizers[recognizer].kind.isContinuous) })
        }
        for e in actions {
            guard case .recognizer(let recognizer) = e.subject else { continue }
            let observed = outcome.actions[recognizer] ?? []
            failures += e.check(
                observed, matches: { $0.matches($1) },
                render: { RecognizerEntry.render($0, like: e.pattern, discrete: !scene.recognizers[recognizer].kind.isContinuous) })
        }
        for e in scroll {
            if let failure = e.check(scene: scene, outcome: outcome) { failures.append(failure) }
        }
        for e in tapCounts {
            guard case .touch(let touch) = e.subject else { continue }
            failures += e.check(outcome.tapCounts[touch] ?? [], matches: { $0.count == $1 }, render: { "\($0)" })
        }
        if let e = dropped {
            failures += e.check(outcome.dropped, matches: { $0.touch == $1 }, render: { "\($0)" })
        }
        for e in order {
            if let failure = e.check(scene: scene, trace: trace) { failures.append(failure) }
        }
        for e in asked {
            guard case .recognizer(let recognizer) = e.subject else { continue }
            failures += e.check(
                outcome.asked[recognizer] ?? [], matches: { $0.matches($1) },
                render: { AskedEntry.render($0, scene: scene) })
        }
        failures += checkSamples(scene: scene)
        failures += checkPops(outcome: outcome)
        for e in sheet {
            if let failure = e.check(scene: scene, trace: trace) { failures.append(failure) }
        }
        for e in panel {
            if let failure = e.check(scene: scene, trace: trace) { failures.append(failure) }
        }
        return failures
    }

    /// `hit:`: each touch's hit view against the one the run bound it to.
    func checkHits(scene: Scene, outcome: Outcome) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        for h in hit {
            let observed: String
            if let entry = outcome.hitViews[h.touch] {
                if entry == h.view { continue }
                observed = entry.map { scene.views[$0].name } ?? "none"
            } else {
                observed = "no touch \(h.touch)"
            }
            failures.append(ExpectationFailure(path: h.path, line: h.line, expected: h.viewName, observed: observed))
        }
        return failures
    }

    /// The public transitions of a recognizer, each given the translation of the action it sent at the same
    /// instant in the same state (transitions themselves carry none).
    static func transitionsWithTranslation(of recognizer: RecognizerID, in outcome: Outcome) -> [Outcome.RecognizerRecord] {
        var actions = outcome.actions[recognizer] ?? []
        return (outcome.transitions[recognizer] ?? []).map { transition in
            var record = transition
            if let i = actions.firstIndex(where: { $0.time == transition.time && $0.state == transition.state }) {
                record.translation = actions[i].translation
                record.measure = actions[i].measure
                actions.remove(at: i)
            }
            return record
        }
    }
}

// MARK: - Lists

extension ListExpectation {
    /// One failure when `observed` does not match the pattern, none when it does.
    func check<Observed>(
        _ observed: [Observed], matches: (Entry, Observed) -> Bool, render: (Observed) -> String
    ) -> [ExpectationFailure] {
        if globMatch(pattern, observed, matches: matches) { return [] }
        let expected =
            "["
            + pattern.map { item -> String in
                switch item {
                case .anything: return "..."
                case .entry(let entry): return "\(entry)"
                }
            }.joined(separator: ", ") + "]"
        let got = "[" + observed.map(render).joined(separator: ", ") + "]"
        return [ExpectationFailure(path: path, line: line, expected: expected, observed: got)]
    }
}

/// Whether `observed` matches `pattern` entry for entry, `.anything` standing for any run (glob matching).
func globMatch<Entry, Observed>(
    _ pattern: [PatternItem<Entry>], _ observed: [Observed], matches: (Entry, Observed) -> Bool
) -> Bool {
    // reachable[j]: the pattern prefix processed so far can consume exactly observed[0..<j].
    var reachable = [Bool](repeating: false, count: observed.count + 1)
    reachable[0] = true
    for item in pattern {
        var next = [Bool](repeating: false, count: observed.count + 1)
        switch item {
        case .anything:
            var any = false
            for j in 0 ... observed.count {
                any = any || reachable[j]
                next[j] = any
            }
        case .entry(let entry):
            for j in 0 ..< observed.count where reachable[j] && matches(entry, observed[j]) {
                next[j + 1] = true
            }
        }
        reachable = next
    }
    return reachable[observed.count]
}

func sameTime(_ expectedMilliseconds: Double, _ observed: VirtualTime) -> Bool {
    abs(observed.milliseconds - expectedMilliseconds) <= Expectations.tolerance
}

func samePoint(_ a: Point, _ b: Point) -> Bool {
    abs(a.x - b.x) <= Expectations.tolerance && abs(a.y - b.y) <= Expectations.tolerance
}

extension CallbackEntry {
    func matches(_ c: Outcome.Callback) -> Bool {
        guard phase == c.phase, sameTime(time, c.time) else { return false }
        if let timestamp, !sameTime(timestamp, c.timestamp) { return false }
        if let location, !samePoint(location, c.location) { return false }
        if let local, !samePoint(local, c.local) { return false }
        if let touch, !c.touches.contains(touch) { return false }
        if let touches, touches != c.touches.sorted() { return false }
        if let tapCount, c.tapCounts.contains(where: { $0 != tapCount }) { return false }
        if let allTouches, allTouches != c.allTouches { return false }
        if let event, event != c.event { return false }
        return true
    }

    /// An observed callback in the notation of the pattern: it shows `ts=`, `at` and `touch` when the pattern
    /// uses them (and `touch` whenever it is not touch 1).
    static func render(_ c: Outcome.Callback, like pattern: [PatternItem<CallbackEntry>]) -> String {
        let entries = pattern.compactMap { item -> CallbackEntry? in
            if case .entry(let e) = item { return e }
            return nil
        }
        var entry = CallbackEntry(phase: c.phase, time: c.time.milliseconds)
        if entries.contains(where: { $0.timestamp != nil }) { entry.timestamp = c.timestamp.milliseconds }
        if entries.contains(where: { $0.location != nil }) { entry.location = c.location }
        if entries.contains(where: { $0.local != nil }) { entry.local = c.local }
        if c.touches.count > 1 || entries.contains(where: { $0.touches != nil }) { entry.touches = c.touches.sorted() }
        if entry.touches == nil, c.touch != 1 || entries.contains(where: { $0.touch != nil }) { entry.touch = c.touch }
        if c.tapCounts.contains(where: { $0 > 1 }) || entries.contains(where: { $0.tapCount != nil }) { entry.tapCount = c.tapCounts.max() }
        if c.allTouches.count > 1 || entries.contains(where: { $0.allTouches != nil }) { entry.allTouches = c.allTouches }
        if entries.contains(where: { $0.event != nil }) { entry.event = c.event }
        return entry.description
    }
}

extension RecognizerEntry {
    func matches(_ r: Outcome.RecognizerRecord) -> Bool {
        guard state == r.state, sameTime(time, r.time) else { return false }
        if let translation {
            guard let observed = r.translation, samePoint(translation, observed) else { return false }
        }
        if let scale {
            guard let m = r.measure, m.kind == .scale, abs(m.value - scale) <= Expectations.measureTolerance else { return false }
        }
        if let rotation {
            guard let m = r.measure, m.kind == .rotation, abs(m.value - rotation) <= Expectations.measureTolerance else { return false }
        }
        return true
    }

    /// An observed transition or action in the notation of the pattern: `recognized` for discrete recognizers
    /// and the translation when the pattern asks for one.
    static func render(_ r: Outcome.RecognizerRecord, like pattern: [PatternItem<RecognizerEntry>], discrete: Bool) -> String {
        let wantsTranslation = pattern.contains { item in
            if case .entry(let e) = item { return e.translation != nil }
            return false
        }
        let wantsMeasure = pattern.contains { item in
            if case .entry(let e) = item { return e.scale != nil || e.rotation != nil }
            return false
        }
        var entry = RecognizerEntry(
            state: r.state, time: r.time.milliseconds,
            translation: wantsTranslation ? r.translation : nil, spelledRecognized: discrete)
        if wantsMeasure, let m = r.measure {
            let rounded = (m.value * 1000).rounded() / 1000
            if m.kind == .scale { entry.scale = rounded } else { entry.rotation = rounded }
        }
        return entry.description
    }
}

// MARK: - Scroll

extension ScrollExpectation {
    func check(scene: Scene, outcome: Outcome) -> ExpectationFailure? {
        let fail = { (observed: String) in
            ExpectationFailure(path: path, line: line, expected: assertion.description, observed: observed)
        }
        guard let record = outcome.scrollViews[view] else { return fail("no record of scroll view '\(scene.views[view].name)'") }
        switch assertion {
        case let .offset(axis, comparison, value, tolerance, time):
            let offset = record.offset(at: time)[axis]
            return comparison.holds(offset, value, tolerance: tolerance ?? Expectations.tolerance)
                ? nil : fail("\(axisName(axis))=\(formatNumber(offset))@\(formatNumber(time))")
        case let .final(axis, comparison, value, tolerance):
            let offset = record.finalOffset[axis]
            return comparison.holds(offset, value, tolerance: tolerance ?? Expectations.tolerance)
                ? nil : fail("final \(axisName(axis))=\(formatNumber(offset))")
        case let .between(axis, time, comparison, otherTime):
            let a = record.offset(at: time)[axis], b = record.offset(at: otherTime)[axis]
            return comparison.holds(a, b)
                ? nil
                : fail("\(axisName(axis))=\(formatNumber(a))@\(formatNumber(time)), \(axisName(axis))=\(formatNumber(b))@\(formatNumber(otherTime))")
        case .unchanged:
            guard let moved = record.offsets.first(where: { !samePoint($0.value, record.initialOffset) }) else { return nil }
            return fail("offset \(formatPoint(moved.value))@\(formatNumber(moved.time.milliseconds)) (initially \(formatPoint(record.initialOffset)))")
        case .neverDragging:
            guard let began = record.notifications.first(where: { $0.value == .dragging(true) }) else { return nil }
            return fail("dragging@\(formatNumber(began.time.milliseconds))")
        case let .flag(flag, value, time):
            let initial = flag == .decelerating && scene.views[view].scroll?.initialDeceleration != nil
            let observed = record.flag(flag, at: time, initial: initial)
            return observed == value ? nil : fail(ScrollAssertion.flag(flag, value: observed, time: time).description)
        case let .delegateCall(call, time, tolerance):
            let calls = record.notifications.filter { $0.value.delegateCall == call }
            if calls.contains(where: { within(time, $0.time, tolerance) }) { return nil }
            let times = calls.map { "\(call.rawValue)@\(formatNumber($0.time.milliseconds))" }
            return fail(times.isEmpty ? "no \(call.rawValue)" : times.joined(separator: ", "))
        case let .willEndDragging(entry):
            return checkWillEndDragging(entry, record).map(fail)
        case let .zoom(comparison, value, time):
            let zoom = record.zoom(at: time)
            return comparison.holds(zoom, value) ? nil : fail("zoom=\(formatNumber((zoom * 1000).rounded() / 1000))@\(formatNumber(time))")
        case let .finalZoom(comparison, value):
            return comparison.holds(record.finalZoom, value)
                ? nil
                : fail("final zoom=\(formatNumber((record.finalZoom * 1000).rounded() / 1000))")
        }
    }

    /// What the run showed instead of `entry`, or nil when one `willEndDragging` call matches it.
    func checkWillEndDragging(_ entry: WillEndDraggingEntry, _ record: Outcome.ScrollRecord) -> String? {
        func near(_ a: Point, _ b: Point, _ tolerance: Double?) -> Bool {
            let t = tolerance ?? Expectations.tolerance
            return abs(a.x - b.x) <= t && abs(a.y - b.y) <= t
        }
        var seen: [String] = []
        for stamped in record.notifications {
            guard case let .willEndDragging(velocity, target) = stamped.value else { continue }
            let observed = WillEndDraggingEntry(
                time: stamped.time.milliseconds, velocity: entry.velocity == nil ? nil : velocity,
                target: entry.target == nil ? nil : target)
            if within(entry.time, stamped.time, entry.timeTolerance),
                entry.velocity.map({ near($0, velocity, entry.velocityTolerance) }) ?? true,
                entry.target.map({ near($0, target, entry.targetTolerance) }) ?? true
            {
                return nil
            }
            seen.append(observed.description)
        }
        return seen.isEmpty ? "no willEndDragging" : seen.joined(separator: ", ")
    }
}

/// Whether `time` (ms) is `observed`, within `tolerance` ms (nil: the same time).
func within(_ time: Double, _ observed: VirtualTime, _ tolerance: Double?) -> Bool {
    guard let tolerance else { return sameTime(time, observed) }
    return abs(observed.milliseconds - time) <= tolerance
}

extension Outcome.ScrollRecord {
    /// The offset after everything processed at `time`: the last change at or before it, else the initial one.
    func offset(at time: Double) -> Point {
        var result = initialOffset
        for stamped in offsets where stamped.time.milliseconds <= time + Expectations.tolerance {
            result = stamped.value
        }
        return result
    }

    /// `zoomScale` after everything processed at `time`.
    func zoom(at time: Double) -> Double {
        var result = initialZoom
        for stamped in zooms where stamped.time.milliseconds <= time + Expectations.tolerance { result = stamped.value }
        return result
    }

    /// A state flag after everything processed at `time`.
    func flag(_ flag: ScrollFlag, at time: Double, initial: Bool) -> Bool {
        var result = initial
        for stamped in notifications where stamped.time.milliseconds <= time + Expectations.tolerance {
            switch (flag, stamped.value) {
            case (.tracking, .tracking(let on)), (.dragging, .dragging(let on)), (.decelerating, .decelerating(let on)):
                result = on
            default:
                break
            }
        }
        return result
    }
}

extension ScrollNotification {
    var delegateCall: ScrollDelegateCall? {
        switch self {
        case .willBeginDragging: return .willBeginDragging
        case .didEndDragging: return .didEndDragging
        case .didEndDecelerating: return .didEndDecelerating
        case .willBeginZooming: return .willBeginZooming
        case .didEndZooming: return .didEndZooming
        default: return nil
        }
    }
}

// MARK: - Order

extension OrderExpectation {
    func check(scene: Scene, trace: [TraceEvent]) -> ExpectationFailure? {
        let expected = events.map(\.text).joined(separator: " before ")
        var found: [(event: OrderEvent, index: Int)] = []
        var missing: [String] = []
        for event in events {
            if let index = trace.firstIndex(where: { event.matches($0) }) {
                found.append((event, index))
            } else {
                missing.append(event.text)
            }
        }
        if !missing.isEmpty {
            return ExpectationFailure(
                path: path, line: line, expected: expected,
                observed: "no " + missing.joined(separator: ", no "))
        }
        let inOrder = zip(found, found.dropFirst()).allSatisfy { $0.index < $1.index }
        if inOrder { return nil }
        let observed = found.sorted { $0.index < $1.index }
            .map { "\($0.event.text) (trace #\($0.index))" }
            .joined(separator: " before ")
        return ExpectationFailure(path: path, line: line, expected: expected, observed: observed)
    }
}

extension OrderEvent {
    func matches(_ e: TraceEvent) -> Bool {
        guard sameTime(time, e.time) else { return false }
        switch (kind, e.kind) {
        case let (.action(r), .action(recognizer, _, _, _)):
            return r == recognizer
        case let (.transition(r, state), .transition(recognizer, _, to, reason)):
            return r == recognizer && state == to && reason != .reset
        case let (.callback(responder, phase), .callback(observedResponder, observedPhase, _, _, _, _)):
            return responder == observedResponder && phase == observedPhase
        case let (.control(view, event), .control(observedView, observedEvent, _)):
            return view == observedView && event == observedEvent
        case let (.highlight(view, on), .highlight(observedView, observedOn)):
            return view == observedView && on == observedOn
        default:
            return false
        }
    }
}
