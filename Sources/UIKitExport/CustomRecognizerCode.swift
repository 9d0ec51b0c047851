import TouchEngine

/// The body of a `kind: custom` recognizer's class (issue 15 §4): `touches…` overrides that move through the
/// state machine as the scenario declares, and `reset()`.
struct CustomRecognizerCode {
    let behavior: CustomBehavior

    func emit(into w: inout SwiftWriter) {
        let began = behavior.isContinuous ? ".began" : ".recognized"
        w.comment(
            "begins: \(beginsText); \(behavior.isContinuous ? "continuous" : "discrete")"
                + (behavior.allowableMovement.map { "; allowableMovement \(SwiftLiteral.number($0)) pt" } ?? "")
                + (failTimer.map { "; fails after \(SwiftLiteral.ms(VirtualTime(microseconds: $0.microseconds))) ms" } ?? ""))
        w.line("private var touchesDown = 0")
        w.line("private var downLocations: [ObjectIdentifier: CGPoint] = [:]")
        w.line()
        if case .delay = behavior.begins {
            w.block("@objc private func delayElapsed()") { w in
                w.line("if state == .possible { state = \(began) }")
            }
            w.line()
        }
        if failTimer != nil {
            w.block("@objc private func failTimerElapsed()") { w in
                w.line("if state == .possible { state = .failed }")
            }
            w.line()
        }
        w.block("override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent)") { w in
            w.line("super.touchesBegan(touches, with: event)")
            w.line("for touch in touches { downLocations[ObjectIdentifier(touch)] = touch.location(in: nil) }")
            w.line("let first = touchesDown == 0")
            w.line("touchesDown += touches.count")
            w.line("guard first, state == .possible else { return }")
            switch behavior.begins {
            case .touchDown:
                w.line("state = \(began)")
            case .delay(let d):
                w.line("perform(#selector(delayElapsed), with: nil, afterDelay: \(SwiftLiteral.seconds(d)))")
            case .touchUp, .never:
                if failTimer == nil { w.comment("nothing at touch-down") }
            }
            if let f = failTimer {
                w.line("perform(#selector(failTimerElapsed), with: nil, afterDelay: \(SwiftLiteral.seconds(f)))")
            }
        }
        w.line()
        w.block("override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent)") { w in
            w.line("super.touchesMoved(touches, with: event)")
            if behavior.isContinuous {
                w.line("if state == .began || state == .changed { state = .changed; return }")
            }
            if let m = behavior.allowableMovement {
                w.line("guard state == .possible else { return }")
                w.block("for touch in touches") { w in
                    w.line("let start = downLocations[ObjectIdentifier(touch)] ?? touch.location(in: nil)")
                    w.line("let p = touch.location(in: nil)")
                    w.line("if hypot(p.x - start.x, p.y - start.y) > \(SwiftLiteral.number(m)) { state = .failed; return }")
                }
            }
        }
        w.line()
        w.block("override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent)") { w in
            w.line("super.touchesEnded(touches, with: event)")
            w.line("touchesDown -= touches.count")
            w.line("guard touchesDown <= 0 else { return }")
            let possible = { if case .touchUp = behavior.begins { return ".recognized" } else { return ".failed" } }()
            w.line("if state == .began || state == .changed { state = .ended } else if state == .possible { state = \(possible) }")
        }
        w.line()
        w.block("override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent)") { w in
            w.line("super.touchesCancelled(touches, with: event)")
            w.line("state = state == .began || state == .changed ? .cancelled : .failed")
        }
        w.line()
        w.block("override func reset()") { w in
            w.line("super.reset()")
            w.line("touchesDown = 0")
            w.line("downLocations = [:]")
            if case .delay = behavior.begins {
                w.line("NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(delayElapsed), object: nil)")
            }
            if failTimer != nil {
                w.line("NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(failTimerElapsed), object: nil)")
            }
        }
    }

    /// `failsAfter`, where it can fire (not with `begins: touchDown`, which leaves `possible` at once).
    var failTimer: Duration? {
        if case .touchDown = behavior.begins { return nil }
        return behavior.failsAfter
    }

    var beginsText: String {
        switch behavior.begins {
        case .touchDown: return "touchDown"
        case .delay(let d): return "after \(SwiftLiteral.ms(VirtualTime(microseconds: d.microseconds))) ms"
        case .touchUp: return "touchUp"
        case .never: return "never"
        }
    }
}

/// The controller's delegate methods when some recognizer's delegate logs its questions (`delegateLogs`, issue
/// 15 §4): every method is implemented, and each question of a logging recognizer is logged with its answer, in
/// the engine's trace words.
struct DelegateLogCode {
    let scene: Scene

