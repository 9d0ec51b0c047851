import Foundation
import ScenarioKit
import Testing
import TouchEngine

/// The delegate's failure-requirement answers (`delegateRequiresFailureOf`, `delegateRequiredToFailBy`, issue 15 §4):
/// what they load to, what they change in a run (traced or not), which questions the trace records, the JSON form,
/// the writer and the refusals.
@Suite struct DelegateRequirementLoaderTests {
    /// A single tap S and a double tap D on V, and a tap Q on a sibling view W.
    func scenario(s: String = "", d: String = "", pan: String? = nil, expect: String = "") -> String {
        let scroll = "{ id: SV, kind: scrollView, frame: [0, 400, 390, 400], contentSize: [390, 900]\(pan.map { ", pan: \($0)" } ?? "") }"
        return """
            name: t
            views:
              - { id: R, frame: [0, 0, 390, 844], subviews: [{ id: V, frame: [50, 100, 200, 200] }, { id: W, frame: [50, 320, 200, 60] },
                \(scroll)] }
            recognizers:
              - { id: S, kind: tap, view: V\(s) }
              - { id: D, kind: tap, view: V, taps: 2\(d) }
              - { id: Q, kind: tap, view: W }
            script:
              - 0 down (100,150)
              - 80 up
            \(expect)
            """
    }

    func load(_ text: String) throws -> Scene { try ScenarioLoader.load(yaml: text, path: "s.yaml").scene }

    @Test func theKeysLoadAsRecognizerSets() throws {
        let scene = try load(
            scenario(
                s: ", delegateRequiresFailureOf: [D, Q]", d: ", delegateRequiredToFailBy: {except: [Q]}",
                pan: "{ delegateRequiresFailureOf: all }"))
        let s = scene.recognizer(named: "S")!, d = scene.recognizer(named: "D")!, q = scene.recognizer(named: "Q")!
        #expect(scene.recognizers[s].policies.delegateRequiresFailureOf == .only([d, q]))
        #expect(scene.recognizers[d].policies.delegateRequiredToFailBy == .allExcept([q]))
        #expect(scene.recognizers[s].policies.requireToFail == [], "the static require(toFail:) is another key")
        let pan = scene.recognizer(named: "SV.pan")!
        #expect(scene.recognizers[pan].policies.delegateRequiresFailureOf == .all)
    }

    @Test func eitherAnswerMakesTheSingleTapWaitTracedOrNot() throws {
        for (sKeys, dKeys) in [(", delegateRequiresFailureOf: [D]", ""), ("", ", delegateRequiredToFailBy: [S]")] {
            let scene = try load(scenario(s: sKeys, d: dKeys))
            let s = scene.recognizer(named: "S")!
            #expect(Engine.summary(scene).firstRecognized[s] == .ms(430))
            let outcome = Outcome(scene: scene, trace: Engine.trace(scene))
            #expect(outcome.actions[s]?.map(\.time) == [.ms(430)])
        }
        // No answer: S recognizes at the lift.
        let plain = try load(scenario())
        #expect(Engine.summary(plain).firstRecognized[plain.recognizer(named: "S")!] == .ms(80))
    }

