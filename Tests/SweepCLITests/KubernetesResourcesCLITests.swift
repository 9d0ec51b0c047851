import Foundation
import TestSupport
import Testing

/// The memory the Kubernetes manifests request and allow, against what the release binary measurably uses
/// (issue 36 §3): a coordinator and a worker with the manifest's `--slots` run the manifests' own sweep (the base
/// ConfigMap's, the quickstart) and the heaviest sweep shipped (configs/bench-distributed.yaml), and their peak
/// resident memory (VmHWM) must fit the requests with half as much again to spare, and the limits twice over.
@Suite(
    .serialized,
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: Repository.url("dist/sweep").path),
        "dist/sweep is missing: run `make dist` (make test does); the pods run that release binary"))
struct KubernetesResourcesCLITests {
    static let dist = Repository.url("dist/sweep")

    /// Mebibytes of a Kubernetes memory quantity as these manifests write them ("512Mi", "1Gi").
    static func mebibytes(_ quantity: Substring) -> Double? {
        if quantity.hasSuffix("Mi") { return Double(quantity.dropLast(2)) }
        if quantity.hasSuffix("Gi") { return Double(quantity.dropLast(2)).map { $0 * 1024 } }
        return nil
    }

    /// The `requests` and `limits` memory of the one container in a manifest, in MiB.
    static func memory(_ manifest: String) throws -> (request: Double, limit: Double) {
        let lines = try Repository.text(manifest).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func value(under section: String) -> Double? {
            guard let start = lines.firstIndex(of: section + ":") else { return nil }
            return lines[(start + 1)...].prefix(3).first { $0.hasPrefix("memory: ") }.flatMap { mebibytes($0.dropFirst("memory: ".count)) }
        }
        guard let request = value(under: "requests"), let limit = value(under: "limits") else { throw CocoaError(.fileReadCorruptFile) }
        return (request, limit)
    }

    /// The worker's `--slots` in worker-job.yaml.
    static func workerSlots() throws -> Int {
        let lines = try Repository.text("deploy/k8s/overlays/coordinator/worker-job.yaml").split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let at = try #require(lines.firstIndex(of: "- --slots"))
        return try #require(Int(lines[at + 1].dropFirst(2).trimmingCharacters(in: CharacterSet(charactersIn: "\""))))
    }

    /// Peak resident memory, in MiB, of a coordinator and one worker with `slots` running `config` to the end.
    func peaks(_ config: String, slots: Int, in dir: String) throws -> (coordinator: Double, worker: Double) {
        let faults = ServiceFaultTests()
        let endpoint = "ipc://\(dir)/coordinator"
        func start(_ arguments: [String], _ log: String) throws -> Process {
            try Program.start(Self.dist, arguments, standardError: .file(dir + "/" + log))
        }
        let coordinator = try start(["submit", config, "--workers", "0", "--listen", endpoint, "--output", dir + "/out", "--quiet"], "coordinator.log")
        let worker = try start(["worker", "--connect", endpoint, "--slots", "\(slots)"], "worker.log")
        var peak = (coordinator: 0, worker: 0)
        let deadline = Date().addingTimeInterval(300)
        while coordinator.isRunning && Date() < deadline {
            peak = (max(peak.coordinator, faults.peakKiB(coordinator)), max(peak.worker, faults.peakKiB(worker)))
            usleep(20_000)
        }
        #expect(faults.wait(coordinator, seconds: 10) == 0, "\((try? String(contentsOfFile: dir + "/coordinator.log", encoding: .utf8)) ?? "")")
        faults.stopIfRunning(worker)
        return (Double(peak.coordinator) / 1024, Double(peak.worker) / 1024)
    }

    @Test func requestsCoverTheMeasuredPeakWithHalfAgainAndLimitsTwice() throws {
        let scratch = try TemporaryDirectory("sweep-k8s-memory")
        let dir = scratch.path
        let slots = try Self.workerSlots()
        var worst = (coordinator: 0.0, worker: 0.0)
        for (name, config) in [("manifests' sweep", "deploy/k8s/base/sweep.yaml"), ("heaviest sweep", "configs/bench-distributed.yaml")] {
            let run = dir + "/" + URL(fileURLWithPath: config).deletingPathExtension().lastPathComponent
            try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
            let peak = try peaks(Repository.url(config).path, slots: slots, in: run)
            print(
                String(
                    format: "k8s memory: %@ (%@), worker --slots %d: coordinator peak %.0f MiB, worker peak %.0f MiB", name, config, slots, peak.coordinator,
                    peak.worker))
            #expect(peak.coordinator > 0 && peak.worker > 0, "both were measured")
            worst = (max(worst.coordinator, peak.coordinator), max(worst.worker, peak.worker))
        }
        for (manifest, peak) in [
            ("deploy/k8s/overlays/coordinator/coordinator-job.yaml", worst.coordinator), ("deploy/k8s/overlays/coordinator/worker-job.yaml", worst.worker)
        ] {
            let memory = try Self.memory(manifest)
            #expect(memory.request >= 1.5 * peak, "\(manifest): requests \(memory.request) MiB for a measured peak of \(Int(peak)) MiB")
            #expect(memory.limit >= 2 * peak && memory.limit >= memory.request, "\(manifest): limit \(memory.limit) MiB for a peak of \(Int(peak)) MiB")
        }
    }
}
