import Testing

/// Exports of the issue 31 §2 handler and recognizer keys: effects on chosen action states, the translation read in
/// another view, and a custom recognizer's failure timer.
@Suite struct HandlerStatesExportTests {
    @Test func effectsOnChosenStatesTestThePansState() throws {
        let file = try exportFile("configs/scenarios/golden/CR-07c-handler-acts-on-ended-reading-another-view.yaml")
        #expect(file.contains("if Log.name(recognizer) == \"P\", let pan = recognizer as? UIPanGestureRecognizer {\n"))
        #expect(file.contains("if pan.state == .began || pan.state == .ended {\n"))
        #expect(file.contains("let t = pan.translation(in: boardView)\n"))
        #expect(file.contains("if pan.state == .began {\n                    // onAction.setTranslationZero"))
    }

    @Test func aResetOnBeganOnlyTestsThePansState() throws {
        let file = try exportFile("configs/scenarios/golden/CR-06c-set-translation-zero-on-began-only.yaml")
        #expect(file.contains("if Log.name(recognizer) == \"P\", let pan = recognizer as? UIPanGestureRecognizer {\n"))
        #expect(file.contains("if pan.state == .began {\n                    // onAction.setTranslationZero"))
    }

    @Test func theUsualHandlerKeepsOneTest() throws {
        let file = try exportFile("configs/scenarios/golden/CR-07a-dragged-card-hit-where-it-is.yaml")
        #expect(file.contains("let pan = recognizer as? UIPanGestureRecognizer, pan.state == .began || pan.state == .changed {\n"))
        #expect(file.contains("let t = pan.translation(in: cardView.superview)\n"))
    }

    @Test func aFailureTimerIsScheduledAndCancelled() throws {
        let file = try exportFile("configs/scenarios/golden/CR-02d-custom-timer-fails-it-touch-delay.yaml")
        #expect(file.contains("perform(#selector(failTimerElapsed), with: nil, afterDelay: 0.15)"))
        #expect(file.contains("if state == .possible { state = .failed }"))
        #expect(file.contains("NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(failTimerElapsed), object: nil)"))
    }

    @Test(
        .enabled(if: swiftcPath != nil, "swiftc is not on PATH: the generated files cannot be parsed here"),
        arguments: [
            "CR-02d-custom-timer-fails-it-touch-delay", "CR-06c-set-translation-zero-on-began-only",
            "CR-07c-handler-acts-on-ended-reading-another-view"
        ])
    func theExportsParse(name: String) throws {
        let result = try swiftcParse(try exportFile("configs/scenarios/golden/\(name).yaml"), name: name)
        #expect(result.status == 0, "\(result.diagnostics)")
    }
}
