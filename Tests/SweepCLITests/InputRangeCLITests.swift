import Foundation
import Testing

/// Issue 14 §3, end to end: inputs that used to stop the binary with SIGILL and a backtrace now exit 2 with one line.
@Suite struct InputRangeCLITests {
    let cli = SweepCLITests()

    @Test func traceOfAGoldenScenarioWithAStepAt1e16MillisecondsExits2WithOneLine() throws {
        let golden = SweepCLITests.repository.path + "/configs/scenarios/golden/BUG-01a-dismiss-tap-kills-quick-tap.yaml"
        let text = try String(contentsOfFile: golden, encoding: .utf8).replacingOccurrences(of: "  - 80 up\n", with: "  - 1e16 up (70,40)\n")
        let path = try cli.writeTemporary(text, name: "step-1e16.yaml")
        let result = try cli.sweep("trace", path)
        #expect(result.status == 2)
        #expect(result.stderr == "sweep trace: \(path):19:5: script step 2 ('1e16 up (70,40)') must start with a time from 0 "
            + "to 3600000 ms, got '1e16'\n")
    }

    @Test func importWithAnOverlayMinimumPressDurationOf1e300Exits2WithOneLine() throws {
        let overlay = try cli.writeTemporary("recognizers:\n  - class: UIButton\n    kind: longPress\n    minimumPressDuration: 1e300\n",
                                             name: "overlay-1e300.yaml")
        let dump = SweepCLITests.repository.path + "/configs/screens/34-chisel-pviews-sample-button-320x568.txt"
        let result = try cli.sweep("import", dump, "--recognizers", overlay)
        #expect(result.status == 2)
        #expect(result.stderr == "sweep import: \(overlay):4:27: expected a time from 0 to 3600000 ms for 'minimumPressDuration', "
            + "got '1e300'\n")
        #expect(result.stdout.isEmpty)
    }
}
