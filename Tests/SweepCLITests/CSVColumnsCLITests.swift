import Foundation
import SweepCore
import SweepPlanning
import TestSupport
import Testing
import TouchScenarios

/// The CSV files as a data tool reads them (issue 16 §4; docs/reports.md, "Reading the CSV files" and "Columns"):
/// every column documented, the pandas recipe's columns real, seeds as hex text read back, `--excel`'s byte order
/// mark and nothing else — on a real small sweep of generated trees and one real screen, through the built binary.
@Suite(.serialized) struct CSVColumnsCLITests {
    let cli = SweepCLITests()

    /// Four configurations; the drawer's overlay that takes every touch (overlay.passThrough false) kills buttons,
    /// and a real screen gives by_screen.csv and by_screen_config.csv.
    static let config = TinySweep(
        name: "cli-csv-columns", seed: 3, axes: TinySweep.deadButtonSwitches, perConfiguration: 4,
        templates: "{form: 1, drawer: 1}", screens: #"["dumps/*.txt"]"#
    ).yaml
    static let axes = ["overlay.passThrough", "dismissTap.cancelsTouchesInView"]

    /// A finished sweep of ``config`` in `scratch`: the directory holding the config and the output.
    func sweep(in scratch: TemporaryDirectory, _ extra: String...) throws -> (dir: String, out: String) {
        let dir = scratch.path
        try scratch.directory("dumps")
        try FileManager.default.copyItem(
            atPath: try ScreenCLITests.dump("04-storyboards-tutorial-players-table-lldb.txt"),
            toPath: dir + "/dumps/players.txt")
        try Self.config.write(toFile: dir + "/sweep.yaml", atomically: true, encoding: .utf8)
        let run = try cli.sweep(["run", dir + "/sweep.yaml", "--output", dir + "/out", "--quiet"] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return (dir, dir + "/out")
    }

    /// The CSV files of an output directory, name → bytes.
    func csvFiles(_ out: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: out) where name.hasSuffix(".csv") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: out + "/" + name))
        }
        return files
    }

    /// A CSV file's header, split at commas (no column name holds a comma or a quote).
    func header(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        return text.prefix { $0 != "\r\n" && $0 != "\n" }.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    static var docs: String {
        get throws { try String(contentsOfFile: Repository.path + "/docs/reports.md", encoding: .utf8) }
    }

    /// docs/reports.md's "Columns" tables: file → its documented columns, with `<axis>`, `<class>` and `<reason>`
    /// expanded (a cell may list several names; `a` … `b` stands for a run of summary.csv's columns). Consecutive
    /// `<class>_…` rows are one group of columns per class, class by class, as the files write them.
    static func documentedColumns(axes: [String]) throws -> [String: [String]] {
        let docs = try Self.docs
        let section = try #require(docs.range(of: "\n## Columns\n")).upperBound
        let end = docs[section...].range(of: "\n## ")?.lowerBound ?? docs.endIndex
        var tables: [String: [String]] = [:], file = "", perClass: [String] = []
        func flushPerClass() {
            guard !perClass.isEmpty else { return }
            // A group of `<class>_<category>_…` rows is one group per class and category, category by category.
            let categories = perClass.allSatisfy { $0.contains("<category>") } ? DefectCategory.allCases.map(\.name) : [""]
            tables[file, default: []] += DefectClass.allCases.flatMap { c in
                categories.flatMap { g in
                    perClass.map { $0.replacingOccurrences(of: "<class>", with: c.name).replacingOccurrences(of: "<category>", with: g) }
                }
            }
            perClass = []
        }
        for line in docs[section ..< end].split(separator: "\n") {
            if !(line.hasPrefix("| `<class>") && !file.isEmpty) { flushPerClass() }
            if line.hasPrefix("### `") {
                file = String(line.dropFirst(5).prefix { $0 != "`" })
                tables[file] = []
            } else if line.hasPrefix("| `"), !file.isEmpty {
                let cell = line.dropFirst(2).prefix { $0 != "|" }
                let names = cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 0 }.map { String($0.element) }
                if names.count == 1, names[0].hasPrefix("<class>") {
                    // A `<class>_<category>_…` group and a plain `<class>_…` group after it are two groups.
                    if let last = perClass.last, last.contains("<category>") != names[0].contains("<category>") { flushPerClass() }
                    perClass.append(names[0])
                    continue
                }
                let expanded: [String]
                if cell.contains("…"), names.count == 2, let summary = tables["summary.csv"],
                    let from = summary.firstIndex(of: names[0]), let to = summary.firstIndex(of: names[1])
                {
                    expanded = Array(summary[from ... to])
                } else {
                    expanded = names.flatMap { expand($0, axes: axes) }
                }
                tables[file]! += expanded
            }
        }
        flushPerClass()
        return tables
    }

    static func expand(_ name: String, axes: [String]) -> [String] {
        if name == "<axis>" { return axes }
        if name.contains("<reason>") { return NotCounted.allCases.map { name.replacingOccurrences(of: "<reason>", with: $0.name) } }
        return [name]
    }

    @Test func docsListExactlyTheColumnsOfEveryCSVFileInOrder() throws {
        let scratch = try TemporaryDirectory("sweep-csv-cli-documented")
        let (_, out) = try sweep(in: scratch)
        let files = try csvFiles(out)
        #expect(
            Set(files.keys) == [
                "summary.csv", "by_template.csv", "by_gesture.csv", "by_screen.csv", "by_screen_config.csv", "by_screen_summary.csv",
                "effects.csv", "causes.csv", "model_bands.csv", "residuals.csv", "examples.csv", "minimal/index.csv"
            ])
        let documented = try Self.documentedColumns(axes: Self.axes)
        for (name, data) in files.sorted(by: { $0.key < $1.key }) {
            #expect(documented[name] == header(data), "docs/reports.md's table for \(name) is not its header")
        }
        #expect(Set(documented.keys) == Set(files.keys), "docs/reports.md documents a file the sweep does not write")
    }

    @Test func byScreenHasNoPackedFieldAndCountsNamedAsInSummary() throws {
        let scratch = try TemporaryDirectory("sweep-csv-cli-by-screen")
        let (_, out) = try sweep(in: scratch)
        let files = try csvFiles(out)
        let byScreen = try #require(files["by_screen.csv"])
        let columns = header(byScreen)
        #expect(
            columns.starts(
                with: [
                    "screen", "rank", "element", "class", "kind", "frame_x", "frame_y", "frame_width", "frame_height",
                    "runs", "runs_not_counted_text_input", "runs_not_counted_system_gesture", "runs_not_counted_cannot_scroll",
                    "runs_not_counted_private_switch", "defects",
                    "defects_per_run", "worst_config", "worst_config_defects_per_run"
                ] + Self.axes + ["dead_button_count"]))
        #expect(columns.last == "failing_configurations")
        for name in ["summary.csv", "by_screen.csv", "by_screen_config.csv"] {
            #expect(header(try #require(files[name])).contains("swallowed_scroll_count"), "\(name) names counts <class>_count")
        }
        // No field holds spaces between numbers or k=v pairs: every field of by_screen.csv is one value.
        let text = String(decoding: byScreen, as: UTF8.self)
        for row in text.split(separator: "\r\n").dropFirst() {
            for field in row.split(separator: ",", omittingEmptySubsequences: false) {
                #expect(!field.contains(" ") && !field.contains("="), "packed field '\(field)' in by_screen.csv")
            }
        }
        // by_screen_config.csv has one row per element and failing configuration: as many as by_screen.csv counts.
        let rows = text.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let failing = rows.reduce(0) { $0 + Int($1[columns.count - 1])! }
        let perConfig = String(decoding: files["by_screen_config.csv"]!, as: UTF8.self).split(separator: "\r\n").dropFirst()
        #expect(failing > 0 && perConfig.count == failing)
    }

    @Test func seedsAreHexTextThatSweepTreesAndTheConfigReadBack() throws {
        let scratch = try TemporaryDirectory("sweep-csv-cli-seeds")
        let (dir, out) = try sweep(in: scratch)
        let examples = String(decoding: try #require(try csvFiles(out)["examples.csv"]), as: UTF8.self).split(separator: "\r\n")
        let columns = examples[0].split(separator: ",").map(String.init)
        let seedColumn = try #require(columns.firstIndex(of: "tree_seed")), treeColumn = try #require(columns.firstIndex(of: "tree_index"))
        let rows = examples.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let generated = try #require(rows.first { $0[seedColumn] != SeedText.hex(0) && !$0.contains("screen") })
        let seed = generated[seedColumn]
        #expect(seed.count == 18 && seed.hasPrefix("0x") && seed.dropFirst(2).allSatisfy { "0123456789abcdef".contains($0) })

        let trees = try cli.sweep("trees", dir + "/sweep.yaml", "--index", generated[treeColumn])
        #expect(trees.status == 0, "\(trees.stderr)")
        #expect(trees.stdout.hasPrefix("tree \(generated[treeColumn]): \(generated[columns.firstIndex(of: "template")!]), seed \(seed),"))

        // The root seed in hex is the same config as in decimal.
        let hex = try SweepConfigLoader.load(yaml: Self.config.replacingOccurrences(of: "seed: 3", with: "seed: 0x03"), path: dir + "/hex.yaml")
        let decimal = try SweepConfigLoader.load(yaml: Self.config, path: dir + "/decimal.yaml")
        #expect(hex.seed == 3 && SweepPlan(hex).configHash == SweepPlan(decimal).configHash)
        #expect(SeedText.parse(seed).map(SeedText.hex) == seed && SeedText.parse("9674124561560066430") == 0x8641650874ab597e)
        let bad = try cli.sweep("plan", dir + "/sweep.yaml", "--set", "seed=0x1g")
        #expect(bad.status == 64 && bad.stderr.contains("0x and 1 to 16 hex digits"), "\(bad.stderr)")
    }

    @Test func excelPutsAByteOrderMarkBeforeEveryCSVFileAndChangesNothingElse() throws {
        // The same sweep into the same directory (examples.csv's replay commands name it), plain then with --excel.
        let scratch = try TemporaryDirectory("sweep-csv-cli-excel")
        let (dir, excel) = try sweep(in: scratch)
        let plain = dir + "/plain"
        try FileManager.default.moveItem(atPath: excel, toPath: plain)
        let again = try cli.sweep("run", dir + "/sweep.yaml", "--output", excel, "--quiet", "--excel")
        #expect(again.status == 0, "\(again.stderr)")
        let plainFiles = try csvFiles(plain), excelFiles = try csvFiles(excel)
        #expect(excelFiles.keys.sorted() == plainFiles.keys.sorted())
        for (name, bytes) in plainFiles {
            #expect(bytes.prefix(3) != Data([0xEF, 0xBB, 0xBF]), "\(name) has a byte order mark without --excel")
            #expect(excelFiles[name] == Data([0xEF, 0xBB, 0xBF]) + bytes, "\(name) with --excel is not the mark and the plain bytes")
        }
        for name in ["plan.yaml", "config.yaml"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: excel + "/" + name)) == Data(contentsOf: URL(fileURLWithPath: plain + "/" + name)))
        }

        // sweep submit writes the same marked bytes (its replay commands name its own directory).
        let submit = try cli.sweep("submit", dir + "/sweep.yaml", "--output", dir + "/submitted", "--workers", "1", "--excel", "--quiet")
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(try csvFiles(dir + "/submitted").filter { $0.key != "examples.csv" } == excelFiles.filter { $0.key != "examples.csv" })

        // Every reader takes the marked files: sweep check, sweep report.
        let check = try cli.sweep("check", excel, "--max", "dead_button=1")
        #expect(check.status == 0 && check.stdout.hasPrefix("sweep check: 0 of 4 checks failed"), "\(check.stdout)\(check.stderr)")
        let report = try cli.sweep("report", excel)
        #expect(report.status == 0, "\(report.stderr)")

        // A shard writes no CSV file: --excel belongs to sweep merge, which writes the same marked bytes.
        let shard = try cli.sweep("run", dir + "/sweep.yaml", "--shard", "0/1", "--output", dir + "/shard", "--excel")
        #expect(shard.status == 64 && shard.stderr.contains("--excel cannot be combined with --shard"), "\(shard.stderr)")
        let shardRun = try cli.sweep("run", dir + "/sweep.yaml", "--shard", "0/1", "--output", dir + "/shard", "--quiet")
        #expect(shardRun.status == 0, "\(shardRun.stderr)")
        let merge = try cli.sweep("merge", dir + "/shard", "--output", dir + "/merged", "--excel", "--quiet")
        #expect(merge.status == 0, "\(merge.stderr)")
        // examples.csv's replay commands name the directory; every other file is the same bytes.
        #expect(try csvFiles(dir + "/merged").filter { $0.key != "examples.csv" } == excelFiles.filter { $0.key != "examples.csv" })
        #expect(try csvFiles(dir + "/merged")["examples.csv"]?.prefix(3) == Data([0xEF, 0xBB, 0xBF]))
    }

    /// The ```python blocks of docs/reports.md.
    static func recipes() throws -> [String] {
        try Self.docs.components(separatedBy: "```python\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    }

    /// What a recipe names in double quotes: the files it reads (`….csv`) and the columns: a quoted identifier, or
    /// the identifiers outside single quotes of a quoted expression (`"defect == 'dead_button'"`).
    static func names(in recipe: String) -> (files: [String], columns: [String]) {
        var files: [String] = [], columns: [String] = []
        for (i, literal) in recipe.components(separatedBy: "\"").enumerated() where i % 2 == 1 {
            if literal.hasSuffix(".csv") { files.append(String(literal.split(separator: "/").last!)); continue }
            if literal.contains("/") { continue } // the output directory
            let outsideValues = literal.components(separatedBy: "'").enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            columns += outsideValues.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }.map(String.init)
                .filter { !["and", "or", "not", "in", "out"].contains($0) && !$0.contains("{") }
        }
        return (files, columns)
    }

    @Test func thePandasRecipeNamesOnlyColumnsOfTheFilesItReads() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count == 1, "docs/reports.md has one pandas recipe")
        let scratch = try TemporaryDirectory("sweep-csv-cli-recipe-columns")
        let (_, out) = try sweep(in: scratch)
        let files = try csvFiles(out)
        for recipe in recipes {
            let (read, columns) = Self.names(in: recipe)
            #expect(read == ["summary.csv", "causes.csv"] && columns.contains("dead_button_rate") && columns.contains("cause_kind"))
            let written = Set(try read.flatMap { header(try #require(files[$0], "the recipe reads \($0), which a sweep does not write")) })
            for column in columns { #expect(written.contains(column), "the recipe names '\(column)', which \(read) do not have") }
        }
    }

    /// Runs `python3 ARGUMENTS` (the first on PATH): its exit status and its output (standard output and error); nil
    /// when it cannot start.
    static func python3(_ arguments: String...) -> (status: Int32, output: String)? {
        guard let result = try? Program.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments, mergingStandardError: true) else { return nil }
        return (result.status, result.stdout)
    }

    /// Whether python3 can import pandas here (pandas is no dependency of the project).
    static let pandasImports = python3("-c", "import pandas")?.status == 0

    @Test(.enabled(if: pandasImports, "python3 cannot import pandas here; the recipe's columns are still checked above"))
    func thePandasRecipeRunsOnARealSweepAndListsDeadButtonsWithTheirCauses() throws {
        let scratch = try TemporaryDirectory("sweep-csv-cli-recipe-runs")
        let (dir, out) = try sweep(in: scratch)
        for (i, recipe) in try Self.recipes().enumerated() {
            let script = recipe.split(separator: "\n").map { $0.hasPrefix("out = ") ? "out = \"\(out)\"" : String($0) }.joined(separator: "\n")
            try script.write(toFile: dir + "/recipe\(i).py", atomically: true, encoding: .utf8)
            let (status, output) = try #require(Self.python3(dir + "/recipe\(i).py"))
            #expect(status == 0, "\(output)")
            #expect(output.contains("dead_button_rate") && output.contains("cause_kind") && output.contains("hit_other_view"), "\(output)")
        }
    }
}
