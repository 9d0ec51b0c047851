import Testing

/// What the export writes for each scenario feature, read as transcripts: a scenario fragment in, the
/// Swift lines that must (or must not) come out.
@Suite struct FeatureExportTests {
    /// The lines of the class `name` (from `final class name` to its closing brace).
    func classBody(_ swift: String, _ name: String) -> String {
        guard let start = swift.range(of: "    final class \(name):") else { return "" }
        let rest = swift[start.lowerBound...]
        guard let end = rest.range(of: "\n    }\n") else { return String(rest) }
        return String(rest[..<end.upperBound])
    }

    @Test func touchesShouldCancelNeverIsAnOverrideReturningFalse() throws {
        let swift = try export(yaml: scenarioYAML(scrollView: ["touchesShouldCancel: never"]))
        #expect(classBody(swift, "SVScrollView").contains("override func touchesShouldCancel(in view: UIView) -> Bool { false }"))
        let plain = try export(yaml: scenarioYAML())
        #expect(!plain.contains("override func touchesShouldCancel"))
        #expect(plain.contains("// touchesShouldCancel: default (not overridden"))
    }

    @Test func touchesShouldCancelAlwaysAndTheSeed004Policy() throws {
        let always = try export(yaml: scenarioYAML(scrollView: ["touchesShouldCancel: always"]))
        #expect(always.contains("override func touchesShouldCancel(in view: UIView) -> Bool { true }"))
        let fix = try export(yaml: scenarioYAML(scrollView: ["touchesShouldCancel: controlsExceptTextInputsSlidersSwitches"]))
        #expect(fix.contains("if view is UITextField || view is UITextView || view is UISlider || view is UISwitch { return false }"))
    }

    @Test func touchesShouldBeginRejectingAViewTestsItsSubtree() throws {
        let swift = try export(yaml: scenarioYAML(scrollView: ["touchesShouldBegin: {reject: [Other]}"]))
        let body = classBody(swift, "SVScrollView")
        #expect(body.contains("override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {"))
        #expect(body.contains("!Log.isInside(view, anyOf: [\"Other\"])"))
    }

    @Test func cancelsTouchesInViewFalseAndTheDelayFlagsAreSet() throws {
        let swift = try export(
            yaml: scenarioYAML(recognizers: [
                "{ id: Tap, kind: tap, view: R, cancelsTouchesInView: false, delaysTouchesBegan: true, delaysTouchesEnded: false }"
            ]))
        #expect(swift.contains("tapRecognizer.cancelsTouchesInView = false\n"))
        #expect(swift.contains("tapRecognizer.delaysTouchesBegan = true\n"))
        #expect(swift.contains("tapRecognizer.delaysTouchesEnded = false\n"))
        #expect(swift.contains("rView.addGestureRecognizer(tapRecognizer)"))
    }

    @Test func anEnlargedHitAreaOverridesPointInside() throws {
        let swift = try export(yaml: scenarioYAML(button: ["hitTest: {enlarge: [4, 8, 4, 8]}"]))
        let body = classBody(swift, "BtnButton")
        #expect(body.contains("override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {"))
        #expect(body.contains("bounds.inset(by: UIEdgeInsets(top: -4, left: -8, bottom: -4, right: -8)).contains(point)"))
    }

    @Test func aPassThroughViewReturnsNilForItself() throws {
        let swift = try export(yaml: scenarioYAML(button: ["hitTest: passThrough"]))
        let body = classBody(swift, "BtnButton")
        #expect(body.contains("override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {"))
        #expect(body.contains("return hit === self ? nil : hit"))
        #expect(!classBody(swift, "OtherView").contains("return hit === self ? nil : hit"))
    }

    @Test func aSuperviewHitTestAnswersPointInsideWithTheSuperviews() throws {
        let swift = try export(yaml: scenarioYAML(button: ["hitTest: superview"]))
        let body = classBody(swift, "BtnButton")
        #expect(body.contains("override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {"))
        #expect(body.contains("return superview.point(inside: convert(point, to: superview), with: event)"))
    }

    @Test func consumeSkipsSuperAndObserveCallsIt() throws {
        let swift = try export(yaml: scenarioYAML(button: ["touches: {began: consume, ended: observe}"]))
        let body = classBody(swift, "BtnButton")
        #expect(body.contains("Log.touches(\"began\", of: self, touches, \"consume\")\n            // consume: overridden, does not call super"))
        #expect(!body.contains("super.touchesBegan"))
        #expect(body.contains("super.touchesEnded(touches, with: event) // observe: overridden, calls super"))
        #expect(body.contains("super.touchesMoved(touches, with: event) // inherit"))
    }

