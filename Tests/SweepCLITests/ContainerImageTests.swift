import Foundation
import TestSupport
import Testing

/// deploy/docker/Dockerfile built with podman and run (issue 36 §2): the host build's versions, a quickstart sweep
/// whose reports are the host's byte for byte, and a worker container that joins a coordinator on the host over
/// CURVE with its keys mounted read-only; always as uid 10001 on a read-only root filesystem, as the deploy files say.
@Suite(.serialized, .enabled(if: ContainerImage.unavailable == nil, Comment(rawValue: ContainerImage.unavailable ?? "")))
struct ContainerImageTests {
    let cli = SweepCLITests()

    /// A fresh directory the image's user may write into, mounted at the same path inside the container so that
    /// the paths written into the reports are the same on both sides.
    func workspace(_ name: String) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("sweep-container-\(name)")
        #expect(chown(dir.path, 10001, 10001) == 0)
        return dir
    }

    /// The host's `sweep run` of `config` written to `dir/out` (the path the container then writes) and moved to
    /// `dir/reference`.
    func hostReports(_ config: String, in dir: String) throws -> String {
        let run = try cli.sweep("run", config, "--output", dir + "/out", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.moveItem(atPath: dir + "/out", toPath: dir + "/reference")
        return dir + "/reference"
    }

    @Test func theImageRunsTheHostBuildsVersionsAsUser10001OnAReadOnlyRoot() throws {
        _ = try ContainerImage.built.get()
        let version = try ContainerImage.run([], ["--version"])
        #expect(version.status == 0, "\(version.transcript)")
        #expect(version.stdout == (try cli.sweep("--version")).stdout, "the container's versions are the host build's")

        let config = try ContainerImage.podman(
            "/usr/bin/podman", ["image", "inspect", "--format", "{{.Config.User}} {{json .Config.Entrypoint}}", ContainerImage.tag])
        #expect(config.stdout == "10001:10001 [\"/usr/local/bin/sweep\"]\n", "\(config.transcript)")
        let id = try ContainerImage.run(["--entrypoint", "/usr/bin/id"], [])
        #expect(id.stdout.hasPrefix("uid=10001(sweep) gid=10001(sweep)"), "\(id.transcript)")
        let write = try ContainerImage.run(["--entrypoint", "/usr/bin/touch"], ["/usr/local/bin/sweep", "/data/x"])
        #expect(write.status != 0 && write.stderr.contains("Read-only file system"), "\(write.transcript)")
    }

    @Test func aQuickstartSweepInTheContainerWritesTheHostsReportsByteForByte() throws {
        _ = try ContainerImage.built.get()
        let scratch = try workspace("quickstart")
        let dir = scratch.path
        let config = dir + "/quickstart.yaml"
        try FileManager.default.copyItem(atPath: Repository.url("configs/quickstart.yaml").path, toPath: config)
        let reference = try hostReports(config, in: dir)
        let run = try ContainerImage.run(["--volume", "\(dir):\(dir)"], ["run", config, "--output", dir + "/out", "--quiet"])
        #expect(run.status == 0, "\(run.transcript)")
        #expect(compareReports("container sweep", dir + "/out", reference) == [])
    }

    @Test func aWorkerContainerJoinsACoordinatorOnTheHostOverCURVEWithItsKeysReadOnly() throws {
        _ = try ContainerImage.built.get()
        let scratch = try workspace("worker")
        let dir = scratch.path
        let config = dir + "/tiny.yaml", keys = dir + "/keys"
        try ShardCLITests.config.write(toFile: config, atomically: true, encoding: .utf8)
        let reference = try hostReports(config, in: dir)
        #expect(try cli.sweep("keys", "generate", "--output", keys, "--workers", "1").status == 0)
        // The worker's files belong to the image's user, as a Secret mounted with fsGroup 10001 would; still 0600.
        for file in ["", "/coordinator.pub", "/workers", "/workers/worker-1.secret"] { #expect(chown(keys + file, 10001, 10001) == 0) }

        let port = try SlurmScriptTests.freePort(), endpoint = "tcp://127.0.0.1:\(port)"
        let coordinator = try DistributedFaultTests().start(
            [
                "submit", config, "--output", dir + "/out", "--workers", "0", "--listen", endpoint, "--key", keys + "/coordinator.secret",
                "--allow", keys + "/workers"
            ], stderr: dir + "/coordinator.log")
        let name = "touchsweep-test-worker-\(getpid())"
        defer { _ = try? ContainerImage.podman("/usr/bin/podman", ["rm", "--force", "--ignore", name]) }
        let worker = try ContainerImage.run(
            ["--name", name, "--volume", "\(keys):/keys:ro"],
            ["worker", "--connect", endpoint, "--coordinator-key", "/keys/coordinator.pub", "--key", "/keys/workers/worker-1.secret", "--slots", "2"])
        #expect(worker.status == 0, "\(worker.transcript)")
        let status = DistributedFaultTests().wait(coordinator, seconds: 120)
        let log = (try? String(contentsOfFile: dir + "/coordinator.log", encoding: .utf8)) ?? ""
        #expect(status == 0, "\(log)")
        #expect(log.contains("worker joined") && log.contains("slots=2"), "the container's worker joined: \(log)")
        #expect(compareReports("worker container", dir + "/out", reference) == [])
    }
}
