import Foundation
import TestSupport
import Testing

/// The repository stands alone: a fresh clone builds and passes its tests with nothing beside it. No source,
/// test, config, script, deployment file or Makefile line may name a path outside the tree: the folder of
/// reference material that once sat beside the checkout, a machine's own work directories, or a relative path
/// that climbs above the repository root. (`.ci/run` proves the same by running the suite in a copy of the
/// repository in an empty temporary directory.) Prose in docs/ and README.md is not scanned.
@Suite struct StandaloneRepositoryTests {
    /// Substrings no scanned file may hold (spelled in pieces, so that this file can be scanned too).
    static let forbidden: [String] = [
        ".." + "/shared", "shared" + "/screens", "shared" + "/reference", "shared" + "/seeds", "shared" + "/tools",
        "shared" + "/hooks", "/" + "work/"
    ]

    /// Directories not scanned: git's, build outputs (`.build`, `.build-venv`, …), outputs, and the prose of docs/.
    static func isSkippedDirectory(_ name: String) -> Bool {
        name == ".git" || name.hasPrefix(".build") || name == ".swiftpm" || name == "dist" || name == "out" || name == "docs"
    }

    /// Repository-relative paths of the scanned files (UTF-8 text under the root, less the skipped directories,
    /// the top-level README.md and a worktree's `.git` file), sorted.
    static func scannedFiles() -> [String] {
        let root = Repository.path
        var result: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !isSkippedDirectory(name) { pending.append(path) }
                } else if path != "README.md" && name != ".git" {
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }

    /// `file:line: …` for every line of `text` that names a path outside the repository; `file` is the
    /// repository-relative path, which says how many `../` a relative path may climb.
    static func problems(in text: String, file: String) -> [String] {
        let depth = file.split(separator: "/").count - 1
        var found: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for word in forbidden where line.contains(word) {
                found.append("\(file):\(index + 1): names '\(word)', outside the repository: \(line.trimmingCharacters(in: .whitespaces))")
            }
            for climb in climbs(in: Substring(line)) where climb > depth {
                found.append(
                    "\(file):\(index + 1): a relative path climbs \(climb) levels from \(depth) below the root: "
                        + line.trimmingCharacters(in: .whitespaces))
            }
        }
        return found
    }

    /// For each relative path in `line` that starts with `../` (at the start of the line or after a quote,
    /// bracket, space or similar), how many levels it climbs: `../../x` climbs 2, `../..` too.
    static func climbs(in line: Substring) -> [Int] {
        let chars = Array(line)
        var result: [Int] = []
        var i = 0
        while i + 1 < chars.count {
            let starts = chars[i] == "." && chars[i + 1] == "." && (i == 0 || " \t\"'`([{=:,-<".contains(chars[i - 1]))
            guard starts else { i += 1; continue }
            var levels = 0
            var j = i
            while j + 1 < chars.count, chars[j] == ".", chars[j + 1] == ".",
                j + 2 == chars.count || chars[j + 2] == "/" || !(chars[j + 2].isLetter || chars[j + 2].isNumber || chars[j + 2] == ".")
            {
                levels += 1
                j += 2
                guard j < chars.count, chars[j] == "/" else { break }
                j += 1
            }
            if levels > 0 { result.append(levels) }
            i = max(j, i + 1)
        }
        return result
    }

    @Test func noScannedFileNamesAPathOutsideTheRepository() throws {
        let files = Self.scannedFiles()
        for expected in [
            "Makefile", ".ci/run", "Package.swift", "configs/real-screens.yaml", "deploy/tests/validate-k8s.sh",
            "Tests/DeploymentTests/StandaloneRepositoryTests.swift"
        ] {
            #expect(files.contains(expected), "\(expected) was not scanned (scanned \(files.count) files under \(Repository.path))")
        }
        var problems: [String] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: Repository.path + "/" + file),
                let text = String(data: data, encoding: .utf8)
            else { continue } // not text
            problems += Self.problems(in: text, file: file)
        }
        let report = problems.joined(separator: "\n")
        #expect(problems.isEmpty, "\(problems.count) lines name paths outside the repository:\n\(report)")
    }

    @Test func theScanFindsEscapesAndAllowsPathsInsideTheTree() {
        let sibling = "let dir = root + \"/" + ".." + "/shared" + "/screens\""
        #expect(
            Self.problems(in: "ok\n" + sibling + "\n", file: "Tests/X/Support.swift")
                == [
                    "Tests/X/Support.swift:2: names '" + ".." + "/shared', outside the repository: " + sibling,
                    "Tests/X/Support.swift:2: names '" + "shared" + "/screens', outside the repository: " + sibling
                ])
        #expect(Self.problems(in: "cat /" + "work/x", file: "Makefile").count == 1)
        // Relative paths: as deep as the file is, and no deeper.
        #expect(Self.climbs(in: "root=$(cd \"$(dirname \"$0\")/../..\" && pwd)") == []) // after `/`: relative to the script
        #expect(Self.climbs(in: "[rules](../../docs/rules.md) and \"../x\" and `../..`") == [2, 1, 2])
        #expect(Self.climbs(in: "file: ${SWEEP_CONFIG:-../../configs/quickstart.yaml}, ..., a..b, ../.hidden") == [2, 1])
        #expect(Self.problems(in: "  - ../../base\n", file: "deploy/k8s/overlays/a/kustomization.yaml").isEmpty)
        #expect(
            Self.problems(in: "screens: [\"../../x/*.txt\"]\n", file: "configs/real-screens.yaml")
                == ["configs/real-screens.yaml:1: a relative path climbs 2 levels from 1 below the root: screens: [\"../../x/*.txt\"]"])
        #expect(Self.problems(in: "include ../other.mk\n", file: "Makefile").count == 1)
    }
}