    @Test func failureRequirementsAndPanHostComeAfterEveryRecognizerIsAdded() throws {
        let swift = try export(
            yaml: scenarioYAML(
                scrollView: ["panHost: R"],
                recognizers: [
                    "{ id: Single, kind: tap, view: Btn, requireToFail: [Double] }",
                    "{ id: Double, kind: tap, view: Btn, taps: 2 }"
                ]))
        let addDouble = try #require(swift.range(of: "btnButton.addGestureRecognizer(doubleRecognizer)"))
        let move = try #require(swift.range(of: "rView.addGestureRecognizer(svScrollView.panGestureRecognizer)"))
        let require = try #require(swift.range(of: "singleRecognizer.require(toFail: doubleRecognizer)"))
        #expect(addDouble.upperBound < move.lowerBound)
        #expect(move.upperBound < require.lowerBound)
        #expect(swift.contains("doubleRecognizer.numberOfTapsRequired = 2"))
    }

    @Test func delegateAnswersGoToTheControllerAndScrollPanAnswersToTheScrollView() throws {
        let swift = try export(
            yaml: scenarioYAML(
                scrollView: ["pan: {simultaneousWith: [Tap], shouldBegin: horizontal}"],
                recognizers: ["{ id: Tap, kind: tap, view: R, shouldReceive: {notIn: [SV]}, simultaneousWith: all }"]))
        #expect(swift.contains("final class ViewController: UIViewController, UIGestureRecognizerDelegate {"))
        #expect(swift.contains("case \"Tap\": return !Log.isInside(touch.view, anyOf: [\"SV\"])"))
        #expect(swift.contains("case \"Tap\": return true"))
        #expect(swift.contains("tapRecognizer.delegate = self"))
        let scroll = classBody(swift, "SVScrollView")
        #expect(scroll.contains("final class SVScrollView: UIScrollView, UIGestureRecognizerDelegate {"))
        #expect(scroll.contains("return [\"Tap\"].contains(Log.name(other))"))
        #expect(scroll.contains("return abs(velocity.x) > abs(velocity.y)"))
    }

    @Test func canPreventNeedsARecognizerSubclass() throws {
        let swift = try export(
            yaml: scenarioYAML(recognizers: [
                "{ id: Tap, kind: tap, view: R, canPrevent: none, canBePrevented: [SV.pan] }"
            ]))
        let body = classBody(swift, "TapRecognizer")
        #expect(body.contains("final class TapRecognizer: UITapGestureRecognizer {"))
        #expect(body.contains("override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {\n            false"))
        #expect(body.contains("[\"SV.pan\"].contains(Log.name(preventingGestureRecognizer))"))
        #expect(swift.contains("let tapRecognizer = TapRecognizer()"))
    }

    @Test func scrollViewFlagsAreSetExplicitly() throws {
        let swift = try export(
            yaml: scenarioYAML(scrollView: [
                "delaysContentTouches: false", "canCancelContentTouches: false", "scrollEnabled: false", "pagingEnabled: true",
                "bounces: false", "contentOffset: [0, 30]", "contentInset: [10, 0, 20, 0]", "decelerationRate: fast",
                "transfersHorizontalScrollingToParent: false"
            ]))
        for line in [
            "delaysContentTouches = false", "canCancelContentTouches = false", "isScrollEnabled = false",
            "isPagingEnabled = true", "bounces = false", "contentOffset = CGPoint(x: 0, y: 30)",
            "contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 20, right: 0)", "decelerationRate = .fast",
            "contentSize = CGSize(width: 390, height: 2000)", "transfersHorizontalScrollingToParent = false"
        ] {
            #expect(swift.contains("            svScrollView." + line + "\n"), "missing: \(line)")
        }
    }

    @Test func theHeaderCarriesTheScriptThePredictionAndTheExpectations() throws {
        let yaml = scenarioYAML() + "expect:\n  controls:\n    Btn: [TouchDown@80, TouchUpInside@80]\n"
        let swift = try export(yaml: yaml)
        #expect(swift.contains("//   t=0 ms: touch 1 down at (60, 132) on Btn\n//   t=80 ms: touch 1 lifts where it is\n"))
        #expect(swift.contains("//   t=80 ms  Btn TouchDown\n"))
        #expect(swift.contains("//   t=80 ms  Btn TouchUpInside\n"))
        #expect(swift.contains("the simulator meets all of them"))
        #expect(swift.contains("//   expect:\n//     controls:\n//       Btn: [TouchDown@80, TouchUpInside@80]\n"))

        let wrong = try export(yaml: scenarioYAML() + "expect:\n  controls:\n    Btn: [TouchDown@0]\n")
        #expect(wrong.contains("the simulator breaks 1 of them"))
        #expect(wrong.contains("//   FAILS: expect.controls.Btn"))
    }

