import Foundation
import TestSupport
import Testing

/// What the tests that run `sweep` as real processes share: a fixture directory with the fault tests' config and the
/// `sweep run` reports it gives, starting and waiting for `sweep` processes, and comparing reports. The serialized
/// suites `DistributedFaultTests` and `ServiceFaultTests` conform, and other suites use a `DistributedFaultTests()`.
protocol SweepProcessTests {}

extension SweepProcessTests {
    typealias Fixture = DistributedFaultTests.Fixture

    var cli: SweepCLITests { SweepCLITests() }

    /// A temp directory with the config, and the `sweep run` reference reports.
    func fixture(_ name: String) throws -> Fixture {
        let reference = try DistributedFaultTests.reference.get()
        let dir = DistributedFaultTests.root + "/" + name
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let config = dir + "/faults.yaml"
        try DistributedFaultTests.config.write(toFile: config, atomically: true, encoding: .utf8)
        return Fixture(dir: dir, config: config, reference: reference)
    }

    /// A cluster-mode coordinator (`--workers 0`) listening on the fixture's ipc endpoint, logging to `dir/log`.
    func startCoordinator(_ f: Fixture, output: String, log: String = "coordinator.log", _ extra: [String] = []) throws -> Process {
        try start(["submit", f.config, "--output", output, "--workers", "0", "--listen", f.endpoint] + extra, stderr: f.dir + "/" + log)
    }

    func start(_ arguments: [String], stderr: String? = nil, environment: [String: String]? = nil) throws -> Process {
        try Program.start(
            SweepCLITests.sweepBinary, arguments, environment: environment.map { ProcessInfo.processInfo.environment.merging($0) { $1 } },
            standardError: stderr.map { .file($0) } ?? .discarded)
    }

    /// Waits for a process to exit, at most `seconds`; kills it and fails the test otherwise.
    @discardableResult
    func wait(_ p: Process, seconds: Double = 120) -> Int32 {
        if !Program.wait(p, seconds: seconds) { Issue.record("process \(p.arguments ?? []) did not finish in \(seconds) s") }
        return p.terminationStatus
    }

    /// Stops a worker that is still running once the sweep is over. A worker that missed the coordinator's
    /// "done" keeps reconnecting (it would rejoin a restarted coordinator), so tests end it themselves.
    func stopIfRunning(_ p: Process, graceSeconds: Double = 3) { Program.wait(p, seconds: graceSeconds) }

    /// Waits until `path` contains `text` (at most `seconds`).
    func waitForLog(_ path: String, _ text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let log = try? String(contentsOfFile: path, encoding: .utf8), log.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// The reports of `dir` equal the fixture's reference.
    func expectSameReports(_ dir: String, _ f: Fixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectSameReports(dir, reference: f.reference, sourceLocation: sourceLocation)
    }

    /// The reports of `dir` equal those of `reference` (examples.csv compared with the directory name normalised).
    func expectSameReports(_ dir: String, reference: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for name in [
            "summary.csv", "by_template.csv", "by_gesture.csv", "effects.csv", "causes.csv", "model_bands.csv", "residuals.csv", "plan.yaml", "config.yaml"
        ] {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: reference + "/" + name))
            #expect(a == b, "\(name) differs from sweep run's", sourceLocation: sourceLocation)
        }
        let a = try String(contentsOfFile: dir + "/examples.csv", encoding: .utf8).replacingOccurrences(of: dir, with: "OUT")
        let b = try String(contentsOfFile: reference + "/examples.csv", encoding: .utf8).replacingOccurrences(of: reference, with: "OUT")
        #expect(a == b, "examples.csv differs from sweep run's", sourceLocation: sourceLocation)
    }
}

/// The coordinator's services on real processes: `sweep status`, the metrics port and its live view, CURVE keys and
/// the allow-list, the peer log under a flood, and the whole-message limits. Serialized, as `DistributedFaultTests`
/// is, and a suite of its own so that the two chains run side by side.
@Suite(.serialized) struct ServiceFaultTests: SweepProcessTests {}
