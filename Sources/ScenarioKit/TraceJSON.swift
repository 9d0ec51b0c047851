import TouchEngine

/// `sweep trace --json`: the trace and its outcome as a machine-readable document (docs/trace-format.md).
public enum TraceJSON {
    /// Format version of the document; bump on incompatible changes.
    public static let formatVersion = 1

    /// The whole document for several scenarios.
    public static func document(_ runs: [(path: String, scene: Scene, trace: [TraceEvent])]) -> String {
        let scenarios = runs.map { scenario(path: $0.path, scene: $0.scene, trace: $0.trace) }
        return JSON.object([
            ("format", .string("touchsweep-trace")), ("version", .number(Double(formatVersion))),
            ("scenarios", .array(scenarios))
        ]).render() + "\n"
    }

    static func scenario(path: String, scene: Scene, trace: [TraceEvent]) -> JSON {
        let outcome = Outcome(scene: scene, trace: trace)
        return .object([
            ("name", .string(scene.name)),
            ("file", .string(path)),
            ("events", .array(trace.map { event($0, scene) })),
            ("outcome", outcomeJSON(outcome, scene))
        ])
    }

    static func pt(_ p: Point) -> JSON { .array([.number(p.x), .number(p.y)]) }
    static func ms(_ t: VirtualTime) -> JSON { .number(t.milliseconds) }
    /// `"scale": 1.2, "velocity": 0.5` or `"rotation": 0.3, "velocity": 1.5` (pinch and rotation actions).
    static func measureFields(_ m: GestureMeasure) -> [(String, JSON)] {
        [(m.kind.rawValue, .number(m.value)), ("velocity", .number(m.velocity))]
    }
    static func responderName(_ r: Responder, _ scene: Scene) -> String {
        switch r {
        case .view(let v): return scene.views[v].name
        case .controller(let c): return scene.controllers[c].name
        }
    }
    static func stateName(_ s: RecognizerState, _ id: RecognizerID, _ scene: Scene) -> String {
        s == .ended && !scene.recognizers[id].kind.isContinuous ? "recognized" : s.rawValue
    }

