import Foundation
import TestSupport
import Testing

@testable import SweepPlanning

/// `sweep plan` end to end, through the built binary.
@Suite struct PlanCommandTests {
    func sweep(_ arguments: String...) throws -> ProgramResult { try Program.sweep(arguments) }

    @Test func planPrintsTheCountsTheHashAndTheFirstConfigurations() throws {
        let result = try sweep("plan", "configs/quickstart.yaml", "--show", "3")
        #expect(result.status == 0 && result.stderr.isEmpty)
        let p = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        #expect(result.stdout == PlanText.summary(p, path: "configs/quickstart.yaml", show: 3))
        #expect(result.stdout.contains("config hash          \(p.configHash)\n"))
        #expect(result.stdout.contains("total scenario runs  \(p.totalRuns)  (16 × 12 × 22)\n"))
        #expect(result.stdout.contains("first 3 of 16 configurations:"))
        #expect(result.stdout.contains("  c003  "))
        #expect(!result.stdout.contains("  c004  "))
    }

    @Test func aBadConfigIsOneLineOnStandardErrorWithStatus2() throws {
        let dir = try TemporaryDirectory("sweep-plan-tests")
        let file = dir.url("bad.yaml")
        try "name: bad\naxes:\n  contentTouchDelay: [100, fast]\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try sweep("plan", file.path)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == "sweep plan: \(file.path):3:28: expected a number (ms) from 0 to 5000 for axis "
                + "'contentTouchDelay', got 'fast'\n")
        let missing = try sweep("plan", "configs/no-such-config.yaml")
        #expect(missing.status == 2 && missing.stdout.isEmpty)
        #expect(missing.stderr == "sweep plan: configs/no-such-config.yaml: cannot read the sweep config: no such file\n")
    }

    @Test func helpListsPlan() throws {
        let result = try sweep("--help")
        #expect(result.stdout.contains("plan") && result.stdout.contains("Print what a sweep config would run"))
    }
}