    @Test func aRecognizerOnASiblingViewIsNeitherWaitedForNorAsked() throws {
        let scene = try load(scenario(s: ", delegateRequiresFailureOf: [Q], delegateLogs: true"))
        let s = scene.recognizer(named: "S")!, d = scene.recognizer(named: "D")!, q = scene.recognizer(named: "Q")!
        #expect(Engine.summary(scene).firstRecognized[s] == .ms(80))
        let outcome = Outcome(scene: scene, trace: Engine.trace(scene))
        #expect(!outcome.asked[s, default: []].contains { $0.question.other == q }, "Q never shares a touch with S")
        #expect(
            outcome.asked[s, default: []].map(\.question) == [
                .shouldReceive(touch: 1), .shouldBeRequiredToFail(by: d),
                .shouldRequireFailure(of: d), .shouldBegin
            ])
    }

    @Test func theJSONTraceNamesTheOtherRecognizer() throws {
        let scene = try load(scenario(s: ", delegateRequiresFailureOf: [D], delegateLogs: true"))
        let text = TraceJSON.document([(path: "s.yaml", scene: scene, trace: Engine.trace(scene))])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((document["scenarios"] as? [[String: Any]])?.first)
        let events = try #require(run["events"] as? [[String: Any]])
        let asked = events.filter { $0["type"] as? String == "asked" && $0["method"] as? String == "gestureRecognizer(_:shouldRequireFailureOf:)" }
        #expect(asked.count == 1)
        #expect(asked.first?["recognizer"] as? String == "S" && asked.first?["other"] as? String == "D" && asked.first?["answer"] as? Bool == true)
        let outcome = try #require(run["outcome"] as? [String: Any])
        let recognizers = try #require(outcome["recognizers"] as? [String: Any])
        let s = try #require(recognizers["S"] as? [String: Any])
        let methods = (s["asked"] as? [[String: Any]])?.compactMap { $0["method"] as? String }
        #expect(
            methods == [
                "gestureRecognizer(_:shouldReceive:)", "gestureRecognizer(_:shouldBeRequiredToFailBy:)",
                "gestureRecognizer(_:shouldRequireFailureOf:)", "gestureRecognizerShouldBegin(_:)"
            ])
    }

    @Test func anAskedEntryNamesTheOtherRecognizer() throws {
        let good = scenario(
            s: ", delegateRequiresFailureOf: [D], delegateLogs: true",
            expect:
                "expect:\n  asked:\n    S: [shouldReceive@0, \"shouldBeRequiredToFailBy(D)@0=false\", \"shouldRequireFailureOf(D)@0=true\", shouldBegin@430]")
        let loaded = try ScenarioLoader.load(yaml: good, path: "s.yaml")
        let trace = Engine.trace(loaded.scene)
        #expect(loaded.expectations!.check(scene: loaded.scene, trace: trace, outcome: Outcome(scene: loaded.scene, trace: trace)).isEmpty)
        let wrong = scenario(s: ", delegateLogs: true", expect: "expect:\n  asked:\n    S: [\"shouldRequireFailureOf(D)@0=true\"]")
        let again = try ScenarioLoader.load(yaml: wrong, path: "s.yaml")
        let t2 = Engine.trace(again.scene)
        let failures = again.expectations!.check(scene: again.scene, trace: t2, outcome: Outcome(scene: again.scene, trace: t2))
        #expect(
            failures.map(\.description) == [
                "expect.asked.S (line 14): expected [shouldRequireFailureOf(D)@0=true], got "
                    + "[shouldReceive@0=true, shouldBeRequiredToFailBy(D)@0=false, shouldRequireFailureOf(D)@0=false, shouldBegin@80=true]"
            ])
    }

    @Test func theWriterWritesThemAndTheLoaderReadsThemBack() throws {
        let scene = try load(
            scenario(
                s: ", delegateRequiresFailureOf: [D]", d: ", delegateRequiredToFailBy: {except: [Q]}",
                pan: "{ delegateRequiredToFailBy: [S] }"))
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(written.contains("delegateRequiresFailureOf: [D]"))
        #expect(written.contains("delegateRequiredToFailBy: {except: [Q]}"))
        #expect(written.contains("pan:\n          delegateRequiredToFailBy: [S]"), "the scroll view's pan map")
        let again = try load(written)
        #expect(again.recognizers == scene.recognizers)
    }

    @Test(arguments: [
        (", delegateRequiresFailureOf: [Nope]", "s.yaml:6:62: recognizer 'S' refers to recognizer 'Nope' in 'delegateRequiresFailureOf', which is not defined"),
        (
            ", delegateRequiredToFailBy: some",
            "s.yaml:6:60: expected one of all, none for 'delegateRequiredToFailBy' (or a list of recognizer ids, or {except: […]}), got 'some'"
        ),
        (", delegateRequiresFailureOf: {only: [D]}", "s.yaml:6:62: unknown key 'only' in 'delegateRequiresFailureOf'; allowed keys are except")
    ])
    func aBadAnswerIsOneSentenceAtItsPlace(_ keys: String, _ message: String) {
        #expect(loadError(scenario(s: keys)) == message)
    }
}