    static func event(_ e: TraceEvent, _ scene: Scene) -> JSON {
        var fields: [(String, JSON)] = [("t", ms(e.time))]
        let views = scene.views, recs = scene.recognizers
        switch e.kind {
        case let .touch(touch, phase, location):
            fields += [
                ("type", .string("touch")), ("touch", .number(Double(touch))), ("phase", .string(phase.rawValue)),
                ("location", pt(location))
            ]
        case let .hitTest(touch, view, chain, recognizers):
            fields += [
                ("type", .string("hitTest")), ("touch", .number(Double(touch))),
                ("view", view.map { .string(views[$0].name) } ?? .null),
                ("chain", .array(chain.map { .string(views[$0].name) })),
                ("recognizers", .array(recognizers.map { .string(recs[$0].name) }))
            ]
        case let .transition(id, from, to, reason):
            fields += [
                ("type", .string("transition")), ("recognizer", .string(recs[id].name)),
                ("from", .string(stateName(from, id, scene))), ("to", .string(stateName(to, id, scene))),
                ("reason", .string(TraceText.describe(reason, scene: scene)))
            ]
        case let .held(id, reason):
            fields += [
                ("type", .string("held")), ("recognizer", .string(recs[id].name)),
                ("reason", .string(TraceText.describe(reason, scene: scene)))
            ]
        case let .pending(id, waiting):
            fields += [
                ("type", .string("pending")), ("recognizer", .string(recs[id].name)),
                ("waitingFor", .array(waiting.map { .string(recs[$0].name) }))
            ]
        case let .action(id, state, translation, measure):
            fields += [
                ("type", .string("action")), ("recognizer", .string(recs[id].name)),
                ("state", .string(stateName(state, id, scene)))
            ]
            if let translation { fields.append(("translation", pt(translation))) }
            if let measure { fields += measureFields(measure) }
        case let .timer(text):
            fields += [("type", .string("timer")), ("text", .string(text))]
        case let .withheld(touch, phase, by):
            fields += [
                ("type", .string("withheld")), ("touch", .number(Double(touch))), ("phase", .string(phase.rawValue)),
                ("by", .string(recs[by].name))
            ]
        case let .released(touch):
            fields += [("type", .string("released")), ("touch", .number(Double(touch)))]
        case let .dropped(touch, by):
            fields += [
                ("type", .string("dropped")), ("touch", .number(Double(touch))),
                ("by", by.map { .string(recs[$0].name) } ?? .null)
            ]
        case let .filtered(touch, view, reason):
            fields += [
                ("type", .string("filtered")), ("touch", .number(Double(touch))), ("view", .string(views[view].name)),
                ("reason", .string(reason))
            ]
        case let .callback(responder, phase, touches, hitView, handling, allTouches):
            guard let first = touches.first else { break }
            fields += [
                ("type", .string("callback")), ("responder", .string(responderName(responder, scene))),
                ("phase", .string(phase.rawValue)), ("touch", .number(Double(first.touch))),
                ("timestamp", ms(first.timestamp)), ("location", pt(first.location)), ("local", pt(first.local)),
                ("view", .string(views[hitView].name)), ("handling", .string(handling.rawValue))
            ]
            fields += callTouchFields(tapCounts: touches.map(\.tapCount), allTouches: allTouches)
            if touches.count > 1 {
                fields.append(
                    (
                        "touches",
                        .array(
                            touches.map { t in
                                .object([
                                    ("touch", .number(Double(t.touch))), ("timestamp", ms(t.timestamp)), ("location", pt(t.location)),
                                    ("local", pt(t.local)), ("tapCount", .number(Double(t.tapCount)))
                                ])
                            })
                    ))
            }
        case let .tapCount(touch, count, after):
            fields += [
                ("type", .string("tapCount")), ("touch", .number(Double(touch))), ("count", .number(Double(count))),
                ("after", .number(Double(after)))
            ]
        case let .touchEvent(touches, phases, allTouches):
            fields += [("type", .string("touchEvent")), ("touches", numbers(touches)), ("allTouches", numbers(allTouches))]
            // A mixed event (touches in several phases): each touch's phase, parallel to `touches`.
            if let first = phases.first, phases.contains(where: { $0 != first }) {
                fields.append(("phases", .array(phases.map { .string($0.rawValue) })))
            }
        case let .control(view, controlEvent, value):
            fields += [
                ("type", .string("control")), ("view", .string(views[view].name)),
                ("event", .string(controlEvent.rawValue))
            ]
            if let value { fields.append(("value", .number(value))) }
        case let .controlAction(view, controlEvent, delivery):
            fields +=
                [
                    ("type", .string("controlAction")), ("view", .string(views[view].name)),
                    ("event", .string(controlEvent.rawValue))
                ] + actionFields(delivery, scene)
            if let chain = delivery.chain {
                fields += [
                    ("firstResponder", chain.firstResponder.map { .string(responderName($0, scene)) } ?? .null),
                    ("searched", .array(chain.searched.map { .string(responderName($0, scene)) }))
                ]
            }
        case let .highlight(view, on):
            fields += [("type", .string("highlight")), ("view", .string(views[view].name)), ("on", .bool(on))]
        case let .selected(view):
            fields += [("type", .string("selected")), ("view", .string(views[view].name))]
        case let .offset(view, offset):
            fields += [("type", .string("offset")), ("view", .string(views[view].name)), ("offset", pt(offset))]
        case let .frame(view, offset):
            fields += [("type", .string("offset")), ("view", .string(views[view].name)), ("offset", pt(offset)), ("frame", .bool(true))]
        case let .zoom(view, scale, content):
            fields += [
                ("type", .string("zoom")), ("view", .string(views[view].name)), ("zoomScale", .number(scale)),
                ("contentSize", .array([.number(content.width), .number(content.height)]))
            ]
        case let .scroll(view, note):
            fields += [("type", .string("scroll")), ("view", .string(views[view].name))]
            switch note {
            case .willBeginDragging: fields.append(("call", .string("scrollViewWillBeginDragging")))
            case let .willEndDragging(v, target):
                fields += [("call", .string("scrollViewWillEndDragging")), ("velocity", pt(v)), ("targetContentOffset", pt(target))]
            case .didEndDragging(let d):
                fields += [("call", .string("scrollViewDidEndDragging")), ("willDecelerate", .bool(d))]
            case .didEndDecelerating: fields.append(("call", .string("scrollViewDidEndDecelerating")))
            case .tracking(let b): fields += [("property", .string("isTracking")), ("value", .bool(b))]
            case .dragging(let b): fields += [("property", .string("isDragging")), ("value", .bool(b))]
            case .decelerating(let b): fields += [("property", .string("isDecelerating")), ("value", .bool(b))]
            case .willBeginZooming: fields.append(("call", .string("scrollViewWillBeginZooming")))
            case .didEndZooming(let scale):
                fields += [("call", .string("scrollViewDidEndZooming")), ("atScale", .number(scale))]
            case .zoomBouncing(let b): fields += [("property", .string("isZoomBouncing")), ("value", .bool(b))]
            }
        case let .asked(id, question, answer):
            fields += [
                ("type", .string("asked")), ("recognizer", .string(recs[id].name)),
                ("method", .string(question.methodName))
            ]
            if case .shouldReceive(let touch) = question { fields.append(("touch", .number(Double(touch)))) }
            if let other = question.other { fields.append(("other", .string(recs[other].name))) }
            fields.append(("answer", .bool(answer)))
        case let .frameSet(view, frame, by):
            fields += [
                ("type", .string("frameSet")), ("view", .string(views[view].name)),
                (
                    "frame",
                    .array([
                        .number(frame.origin.x), .number(frame.origin.y), .number(frame.size.width),
                        .number(frame.size.height)
                    ])
                ),
                ("by", .string(recs[by].name))
            ]
        case let .enabledSet(id, enabled, by):
            fields += [
                ("type", .string("enabledSet")), ("recognizer", .string(recs[id].name)), ("enabled", .bool(enabled)),
                ("by", .string(recs[by].name))
            ]
        case let .translationReset(id):
            fields += [("type", .string("translationReset")), ("recognizer", .string(recs[id].name))]
        case let .pop(pop):
            fields += [
                ("type", .string("pop")), ("navigation", .string(scene.views[pop.navigation].name)),
                ("recognizer", .string(recs[pop.recognizer].name)), ("phase", .string(pop.phase.rawValue)),
                ("progress", .number(pop.progress))
            ]
            if let v = pop.velocity { fields.append(("velocity", .number(v))) }
            if let threshold = pop.threshold { fields.append(("threshold", .number(threshold))) }
        case let .sheet(view, event):
            fields += [("type", .string("sheet")), ("sheet", .string(views[view].name))] + sheetFields(event, scene)
        case let .panel(view, event):
            fields += [("type", .string("panel")), ("panel", .string(views[view].name))] + panelFields(event)
        case .privateRecognizers(let view):
            fields += [("type", .string("privateRecognizers")), ("view", .string(views[view].name))]
        }
        if e.event > 0 { fields.append(("uiEvent", .number(Double(e.event)))) }
        return .object(fields)
    }

