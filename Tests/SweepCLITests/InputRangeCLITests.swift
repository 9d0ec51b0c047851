import Foundation
import TestSupport
import Testing

/// Issue 14 §3, end to end: inputs that used to stop the binary with SIGILL and a backtrace now exit 2 with one line.
@Suite struct InputRangeCLITests {
    let cli = SweepCLITests()

    @Test func traceOfAGoldenScenarioWithAStepAt1e16MillisecondsExits2WithOneLine() throws {
        let golden = Repository.path + "/configs/scenarios/golden/BUG-01a-dismiss-tap-kills-quick-tap.yaml"
        let text = try String(contentsOfFile: golden, encoding: .utf8).replacingOccurrences(of: "  - 80 up\n", with: "  - 1e16 up (70,40)\n")
        let path = try cli.writeTemporary(text, name: "step-1e16.yaml")
        let result = try cli.sweep("trace", path)
        #expect(result.status == 2)
        #expect(
            result.stderr == "sweep trace: \(path):19:5: script step 2 ('1e16 up (70,40)') must start with a time from 0 "
                + "to 3600000 ms, got '1e16'\n")
    }

    @Test func importWithAnOverlayMinimumPressDurationOf1e300Exits2WithOneLine() throws {
        let overlay = try cli.writeTemporary(
            "recognizers:\n  - class: UIButton\n    kind: longPress\n    minimumPressDuration: 1e300\n",
            name: "overlay-1e300.yaml")
        let dump = Repository.path + "/configs/screens/34-chisel-pviews-sample-button-320x568.txt"
        let result = try cli.sweep("import", dump, "--recognizers", overlay)
        #expect(result.status == 2)
        #expect(
            result.stderr == "sweep import: \(overlay):4:27: expected a time from 0 to 3600000 ms for 'minimumPressDuration', "
                + "got '1e300'\n")
        #expect(result.stdout.isEmpty)
    }

    /// Issue 14 §5: a file over 16 MiB is refused before it is read (a 50 MB config took 1.2 GB and 5.5 s, a 64 MB
    /// scenario 1.7 GB and 18.6 s), and a device that never ends is read no further than the limit.
    @Test func filesOverSixteenMebibytesAndEndlessDevicesAreRefusedWithOneLine() throws {
        let big = try cli.writeTemporary("name: big\n", name: "big-config.yaml")
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 50_000_000) // sparse: no 50 MB written
        try handle.close()
        let plan = try cli.sweep("plan", big)
        #expect(plan.status == 2)
        #expect(
            plan.stderr == "sweep plan: \(big): cannot read the sweep config: it is larger than 16777216 bytes (16 MiB), "
                + "the most a sweep config may hold\n")
        let scenario = try cli.sweep("trace", "/dev/zero")
        #expect(scenario.status == 2)
        #expect(
            scenario.stderr == "sweep trace: /dev/zero: cannot read the scenario file: it is larger than 16777216 bytes (16 MiB), "
                + "the most a scenario file may hold\n")
    }
}