    func emit(_ ids: [RecognizerID], logged: [RecognizerID], into w: inout SwiftWriter) {
        let policy = PolicyCode(scene: scene)
        let names = SwiftLiteral.stringArray(logged.map { scene.recognizers[$0].name })
        w.line()
        w.line(
            "// MARK: UIGestureRecognizerDelegate (the scenario's answers; \(logged.map { scene.recognizers[$0].name }.joined(separator: ", ")) log each question)"
        )
        w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool") { w in
            w.line("let answer: Bool")
            w.line("switch Log.name(gestureRecognizer) {")
            for id in ids where scene.recognizers[id].policies.shouldReceive != .always {
                w.line(
                    "case \(SwiftLiteral.string(scene.recognizers[id].name)): answer = " + policy.shouldReceive(scene.recognizers[id].policies.shouldReceive))
            }
            w.line("default: answer = true")
            w.line("}")
            logAndReturn(
                "Log.line(\"delegate of \\(Log.name(gestureRecognizer)) asked gestureRecognizer(\\(Log.name(gestureRecognizer)), "
                    + "shouldReceive: touch \\(Log.touchNumber(touch))) → \\(answer)\")", names: names, into: &w)
        }
        w.line()
        w.block("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool") { w in
            w.block("func decide() -> Bool") { w in
                for id in ids where scene.recognizers[id].policies.shouldBegin != .always {
                    w.block("if Log.name(gestureRecognizer) == \(SwiftLiteral.string(scene.recognizers[id].name))") { w in
                        w.lines(policy.shouldBegin(scene.recognizers[id].policies.shouldBegin, recognizer: "gestureRecognizer"))
                    }
                }
                w.line("return true")
            }
            w.line("let answer = decide()")
            logAndReturn(
                "Log.line(\"delegate of \\(Log.name(gestureRecognizer)) asked gestureRecognizerShouldBegin(\\(Log.name(gestureRecognizer))) → \\(answer)\")",
                names: names, into: &w)
        }
        w.line()
        w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool") { w in
            w.line("let answer: Bool")
            w.line("switch Log.name(gestureRecognizer) {")
            for id in ids where scene.recognizers[id].policies.simultaneousWith != .none {
                w.line(
                    "case \(SwiftLiteral.string(scene.recognizers[id].name)): answer = "
                        + policy.contains(scene.recognizers[id].policies.simultaneousWith, "other"))
            }
            w.line("default: answer = false")
            w.line("}")
            logAndReturn(
                "Log.line(\"delegate of \\(Log.name(gestureRecognizer)) asked gestureRecognizer(\\(Log.name(gestureRecognizer)), "
                    + "shouldRecognizeSimultaneouslyWith: \\(Log.name(other))) → \\(answer)\")", names: names, into: &w)
        }
        emitRequirement("shouldRequireFailureOf", \.delegateRequiresFailureOf, ids, names: names, into: &w)
        emitRequirement("shouldBeRequiredToFailBy", \.delegateRequiredToFailBy, ids, names: names, into: &w)
    }

    /// `gestureRecognizer(_:shouldRequireFailureOf:)` or `…shouldBeRequiredToFailBy:` (G10): the scenario's
    /// `delegateRequiresFailureOf` / `delegateRequiredToFailBy` answers, logged like the other questions.
    func emitRequirement(
        _ label: String, _ answers: KeyPath<RecognizerPolicies, RecognizerSet>, _ ids: [RecognizerID],
        names: String, into w: inout SwiftWriter
    ) {
        let policy = PolicyCode(scene: scene)
        w.line()
        w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, \(label) other: UIGestureRecognizer) -> Bool") { w in
            w.line("let answer: Bool")
            w.line("switch Log.name(gestureRecognizer) {")
            for id in ids where scene.recognizers[id].policies[keyPath: answers] != .none {
                w.line(
                    "case \(SwiftLiteral.string(scene.recognizers[id].name)): answer = "
                        + policy.contains(scene.recognizers[id].policies[keyPath: answers], "other"))
            }
            w.line("default: answer = false")
            w.line("}")
            logAndReturn(
                "Log.line(\"delegate of \\(Log.name(gestureRecognizer)) asked gestureRecognizer(\\(Log.name(gestureRecognizer)), "
                    + "\(label): \\(Log.name(other))) → \\(answer)\")", names: names, into: &w)
        }
    }

    /// `if [logging names].contains(name) { Log.line(…) }; return answer`.
    func logAndReturn(_ logLine: String, names: String, into w: inout SwiftWriter) {
        w.block("if \(names).contains(Log.name(gestureRecognizer))") { w in w.line(logLine) }
        w.line("return answer")
    }
}
