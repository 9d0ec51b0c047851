import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// The `expect:` entries for tap counts and multi-touch calls, and the JSON trace's fields for them, on the MT
/// golden scenarios.
@Suite struct MultiTouchExpectationTests {
    static func golden(_ file: String) throws -> LoadedScenario {
        try ScenarioLoader.load(path: Repository.url("configs/scenarios/golden/\(file)").path)
    }

    /// The failures of `expect` (YAML of an `expect:` block) against a golden scenario's run.
    static func failures(_ file: String, _ expect: String) throws -> [String] {
        let text = try String(
            contentsOf: Repository.url("configs/scenarios/golden/\(file)"),
            encoding: .utf8)
        let head = text.components(separatedBy: "\nexpect:\n")[0]
        let scenario = try ScenarioLoader.load(yaml: head + "\nexpect:\n" + expect, path: file)
        let trace = Engine.trace(scenario.scene)
        return try #require(scenario.expectations).check(
            scene: scenario.scene, trace: trace,
            outcome: Outcome(scene: scenario.scene, trace: trace)
        ).map(\.description)
    }

    @Test func tapCountsFailWithTheObservedCounts() throws {
        #expect(try Self.failures("MT-01b-double-tap-count-2.yaml", "  tapCounts: {1: [1, 2]}\n") == [])
        let wrongCount = try Self.failures("MT-01b-double-tap-count-2.yaml", "  tapCounts: {1: [1, 1]}\n")
        #expect(
            wrongCount == [
                "expect.tapCounts.1 (line 17): expected [1, 1], got [1, 2]"
            ])
        let noSuchTouch = try Self.failures("MT-01b-double-tap-count-2.yaml", "  tapCounts: {2: [1]}\n")
        #expect(
            noSuchTouch == [
                "expect.tapCounts.2 (line 17): expected [1], got []"
            ])
    }

    @Test func callbackQualifiersCheckTheSetAndTheEvent() throws {
        let file = "MT-04a-two-fingers-one-event.yaml"
        #expect(try Self.failures(file, "  callbacks: {V: [\"began@0 touch 2\", \"...\"]}\n") == [])
        let wrongSet = try Self.failures(file, "  callbacks: {V: [began@0 touches (1), \"...\"]}\n")
        #expect(
            wrongSet == [
                "expect.callbacks.V (line 15): expected [began@0 touches (1), ...], got [began@0 touches (1,2) allTouches (1,2), "
                    + "ended@80 touches (1,2) allTouches (1,2)]"
            ])
        #expect(try Self.failures(file, "  callbacks: {V: [began@0 allTouches (1), \"...\"]}\n").count == 1)
        let wrongTaps = try Self.failures("MT-01b-double-tap-count-2.yaml", "  callbacks: {V: [\"...\", began@200 tapCount 3, \"...\"]}\n")
        #expect(
            wrongTaps == [
                "expect.callbacks.V (line 17): expected [..., began@200 tapCount 3, ...], got [began@0 tapCount 1, ended@80 tapCount 1, "
                    + "began@200 tapCount 2, ended@280 tapCount 2]"
            ])
    }

    @Test(arguments: [
        ("  callbacks: {V: [began@0 touches 1]}\n", "needs touch numbers '(n,m)' after 'touches'"),
        ("  callbacks: {V: [began@0 allTouches (1,1)]}\n", "needs touch numbers '(n,m)' after 'allTouches'"),
        ("  callbacks: {V: [began@0 tapCount 0]}\n", "needs a tap count ≥ 1 after 'tapCount'"),
        ("  tapCounts: {1: [two]}\n", "must be a tap count ≥ 1"),
        ("  tapCounts: {x: [1]}\n", "'expect.tapCounts' keys must be touch numbers ≥ 1, not 'x'")
    ])
    func malformedEntriesAreRefused(expect: String, message: String) throws {
        #expect(throws: ScenarioError.self) { try Self.failures("MT-04a-two-fingers-one-event.yaml", expect) }
        do {
            _ = try Self.failures("MT-04a-two-fingers-one-event.yaml", expect)
        } catch let error as ScenarioError {
            #expect(error.message.hasSuffix(message), "\(error.message)")
        }
    }

    /// The JSON document of one golden scenario's run, parsed.
    static func json(_ file: String) throws -> (events: [[String: Any]], outcome: [String: Any]) {
        let scenario = try golden(file)
        let text = TraceJSON.document([(path: file, scene: scenario.scene, trace: Engine.trace(scenario.scene))])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((document["scenarios"] as? [[String: Any]])?.first)
        return (try #require(run["events"] as? [[String: Any]]), try #require(run["outcome"] as? [String: Any]))
    }

    @Test func theJSONTraceCarriesTheSetsOnlyWhenThereAreSeveral() throws {
        let multi = try Self.json("MT-04a-two-fingers-one-event.yaml")
        let event = try #require(multi.events.first { $0["type"] as? String == "touchEvent" })
        #expect(event["touches"] as? [Int] == [1, 2] && event["allTouches"] as? [Int] == [1, 2])
        let began = try #require(multi.events.first { $0["type"] as? String == "callback" })
        #expect(began["allTouches"] as? [Int] == [1, 2])
        #expect((began["touches"] as? [[String: Any]])?.compactMap { $0["touch"] as? Int } == [1, 2])

        #expect(event["phases"] == nil)
        // A mixed event lists each touch's phase, parallel to its touches.
        let mixed = try Self.json("MT-08-pinch-finger-moves-while-other-lifts.yaml").events.filter { $0["type"] as? String == "touchEvent" }
        #expect(mixed.map { $0["phases"] as? [String] } == [nil, nil, ["moved", "ended"]])
        #expect(mixed.last?["touches"] as? [Int] == [1, 2] && mixed.last?["allTouches"] as? [Int] == [1, 2])

        let taps = try Self.json("MT-01b-double-tap-count-2.yaml")
        let repeatTap = try #require(taps.events.first { $0["type"] as? String == "tapCount" })
        #expect(repeatTap["touch"] as? Int == 1 && repeatTap["count"] as? Int == 2 && repeatTap["after"] as? Int == 1)
        #expect((taps.outcome["tapCounts"] as? [String: [Int]])?["1"] == [1, 2])

        let single = try Self.json("MT-01a-single-tap-count-1.yaml")
        #expect(single.outcome["tapCounts"] == nil)
        for e in single.events {
            #expect(e["allTouches"] == nil && e["tapCount"] == nil && e["touches"] == nil && e["type"] as? String != "touchEvent")
        }
    }
}
