import Foundation
import TestSupport
import Testing

/// Runs the built `sweep` binary end to end: help, version, traces, and errors users see.
@Suite struct SweepCLITests {
    /// The `sweep` binary of this build.
    static var sweepBinary: URL { Program.sweep }

    typealias Result = ProgramResult

    func sweep(_ arguments: String...) throws -> Result { try sweep(arguments) }

    func sweep(_ arguments: [String]) throws -> Result { try Program.sweep(arguments) }

    /// Runs `executable` in the repository root and collects what it printed.
    func run(_ executable: URL, _ arguments: [String]) throws -> Result { try Program.run(executable, arguments) }

    /// Writes `text` to `name` in a directory the test process shares (removed when it exits); the file's path.
    func writeTemporary(_ text: String, name: String) throws -> String {
        let dir = TemporaryDirectory.processWide("sweep-cli-tests")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func helpListsEverySubcommandWithADescription() throws {
        let result = try sweep("--help")
        #expect(result.status == 0)
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        #expect(result.stdout.contains("trace") && result.stdout.contains("Run scenario files through the engine"))
    }

    @Test func versionPrintsTheToolEngineAndProtocolVersions() throws {
        let result = try sweep("--version")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                sweep 0.1.0
                engine touchsweep-engine-9
                protocol SWP/4
                A worker must have the coordinator's engine and protocol; sweep status must have its protocol.

                """)
    }

    @Test func traceOfAQuickTapInAScrollViewShowsTheDelayedDelivery() throws {
        let result = try sweep("trace", "configs/scenarios/golden/SV-01-quick-tap-button.yaml")
        #expect(result.status == 0)
        #expect(result.stdout.contains("withhold touch 1 began from its view (SV.delay delays touchesBegan)"))
        #expect(result.stdout.contains("B.touchesBegan touch 1 ts=0 at (70,122)"))
        #expect(result.stdout.contains("B sends TouchUpInside"))
    }

    @Test func jsonTraceIsAParsableDocumentWithEventsAndOutcome() throws {
        let result = try sweep("trace", "--json", "configs/scenarios/golden/SV-05-hold-button-then-drag.yaml")
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let scenarios = try #require(object?["scenarios"] as? [[String: Any]])
        #expect(scenarios.count == 1)
        let outcome = try #require(scenarios[0]["outcome"] as? [String: Any])
        let controls = try #require(outcome["controlEvents"] as? [String: [[String: Any]]])
        #expect(controls["B"]?.map { $0["event"] as? String } == ["TouchDown", "TouchDragInside", "TouchDragInside", "TouchUpInside"])
        #expect((scenarios[0]["events"] as? [Any])?.isEmpty == false)
    }

    @Test func checkPassesOnEveryGoldenCase() throws {
        let dir = Repository.url("configs/scenarios/golden")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }.sorted()
        let result = try run(Self.sweepBinary, ["trace", "--check"] + files.map { "configs/scenarios/golden/" + $0 })
        #expect(result.status == 0, "\(result.stderr)")
        // Every golden file has an expect: block; the passing files' timelines are not printed, only the verdict.
        #expect(result.stdout == "\(files.count) passed, 0 failed\n", "\(result.stdout.suffix(500))")
    }

    @Test func checkPrintsTheFailingFilesTimelineItsFailuresAndTheVerdict() throws {
        let failing = try writeTemporary(
            """
            name: wrong
            views:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
                  - { id: B, kind: button, frame: [20, 100, 100, 44] }
            script: "0 down (70,122) · 60 up"
            expect:
              controls:
                B: [TouchDown@0, TouchUpInside@61]
            """, name: "wrong-expectation.yaml")
        let plain = try writeTemporary("name: plain\nviews:\n  - id: R\n    frame: [0, 0, 390, 844]\nscript: []\n", name: "plain.yaml")
        let result = try sweep("trace", "--check", "configs/scenarios/golden/UC-01-plain-tap.yaml", failing, plain)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("== wrong =="), "only the failing file's timeline: \(result.stdout)")
        #expect(!result.stdout.contains("UC-01"))
        #expect(result.stdout.hasSuffix("\n1 passed, 1 failed (1 file without an expect: block)\n"), "\(result.stdout)")
        #expect(result.stderr.hasPrefix("\(failing): expect.controls.B"), "\(result.stderr)")
    }

    @Test func aBadScenarioIsOneSentenceWithItsPositionAndExitStatus2() throws {
        let path = try writeTemporary(
            """
            name: bad
            views:
              - id: R
                frame: [0, 0, 390, 844]
                colour: red
            script:
              - 0 down (10,10)
              - 10 up
            """, name: "bad.yaml")
        let result = try sweep("trace", path)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "nothing is printed when a file is bad")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.hasPrefix("sweep trace: \(path):5:5: "))
        #expect(result.stderr.contains("colour"))
    }

    @Test func aGoodFileFollowedByABadOneProducesNoPartialOutput() throws {
        let bad = try writeTemporary("name: x\nviews: 3\nscript: []\n", name: "bad2.yaml")
        let result = try sweep("trace", "configs/scenarios/golden/UC-01-plain-tap.yaml", bad)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingFileIsReportedWithoutAStackTrace() throws {
        let result = try sweep("trace", "no/such/file.yaml")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("sweep trace: no/such/file.yaml"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func sameScenarioGivesTheSameJSONByteForByte() throws {
        let a = try sweep("trace", "--json", "configs/scenarios/golden/NS-02-horizontal-drag-locks-outer.yaml")
        let b = try sweep("trace", "--json", "configs/scenarios/golden/NS-02-horizontal-drag-locks-outer.yaml")
        #expect(a.status == 0 && a.stdout == b.stdout)
    }
}