    /// `handler`, `action`, `target` (explicit targets), `receiver` and `performed` of a control action (§5.5).
    static func actionFields(_ delivery: ActionDelivery, _ scene: Scene) -> [(String, JSON)] {
        var fields: [(String, JSON)]
        switch delivery.handler {
        case .uiAction(let name): return [("handler", .string("uiAction")), ("action", .string(name)), ("performed", .bool(true))]
        case let .target(responder, action):
            fields = [("handler", .string("target")), ("action", .string(action)), ("target", .string(responderName(responder, scene)))]
        case .nilTarget(let action):
            fields = [("handler", .string("nilTarget")), ("action", .string(action))]
        }
        return fields + [
            ("receiver", delivery.receiver.map { .string(responderName($0, scene)) } ?? .null),
            ("performed", .bool(delivery.performed))
        ]
    }

    static func outcomeJSON(_ o: Outcome, _ scene: Scene) -> JSON {
        let views = scene.views
        let hit: [(String, JSON)] = o.hitViews.keys.sorted().map { touch in
            (String(touch), o.hitViews[touch]!.map { .string(views[$0].name) } ?? .null)
        }
        var responders: [Responder] = views.indices.map { .view($0) }
        responders += scene.controllers.indices.map { .controller($0) }
        let callbacks: [(String, JSON)] = responders.compactMap { r in
            guard let list = o.callbacks[r] else { return nil }
            return (
                responderName(r, scene),
                .array(
                    list.map { c in
                        .object(
                            [
                                ("t", ms(c.time)), ("phase", .string(c.phase.rawValue)), ("touch", .number(Double(c.touch))),
                                ("timestamp", ms(c.timestamp)), ("location", pt(c.location)),
                                ("handling", .string(c.handling.rawValue))
                            ]
                                + callTouchFields(tapCounts: c.tapCounts, allTouches: c.allTouches)
                                + (c.touches.count > 1 ? [("touches", numbers(c.touches))] : [])
                                + (c.event > 0 ? [("uiEvent", .number(Double(c.event)))] : []))
                    })
            )
        }
        let controls: [(String, JSON)] = views.indices.compactMap { v in
            guard let list = o.controlEvents[v] else { return nil }
            return (
                views[v].name,
                .array(
                    list.map { c in
                        var f: [(String, JSON)] = [("t", ms(c.time)), ("event", .string(c.event.rawValue))]
                        if let value = c.value { f.append(("value", .number(value))) }
                        return .object(f)
                    })
            )
        }
        let highlights: [(String, JSON)] = views.indices.compactMap { v in
            guard let list = o.highlights[v] else { return nil }
            return (views[v].name, .array(list.map { .object([("t", ms($0.time)), ("on", .bool($0.value))]) }))
        }
        let selections: [(String, JSON)] = views.indices.compactMap { v in
            guard let list = o.selections[v] else { return nil }
            return (views[v].name, .array(list.map(ms)))
        }
        let scrolls: [(String, JSON)] = views.indices.compactMap { v in
            guard let s = o.scrollViews[v] else { return nil }
            return (
                views[v].name,
                .object([
                    ("initialOffset", pt(s.initialOffset)), ("finalOffset", pt(s.finalOffset)),
                    ("everDragged", .bool(s.everDragged)),
                    ("offsets", .array(s.offsets.map { .object([("t", ms($0.time)), ("offset", pt($0.value))]) }))
                ])
            )
        }
        let recognizers: [(String, JSON)] = scene.recognizers.indices.map { id in
            let transitions = o.transitions[id] ?? []
            let actions = o.actions[id] ?? []
            let recognized = transitions.contains { $0.state == .began || $0.state == .ended }
            var fields: [(String, JSON)] = [
                ("recognized", .bool(recognized)),
                ("transitions", .array(transitions.map { .object([("t", ms($0.time)), ("state", .string(stateName($0.state, id, scene)))]) })),
                (
                    "actions",
                    .array(
                        actions.map { a in
                            var f: [(String, JSON)] = [("t", ms(a.time)), ("state", .string(stateName(a.state, id, scene)))]
                            if let t = a.translation { f.append(("translation", pt(t))) }
                            if let m = a.measure { f += measureFields(m) }
                            return .object(f)
                        })
                )
            ]
            // Only delegates that log (issue 15 §4) have questions; other recognizers' objects are unchanged.
            if scene.recognizers[id].delegateLogs {
                fields.append(
                    (
                        "asked",
                        .array(
                            (o.asked[id] ?? []).map { a in
                                var f: [(String, JSON)] = [("t", ms(a.time)), ("method", .string(a.question.methodName))]
                                if case .shouldReceive(let touch) = a.question { f.append(("touch", .number(Double(touch)))) }
                                if let other = a.question.other { f.append(("other", .string(scene.recognizers[other].name))) }
                                f.append(("answer", .bool(a.answer)))
                                return .object(f)
                            })
                    ))
            }
            return (scene.recognizers[id].name, .object(fields))
        }
        var fields: [(String, JSON)] = [
            ("hitViews", .object(hit)), ("callbacks", .object(callbacks)), ("controlEvents", .object(controls))
        ]
        // Only scenes that declare actions have the key, so every other document stays as it was.
        if scene.declaresAnyActions {
            fields.append(
                (
                    "controlActions",
                    .object(
                        views.indices.compactMap { v in
                            guard let list = o.controlActions[v] else { return nil }
                            return (
                                views[v].name,
                                .array(
                                    list.map { a in
                                        .object([("t", ms(a.time)), ("event", .string(a.event.rawValue))] + actionFields(a.delivery, scene))
                                    })
                            )
                        })
                ))
        }
        fields += [
            ("highlights", .object(highlights)), ("selections", .object(selections)), ("scrollViews", .object(scrolls)),
            ("recognizers", .object(recognizers)), ("dropped", .array(o.dropped.map { .number(Double($0)) }))
        ]
        // Only runs with a repeated tap carry the tap counts (every other touch has tapCount 1).
        if o.tapCounts.values.contains(where: { $0.contains { $0 > 1 } }) {
            fields.append(("tapCounts", .object(o.tapCounts.keys.sorted().map { (String($0), numbers(o.tapCounts[$0]!)) })))
        }
        return .object(fields)
    }

    static func numbers(_ list: [Int]) -> JSON { .array(list.map { .number(Double($0)) }) }

    /// The optional fields of a callback: `tapCount` when its touch is a repeated tap, `allTouches` when the
    /// event has more than one touch (a single-finger run's callbacks have neither).
    static func callTouchFields(tapCounts: [Int], allTouches: [Int]) -> [(String, JSON)] {
        var fields: [(String, JSON)] = []
        if let first = tapCounts.first, first > 1 { fields.append(("tapCount", .number(Double(first)))) }
        if allTouches.count > 1 { fields.append(("allTouches", numbers(allTouches))) }
        return fields
    }
}
