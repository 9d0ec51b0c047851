import Foundation
import TestSupport
import Testing

/// The image of deploy/docker/Dockerfile, built once per test run with podman (deploy/docker/build-podman.sh:
/// base images from Debian's mirror, this machine's Swift toolchain lent to the builder stage), and the way the
/// tests run it: as the deploy files do, on a read-only root filesystem as the image's own user.
enum ContainerImage {
    static let tag = "localhost/touchsweep-sweep:test"
    /// The options this sandbox's podman needs (its default rlimits are refused) and the host's network.
    static let podmanOptions = ["--ulimit", "nofile=1024:1024", "--ulimit", "nproc=1024:1024", "--network", "host"]

    /// Why no image can be built and run here, or nil: found once, by running a container of the host's /usr.
    static let unavailable: String? = {
        guard getuid() == 0 else { return "needs root: podman builds and runs the image as root here (CI runs make test as root)" }
        for tool in ["/usr/bin/podman", "/usr/sbin/debootstrap"] where !FileManager.default.isExecutableFile(atPath: tool) {
            return "\(tool) is not installed (make deps installs podman and debootstrap)"
        }
        do {
            return try probe()
        } catch {
            return "podman could not be probed: \(error)"
        }
    }()

    /// Runs /usr/bin/true from the host's /usr in an image of nothing but the merged-/usr links: where that fails,
    /// podman cannot run containers here, and what it said is the reason.
    static func probe() throws -> String? {
        let scratch = try TemporaryDirectory("touchsweep-podman-probe")
        defer { scratch.remove() }
        let dir = scratch.path
        try scratch.directory("root/usr")
        for link in ["bin", "lib", "lib64", "sbin"] {
            try FileManager.default.createSymbolicLink(atPath: "\(dir)/root/\(link)", withDestinationPath: "usr/\(link)")
        }
        let image = "localhost/touchsweep-probe:\(getpid())"
        let script =
            "tar -C \(dir)/root -c . | podman import - \(image) > /dev/null && "
            + "podman run --rm \(podmanOptions.joined(separator: " ")) -v /usr:/usr:ro \(image) /usr/bin/true; status=$?; "
            + "podman rmi -f \(image) > /dev/null 2>&1; exit $status"
        let probed = try podman("/bin/bash", ["-c", script])
        guard probed.status == 0 else {
            let said = probed.stderr.split(separator: "\n").last.map(String.init) ?? "exit \(probed.status)"
            return "podman cannot run a container here: \(said)"
        }
        return nil
    }

    /// What building the image showed: its size and how long the build took (the script's last line says both).
    struct Build {
        let summary: String
    }

    /// The image, built once (minutes the first time on a machine; podman's layer cache makes a rebuild quick).
    static let built: Result<Build, BuildError> = {
        let build: ProgramResult
        do {
            build = try podman("/bin/bash", [Repository.url("deploy/docker/build-podman.sh").path, tag])
        } catch {
            return .failure(BuildError(said: "\(error)"))
        }
        guard build.status == 0, let last = build.stdout.split(separator: "\n").last(where: { $0.hasPrefix("build-podman.sh: ") }) else {
            return .failure(BuildError(said: String(build.transcript.suffix(3000))))
        }
        // The figures the issue asks the test to print: the image's size and the build's duration.
        print("container image: " + last.dropFirst("build-podman.sh: ".count))
        return .success(Build(summary: String(last)))
    }()

    struct BuildError: Error, CustomStringConvertible {
        let said: String
        var description: String { "the image did not build: \(said)" }
    }

    /// `podman run --rm` of the image on a read-only root filesystem (readOnlyRootFilesystem in the manifests),
    /// with `options` before the image and `arguments` after it; stopped (SIGTERM, passed on to the container)
    /// after `seconds`.
    static func run(_ options: [String], _ arguments: [String], seconds: Int = 300) throws -> ProgramResult {
        try podman("/usr/bin/timeout", ["\(seconds)", "/usr/bin/podman", "run", "--rm", "--read-only"] + podmanOptions + options + [tag] + arguments)
    }

    /// Runs podman (or a script that does) with no signal blocked, as from a shell.
    static func podman(_ executable: String, _ arguments: [String]) throws -> ProgramResult {
        try Program.run(URL(fileURLWithPath: executable), arguments, unblockingSignals: true)
    }
}