    @Test func scriptCodeStepsAreTimedFromTheFirstTouch() throws {
        let swift = try export(
            yaml: scenarioYAML(
                recognizers: ["{ id: Tap, kind: tap, view: R }"],
                script: "0 down (60,132) · 20 disable Tap · 80 up"))
        #expect(swift.contains("Log.onFirstTouch = { [weak self] in self?.performCodeSteps() }"))
        #expect(swift.contains("try? await Task.sleep(nanoseconds: 20_000_000)\n                tapRecognizer.isEnabled = false"))
        #expect(swift.contains("//   t=20 ms: code sets Tap.isEnabled = false"))
    }

    @Test func whatUIKitCannotSetIsSaidInTheHeader() throws {
        let yaml = scenarioYAML(
            button: ["enabled: false"], scrollView: ["decelerating: [0, 1]"],
            recognizers: ["{ id: Tap, kind: tap, view: window, allowableMovement: 20 }"]
        )
        .replacingFirst("name: feature", with: "name: feature\nparameters: {contentTouchDelay: 200}\nwindow: {edgeGate: [bottom]}")
        let swift = try export(yaml: yaml)
        #expect(swift.contains("//   - parameters.contentTouchDelay: 200: a simulator parameter"))
        #expect(swift.contains("//   - window.edgeGate: the system gesture gate is iOS's own"))
        #expect(swift.contains("//   - SV.decelerating: flick the scroll view"))
        #expect(swift.contains("//   - Tap.allowableMovement: no public UIKit property."))
        #expect(swift.contains("view.addGestureRecognizer(tapRecognizer)"))
        #expect(swift.contains("btnButton.isEnabled = false // enabled"))
    }

    @Test func swiftNamesAreSanitisedAndDeduplicatedInSceneOrder() throws {
        let yaml = """
            views:
              - id: my-view
                frame: [0, 0, 10, 10]
              - id: my_view
                frame: [0, 0, 10, 10]
              - id: 9lives
                kind: label
                frame: [0, 0, 10, 10]
              - id: TVCell
                kind: cell
                frame: [0, 0, 10, 10]
              - id: Title
                kind: label
                frame: [0, 0, 10, 10]
              - id: input
                frame: [0, 0, 10, 10]
            """
        let swift = try export(yaml: yaml)
        #expect(swift.contains("let myView = MyViewView(frame:"))
        #expect(swift.contains("let myView2 = MyViewView2(frame:"))
        #expect(swift.contains("let v9livesLabel = V9livesLabel(frame:"))
        #expect(swift.contains("let tvCell = TVCellCell(style: .default, reuseIdentifier: nil)"))
        #expect(swift.contains("Log.register(myView2, \"my_view\", kind: \"view\")"))
        // UIViewController's `title` and UIResponder's `inputView` stay untouched.
        #expect(swift.contains("let titleLabel = TitleLabel(frame:"))
        #expect(swift.contains("let inputView2 = InputView(frame:"))
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// `transform:` becomes `view.transform` after the frame, with the scenario's operations multiplied out.
@Suite struct TransformExportTests {
    @Test func aTransformIsSetAfterTheFrameAsItsMatrix() throws {
        let yaml = scenarioYAML(
            button: ["transform: [{scale: 2}, {rotate: 90}]"], scrollView: [], recognizers: [],
            script: "0 down (60,132) · 80 up")
        let file = try export(yaml: yaml)
        let line = try #require(file.split(separator: "\n").first { $0.contains(".transform = CGAffineTransform(") })
        #expect(line.contains("CGAffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 0, ty: 0)"), "\(line)")
        let lines = file.split(separator: "\n").map(String.init)
        let transformAt = try #require(lines.firstIndex { $0.contains(".transform = CGAffineTransform(") })
        let view = String(lines[transformAt].trimmingCharacters(in: .whitespaces).prefix { $0 != "." })
        let frameAt = lines.firstIndex { $0.contains("\(view) = ") && $0.contains("frame:") || $0.contains("\(view).frame = ") }
        #expect(frameAt.map { $0 < transformAt } == true, "the frame must be set before the transform")
    }
}
