import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `sweep check OUTPUT_DIR --max CLASS=RATE [--junit FILE]` on a real small sweep's output, through the built binary.
@Suite(.serialized) struct CheckCLITests {
    let cli = SweepCLITests()
    let run = SweepRunCLITests()

    /// A drawer whose overlay takes every touch (overlay.passThrough false) kills the buttons below it: c003 and c004
    /// have dead buttons, c001 and c002 none.
    static let config = TinySweep(
        name: "cli-check", seed: 3, axes: TinySweep.deadButtonSwitches, perConfiguration: 8,
        templates: "{form: 1, drawer: 1}"
    ).yaml

    /// A finished tiny sweep (4 configurations) in `scratch` and its summary.csv's dead_button counts per configuration.
    func sweepOutput(in scratch: TemporaryDirectory) throws -> (dir: String, deadButtons: [(id: String, count: Int, attempts: Int)]) {
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try cli.sweep("run", config, "--output", dir + "/out", "--quiet")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOfFile: dir + "/out/summary.csv", encoding: .utf8).split(whereSeparator: \.isNewline).map {
            $0.split(separator: ",").map(String.init)
        }
        let attempts = lines[0].firstIndex(of: "dead_button_attempts")!, count = lines[0].firstIndex(of: "dead_button_count")!
        return (dir + "/out", lines.dropFirst().map { ($0[0], Int($0[count])!, Int($0[attempts])!) })
    }

    @Test func passesWithExitZeroAndFailsWithOneLinePerViolation() throws {
        let scratch = try run.temporaryDirectory("check-exit")
        let (out, dead) = try sweepOutput(in: scratch)
        #expect(dead.map(\.count).map { $0 > 0 } == [false, false, true, true], "c003 and c004 have dead buttons")
        let pass = try cli.sweep("check", out, "--max", "dead_button=1", "--max", "swallowed_scroll=100%")
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stdout == "sweep check: 0 of 8 checks failed (4 configurations × 2 classes)\n")

        // The naive overlay's dead buttons are what-ifs (docs/defects.md): hazards alone pass.
        let hazards = try cli.sweep("check", out, "--max", "dead_button=0")
        #expect(hazards.status == 0, "\(hazards.stderr)")
        #expect(hazards.stdout == "sweep check: 0 of 4 checks failed (4 configurations × 1 class)\n")
        let fail = try cli.sweep("check", out, "--max", "dead_button=0", "--include", "designed,what-if")
        #expect(fail.status == 1, "\(fail.stderr)")
        let expected = dead.filter { $0.count > 0 }.map { d in
            let cancels = ["c003": "false", "c004": "true"][d.id]!
            let rate = String(format: "%.2f%%", Double(d.count) / Double(d.attempts) * 100)
            return "\(d.id) (overlay.passThrough=false, dismissTap.cancelsTouchesInView=\(cancels)): "
                + "dead_button \(rate) (\(d.count)/\(d.attempts)) is above the maximum 0%"
        }
        #expect(
            fail.stdout == (expected + ["sweep check: \(expected.count) of 4 checks failed (4 configurations × 1 class)"])
                .joined(separator: "\n") + "\n")
        let quiet = try cli.sweep("check", out, "--max", "dead_button=0", "--include", "what-if,designed", "--quiet")
        #expect(quiet.status == 1 && quiet.stdout == expected.joined(separator: "\n") + "\n")
    }

    @Test func aBadIncludeIsOneSentenceWithStatus64() throws {
        let scratch = try run.temporaryDirectory("check-include")
        let (out, _) = try sweepOutput(in: scratch)
        let bad = try cli.sweep("check", out, "--max", "dead_button=0", "--include", "designed,whatif")
        #expect(bad.status == 64)
        #expect(
            bad.stderr
                == "sweep check: '--include' expects a comma-separated list of designed, what-if (hazards are always counted), got 'whatif'\n")
    }

    @Test func junitIsWellFormedXMLWithOneCasePerConfigurationAndClass() throws {
        let scratch = try run.temporaryDirectory("check-junit")
        let (out, dead) = try sweepOutput(in: scratch)
        let junit = out + "/../report.xml"
        let result = try cli.sweep(
            "check", out, "--max", "dead_button=0", "--max", "swallowed_zoom=0.05", "--include", "designed,what-if", "--junit", junit)
        #expect(result.status == 1, "\(result.stderr)")
        let failures = dead.filter { $0.count > 0 }.count
        let data = try Data(contentsOf: URL(fileURLWithPath: junit))
        #if canImport(FoundationXML) || os(macOS)
            let document = try XMLDocument(data: data)
            let root = try #require(document.rootElement())
            #expect(root.name == "testsuites")
            #expect(root.attribute(forName: "tests")?.stringValue == "8")
            #expect(root.attribute(forName: "failures")?.stringValue == "\(failures)")
            // The sweep has no pinchZoom gestures: every swallowed_zoom case is skipped, not failed.
            #expect(root.attribute(forName: "skipped")?.stringValue == "4")
            let suites = root.elements(forName: "testsuite")
            #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["dead_button", "swallowed_zoom"])
            let cases = suites[0].elements(forName: "testcase")
            #expect(cases.count == 4)
            #expect(cases.map { $0.elements(forName: "failure").count }.reduce(0, +) == failures)
            #expect(cases[0].attribute(forName: "name")?.stringValue == "c001 (overlay.passThrough=true, dismissTap.cancelsTouchesInView=false)")
            #expect(suites[1].elements(forName: "testcase").allSatisfy { $0.elements(forName: "skipped").count == 1 })
        #else
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
            #expect(text.components(separatedBy: "<testcase ").count - 1 == 8)
            #expect(text.components(separatedBy: "<failure ").count - 1 == failures)
        #endif
        // Written by rename: no temporary file is left beside it.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: out + "/..")
        #expect(siblings.filter { $0.contains("report.xml") } == ["report.xml"])
    }

    /// Usage errors exit 64, a directory that is not a sweep's output 2 (docs/cli.md).
    @Test func usageErrorsAreOneSentenceWith64AndABadDirectoryWith2() throws {
        let scratch = try run.temporaryDirectory("check-usage")
        let (out, _) = try sweepOutput(in: scratch)
        let cases: [([String], String, Int32)] = [
            ([out, "--max", "dead_buttons=0.1"], "sweep check: --max dead_buttons=0.1: 'dead_buttons' is not a defect class; use one of ", 64),
            ([out, "--max", "dead_button=fast"], "sweep check: --max dead_button=fast: 'fast' is not a rate; give a fraction", 64),
            ([out, "--max", "dead_button"], "sweep check: --max dead_button: expected CLASS=RATE", 64),
            ([out, "--max", "dead_button=0.1", "--max", "dead_button=0.2"], "sweep check: --max dead_button=0.2: dead_button already has a maximum", 64),
            ([out], "sweep check: give at least one --max CLASS=RATE", 64),
            (
                [out + "/minimal", "--max", "dead_button=0.1"],
                "sweep check: \(out)/minimal is not the output directory of a sweep "
                    + "(it has no summary.csv and plan.yaml).", 2
            ),
            ([out + "/nowhere", "--max", "dead_button=0.1"], "sweep check: \(out)/nowhere is not a directory", 2),
            ([out, "--baseline", out + "/nowhere"], "sweep check: --baseline \(out)/nowhere is not a directory", 2)
        ]
        for (arguments, prefix, status) in cases {
            let result = try cli.sweep(["check"] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(prefix) && result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aShardIsNotASweepOutput() throws {
        let scratch = try run.temporaryDirectory("check-shard")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try SweepRunCLITests.config.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try cli.sweep("run", config, "--shard", "0/2", "--output", dir + "/s0", "--quiet").status == 0)
        let result = try cli.sweep("check", dir + "/s0", "--max", "dead_button=0.1")
        #expect(
            result.status == 2
                && result.stderr == "sweep check: \(dir)/s0 holds a shard of a sweep (shard.tsj), not its reports; "
                    + "join the shards with `sweep merge` first.\n"
        )
    }
}
