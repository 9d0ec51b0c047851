import Foundation
import TestSupport
import Testing

/// Issue 30 items 8 and 10 with real processes: every command that writes one file the user names (`check --junit`,
/// `import --out`, `export-uikit --out`, `shrink --out`, `trees --out`, `sweep report`'s report.html, `run --shard`'s
/// shard.tsj) refuses a FIFO, a link to /dev/null or a device in one sentence, exit status 2, and leaves it as it
/// was (`check --junit /dev/full` as root used to turn /dev/full into a regular file); `--junit` into a missing
/// directory says so; a scenario with a UTF-8 byte order mark is read past it.
@Suite(.serialized) struct OutputFileCLITests {
    let cli = SweepCLITests()

    static let root = TemporaryDirectory.processWide("sweep-output-files")

    /// A finished sweep's directory (with examples) and its config, made once.
    static let sweep: Result<(config: String, out: String, example: String), Error> = Result {
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try OutputDirectoryCLITests.config.write(toFile: root + "/files.yaml", atomically: true, encoding: .utf8)
        let run = try SweepCLITests().sweep("run", root + "/files.yaml", "--output", root + "/out", "--quiet")
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        let examples = try String(contentsOfFile: root + "/out/examples.csv", encoding: .utf8)
        let example = String(examples.split(whereSeparator: \.isNewline)[1].prefix { $0 != "," })
        return (root + "/files.yaml", root + "/out", example)
    }

    static let seed = "configs/scenarios/seeds/004-quick-tap-no-highlight.yaml"

    /// Each writer: the command with its file given as `path`, and the option that names it in the error.
    func writers() throws -> [(name: String, arguments: (String) -> [String], option: String?)] {
        let s = try Self.sweep.get()
        return [
            ("check", { ["check", s.out, "--max", "dead_button=1", "--junit", $0] }, "--junit"),
            ("import", { ["import", "configs/screens/04-storyboards-tutorial-players-table-lldb.txt", "--output", $0] }, "--output"),
            ("export-uikit", { ["export-uikit", Self.seed, "--output", $0] }, "--output"),
            ("shrink", { ["shrink", s.out, s.example, "--output", $0] }, "--output"),
            ("trees", { ["trees", s.config, "--index", "0", "--output", $0] }, "--output")
        ]
    }

    func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// A FIFO (never opened: a write would block) and a link to /dev/null, for each writer: one sentence, exit 2,
    /// and the FIFO, the link and /dev/null as they were.
    @Test func everyWriterRefusesAFIFOAndALinkToDevNullAndLeavesThem() throws {
        let writers = try writers() // first: making the sweep starts the root afresh
        let dir = Self.root + "/targets"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/null", withDestinationPath: "/dev/null")
        let only = ", and only a regular file is ever replaced; give the path of a regular file or of a new one.\n"
        for (name, arguments, option) in writers {
            for (target, what) in [("fifo", "a FIFO (named pipe)"), ("null", "a symbolic link to /dev/null, a character device")] {
                let result = try cli.sweep(arguments(dir + "/" + target))
                #expect(result.status == 64, "\(name) \(target): \(result.transcript)")
                #expect(result.stderr == "sweep \(name): cannot write \(option ?? "") \(dir)/\(target): it is \(what)" + only, "\(name)")
            }
        }
        #expect(type(dir + "/fifo") == S_IFIFO)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/null") == "/dev/null")
        #expect(type("/dev/null") == S_IFCHR)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() == ["fifo", "null"], "no temporary file left")
    }

