import Foundation
import Testing

/// The delegate's failure-requirement answers in the export (issue 15 §4): `gestureRecognizer(_:shouldRequireFailureOf:)`
/// and `…shouldBeRequiredToFailBy:` on the controller (logged with `delegateLogs`), or on the scroll view subclass
/// for its own pan.
@Suite struct DelegateRequirementExportTests {
    let goldens = [
        "CR-10a-delegate-requires-failure-of-double-tap", "CR-10b-delegate-required-to-fail-by-single-tap",
        "CR-10c-second-finger-asks-no-requirement-again", "CR-11-pan-and-tap-asked-at-begin-and-again-at-lift"
    ]

    func golden(_ name: String) throws -> String { try exportFile("configs/scenarios/golden/\(name).yaml") }

    func scenario(_ recognizers: [String], pan: String? = nil) -> String {
        var lines = [
            "name: export", "views:", "  - id: R", "    controller: VC", "    frame: [0, 0, 390, 844]", "    subviews:",
            "      - { id: V, frame: [50, 100, 200, 200] }",
            "      - id: SV", "        kind: scrollView", "        frame: [0, 400, 390, 400]", "        contentSize: [390, 900]"
        ]
        if let pan { lines.append("        pan: \(pan)") }
        lines += ["recognizers:"] + recognizers.map { "  - " + $0 } + ["script: \"0 down (100,150) · 80 up\""]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aLoggingDelegateAnswersAndLogsBothRequirementQuestions() throws {
        let swift = try golden("CR-10a-delegate-requires-failure-of-double-tap")
        #expect(
            swift.contains(
                """
                        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
                            let answer: Bool
                            switch Log.name(gestureRecognizer) {
                            case "S": answer = ["D"].contains(Log.name(other))
                            default: answer = false
                            }
                            if ["S", "D"].contains(Log.name(gestureRecognizer)) {
                                Log.line("delegate of \\(Log.name(gestureRecognizer)) asked gestureRecognizer(\\(Log.name(gestureRecognizer)), shouldRequireFailureOf: \\(Log.name(other))) → \\(answer)")
                            }
                            return answer
                        }
                """))
        // S answers nothing to shouldBeRequiredToFailBy: UIKit's default, logged all the same.
        #expect(
            swift.contains(
                "shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {\n            let answer: Bool\n"
                    + "            switch Log.name(gestureRecognizer) {\n            default: answer = false"))
        // The prediction in the header lists the questions the engine asked.
        #expect(swift.contains("//   t=0 ms  delegate of S asked gestureRecognizer(S, shouldRequireFailureOf: D) → true"))
        #expect(!swift.contains("delegate of D asked gestureRecognizer(D, shouldBeRequiredToFailBy: S)"))
        #expect(!swift.contains(".require(toFail:"))
    }

    @Test func theOtherSideAnswersShouldBeRequiredToFailBy() throws {
        let swift = try golden("CR-10b-delegate-required-to-fail-by-single-tap")
        #expect(swift.contains("case \"D\": answer = [\"S\"].contains(Log.name(other))"))
        #expect(swift.contains("//   t=0 ms  delegate of D asked gestureRecognizer(D, shouldBeRequiredToFailBy: S) → true"))
    }

    @Test func withoutLoggingTheControllerOnlyAnswers() throws {
        let swift = try export(
            yaml: scenario([
                "{ id: S, kind: tap, view: V, delegateRequiresFailureOf: [D] }",
                "{ id: D, kind: tap, view: V, taps: 2, delegateRequiredToFailBy: all }"
            ]))
        #expect(swift.components(separatedBy: ".delegate = self").count == 3, "both recognizers get the controller as delegate")
        #expect(
            swift.contains(
                """
                        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
                            switch Log.name(gestureRecognizer) {
                            case "S": return ["D"].contains(Log.name(other))
                            default: return false
                            }
                        }
                """))
        #expect(
            swift.contains("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {"))
        #expect(!swift.contains("Log.line(\"delegate of"))
        let plain = try export(yaml: scenario(["{ id: S, kind: tap, view: V }"]))
        #expect(!plain.contains("shouldRequireFailureOf other"))
    }

    @Test func aScrollViewAnswersForItsOwnPan() throws {
        let swift = try export(yaml: scenario(["{ id: T, kind: tap, view: SV }"], pan: "{ delegateRequiresFailureOf: [T] }"))
        #expect(swift.contains("UIScrollView, UIGestureRecognizerDelegate"))
        #expect(
            swift.contains(
                """
                        // pan.delegateRequiresFailureOf (G10): the scroll view's answer as its pan's delegate.
                        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool {
                            guard gestureRecognizer === panGestureRecognizer else { return false }
                """))
    }

    @Test(.enabled(if: swiftcPath != nil, "swiftc is not on PATH"))
    func theExportsParse() throws {
        for name in goldens {
            let result = try swiftcParse(try golden(name), name: name)
            #expect(result.status == 0, "swiftc -parse rejected \(name):\n\(result.diagnostics)")
        }
        let scroll = try export(
            yaml: scenario(
                ["{ id: T, kind: tap, view: SV, delegateRequiredToFailBy: [SV.pan] }"],
                pan: "{ delegateRequiresFailureOf: [T], delegateRequiredToFailBy: all }"))
        let result = try swiftcParse(scroll, name: "scroll-requirements")
        #expect(result.status == 0, "\(result.diagnostics)")
    }
}
