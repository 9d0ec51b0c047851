import Foundation
import TestSupport
import Testing

/// deploy/docker/Dockerfile builds with the Makefile target CI runs, and ships a non-root image without secrets.
/// (Here, its text; SweepCLITests.ContainerImageTests builds the image with podman and runs it.)
@Suite struct DockerfileTests {
    /// One instruction: keyword (upper-cased) and its text, continuation lines joined.
    struct Instruction { var keyword: String; var text: String }

    /// The Dockerfile's instructions, grouped by stage (each stage starts at a FROM).
    static func stages() throws -> [[Instruction]] {
        var stages: [[Instruction]] = []
        var pending = ""
        for rawLine in try Repository.text("deploy/docker/Dockerfile").split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty && (line.isEmpty || line.hasPrefix("#")) { continue }
            if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
            let whole = pending + line
            pending = ""
            let keyword = String(whole.prefix { !$0.isWhitespace }).uppercased()
            let text = whole.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            if keyword == "FROM" { stages.append([]) }
            if stages.isEmpty { stages.append([]) } // ARGs before the first FROM
            stages[stages.count - 1].append(Instruction(keyword: keyword, text: text))
        }
        return stages.filter { $0.first?.keyword == "FROM" }
    }

    @Test func theBuilderIsASwiftBookwormImageThatBuildsWithMakeDistOnly() throws {
        let dockerfile = try Repository.text("deploy/docker/Dockerfile")
        #expect(dockerfile.contains("ARG BUILDER_IMAGE=swift:6."))
        #expect(dockerfile.contains("-bookworm\n"))
        let builder = try #require(try Self.stages().first)
        #expect(builder.first?.text == "${BUILDER_IMAGE} AS builder")
        let runs = builder.filter { $0.keyword == "RUN" }.map(\.text)
        #expect(runs.filter { $0.contains("make dist") } == ["make dist"], "the build step is exactly `make dist`: \(runs)")
        #expect(!runs.contains { $0.contains("swift build") }, "no build command besides the Makefile's")
        #expect(runs.contains { $0.contains("libzmq3-dev") })
    }

    /// A source change must not reinstall the packages or fetch the Swift dependencies again: both are layers made
    /// before the sources are copied, from nothing but the package list and Package.swift.
    @Test func packagesAndSwiftDependenciesAreLayersBeforeTheSources() throws {
        let builder = try #require(try Self.stages().first)
        let sources = try #require(builder.firstIndex { $0.keyword == "COPY" && $0.text == ". ." }, "COPY . .")
        let packages = try #require(builder.firstIndex { $0.keyword == "RUN" && $0.text.contains("apt-get install") })
        let manifest = try #require(builder.firstIndex { $0.keyword == "COPY" && $0.text == "Package.swift ./" }, "COPY Package.swift ./")
        let resolve = try #require(builder.firstIndex { $0.keyword == "RUN" && $0.text == "swift package resolve" })
        #expect(packages < manifest && manifest < resolve && resolve < sources)
        #expect(!builder[..<sources].contains { $0.keyword == "COPY" && $0.text != "Package.swift ./" }, "nothing else is copied before")
    }

    @Test func theRuntimeStageIsSlimNonRootAndRunsSweep() throws {
        let runtime = try #require(try Self.stages().last)
        #expect(try Repository.text("deploy/docker/Dockerfile").contains("ARG RUNTIME_IMAGE=debian:bookworm-slim\n"))
        #expect(runtime.first?.text.hasPrefix("${RUNTIME_IMAGE}") == true)
        let install = try #require(runtime.first { $0.keyword == "RUN" && $0.text.contains("apt-get install") }).text
        let packages = install.components(separatedBy: "--no-install-recommends").last?
            .components(separatedBy: "&&").first?.split(separator: " ")
        #expect(packages == ["libzmq5", "ca-certificates"], "only libzmq5 and ca-certificates: \(install)")
        let users = runtime.filter { $0.keyword == "USER" }.map(\.text)
        #expect(users == ["10001:10001"], "one USER, the fixed non-root uid: \(users)")
        #expect(runtime.last { $0.keyword == "ENTRYPOINT" }?.text == #"["/usr/local/bin/sweep"]"#)
        #expect(runtime.last { $0.keyword == "WORKDIR" }?.text == "/data")
        #expect(runtime.contains { $0.keyword == "COPY" && $0.text == "--from=builder /src/dist/sweep /usr/local/bin/sweep" })
    }

    @Test func noKeysOrSecretsAreBakedIn() throws {
        for instruction in try Self.stages().joined() where ["ENV", "ARG", "COPY", "ADD"].contains(instruction.keyword) {
            let text = instruction.text.lowercased()
            #expect(!text.contains("secret") && !text.contains("keys") && !text.contains(".pub"), "\(instruction.text)")
        }
        let ignore = try Repository.text(".dockerignore").split(separator: "\n").map(String.init)
        for pattern in ["**/keys", "**/*.secret", "dist", ".build", ".git"] { #expect(ignore.contains(pattern), "\(pattern)") }
    }

    /// CI runs `make test` (in a copy of the repository, .ci/run); `test` depends on `dist`, so CI runs the
    /// Dockerfile's build command.
    @Test func makeTestRunsTheDockerfilesBuildTarget() throws {
        let makefile = try Repository.text("Makefile")
        let testRule = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("test:") })
        #expect(testRule.split(separator: " ").contains("dist"), "\(testRule)")
        let dist = try #require(makefile.components(separatedBy: "\ndist:").dropFirst().first)
        #expect(dist.contains("--product sweep --static-swift-stdlib") && dist.contains("dist/sweep"))
        let ci = try Repository.text(".ci/run")
        #expect(ci.contains("git ls-files -co --exclude-standard -z") && ci.contains("make -C \"$copy\" test"), "\(ci)")
    }

    /// What the runtime image relies on: dist/sweep needs no Swift runtime library, only libzmq and the C/C++
    /// basics (no libcurl: nothing links Foundation's URLSession since the metrics server is SwiftNIO's).
    @Test(
        .disabled(
            if: !FileManager.default.isExecutableFile(atPath: Repository.url("dist/sweep").path),
            "dist/sweep is missing: run `make dist` (make test does)"))
    func theDistBinaryLinksNoSwiftRuntimeLibraries() throws {
        let result = try runProgram("/usr/bin/ldd", [Repository.url("dist/sweep").path])
        #expect(result.status == 0, "\(result.transcript)")
        let libraries = result.stdout.split(separator: "\n").compactMap { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) }
        #expect(libraries.contains("libzmq.so.5") && !libraries.contains("libcurl.so.4"))
        #expect(
            !libraries.contains { $0.hasPrefix("libswift") || $0.hasPrefix("libFoundation") || $0.hasPrefix("libdispatch") },
            "\(libraries)")
    }
}