    /// The issue's reproduction, `sweep check … --junit /dev/full` (it replaced the device as root): refused, the
    /// device still a device. Then the files a command writes into directories: report.html and a shard's shard.tsj.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
    func devFullAndTheFilesWrittenIntoDirectoriesAreRefusedToo() throws {
        let s = try Self.sweep.get()
        let full = try cli.sweep("check", s.out, "--max", "dead_button=1", "--junit", "/dev/full")
        #expect(full.status == 64)
        #expect(
            full.stderr == "sweep check: cannot write --junit /dev/full: it is a character device, and only a regular file is ever replaced; "
                + "give the path of a regular file or of a new one.\n")
        #expect(type("/dev/full") == S_IFCHR)
        // sweep report rewrites report.html alone.
        let page = s.out + "/report.html"
        try FileManager.default.moveItem(atPath: page, toPath: Self.root + "/report.html")
        defer {
            try? FileManager.default.removeItem(atPath: page)
            try? FileManager.default.moveItem(atPath: Self.root + "/report.html", toPath: page)
        }
        try FileManager.default.createSymbolicLink(atPath: page, withDestinationPath: "/dev/null")
        let report = try cli.sweep("report", s.out)
        #expect(report.status == 2)
        #expect(
            report.stderr == "sweep report: cannot write \(page): it is a symbolic link to /dev/null, a character device, and only a regular "
                + "file is ever replaced; give the path of a regular file or of a new one.\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: page) == "/dev/null")
        // A shard's shard.tsj, refused before the shard runs.
        let shard = Self.root + "/shard"
        try? FileManager.default.removeItem(atPath: shard)
        #expect(try cli.sweep("run", s.config, "--shard", "0/2", "--output", shard, "--quiet").status == 0)
        try FileManager.default.removeItem(atPath: shard + "/shard.tsj")
        #expect(mkfifo(shard + "/shard.tsj", 0o644) == 0)
        let refused = try cli.sweep("run", s.config, "--shard", "0/2", "--output", shard)
        #expect(refused.status == 2)
        #expect(
            refused.stderr == "sweep run: cannot write \(shard)/shard.tsj: it is a FIFO (named pipe), and only a regular file is ever "
                + "replaced; give the path of a regular file or of a new one.\n")
        #expect(type(shard + "/shard.tsj") == S_IFIFO)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: shard)) ?? []).sorted() == [".touchsweep-output", "shard.tsj"])
    }

    /// `--junit` into a directory that does not exist: one sentence naming the option and the directory, exit 2 (no
    /// writer creates a missing directory), nothing created; the same for `--out` of the other writers.
    @Test func aMissingDirectoryIsOneSentenceNamingTheOptionAndTheDirectory() throws {
        let missing = Self.root + "/missing"
        for (name, arguments, option) in try writers() {
            let result = try cli.sweep(arguments(missing + "/file"))
            #expect(result.status == 64, "\(name): \(result.transcript)")
            #expect(
                result.stderr == "sweep \(name): cannot write \(option ?? "") \(missing)/file: the directory \(missing) does not exist; create it "
                    + "first, or write somewhere else.\n", "\(name)")
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    /// A scenario saved with a byte order mark traces as the same file without it, and an error in it names the same
    /// line and column.
    @Test func aScenarioWithAByteOrderMarkIsReadPastIt() throws {
        _ = try Self.sweep.get() // makes the root
        let plain = try #require(FileManager.default.contents(atPath: Self.seed))
        let marked = Self.root + "/marked.yaml"
        try (Data([0xEF, 0xBB, 0xBF]) + plain).write(to: URL(fileURLWithPath: marked))
        let expected = try cli.sweep("trace", Self.seed)
        let traced = try cli.sweep("trace", marked)
        #expect(traced.status == 0, "\(traced.stderr)")
        #expect(traced.stdout == expected.stdout && !traced.stdout.isEmpty)
        try (Data([0xEF, 0xBB, 0xBF]) + Data("name: x\nviews:\n  - id: B\n    colour: red\n".utf8)).write(to: URL(fileURLWithPath: marked))
        let error = try cli.sweep("trace", marked)
        #expect(error.status == 2)
        #expect(error.stderr.hasPrefix("sweep trace: \(marked):4:5: unknown key 'colour' in view 'B'"), "\(error.stderr)")
    }
}
