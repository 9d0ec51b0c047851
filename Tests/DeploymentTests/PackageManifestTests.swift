import Foundation
import TestSupport
import Testing

/// Package.swift declares what each target imports, and nothing else: a module imported without being declared
/// builds only while some other dependency happens to pull it in, and a declared module nobody imports is a build
/// edge and a link for nothing.
@Suite struct PackageManifestTests {
    /// Modules of the toolchain and the platform, which no target declares.
    static let platformModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Musl",
        "Darwin", "Synchronization", "Testing", "XCTest", "_Concurrency", "PackageDescription"
    ]

    @Test("every target's declared dependencies are exactly the modules its sources import")
    func dependenciesEqualImports() throws {
        let targets = try Self.targets(inManifest: Self.read("Package.swift"))
        // Every folder under Sources and Tests is a target the parse found (else the check below would be vacuous).
        for root in ["Sources", "Tests"] {
            let folders = try FileManager.default.contentsOfDirectory(atPath: Repository.path + "/" + root)
                .filter { !$0.hasPrefix(".") && $0 != "Fixtures" }
            for folder in folders {
                #expect(targets.contains { $0.path == root + "/" + folder }, "no target of Package.swift is \(root)/\(folder)")
            }
        }
        #expect(targets.count > 30)
        for target in targets where target.kind != "systemLibrary" {
            var imports = Set<String>()
            for file in Self.swiftFiles(under: target.path) { imports.formUnion(Self.imports(in: try Self.read(file))) }
            imports.subtract(Self.platformModules)
            var declared = target.dependencies
            // Every test target is given TestSupport by the manifest's closing loop, whether or not it uses it.
            if target.kind == "testTarget" && !imports.contains("TestSupport") { declared.remove("TestSupport") }
            #expect(
                imports.subtracting(declared).isEmpty,
                "\(target.name) imports \(imports.subtracting(declared).sorted()) without declaring them in Package.swift")
            #expect(
                declared.subtracting(imports).isEmpty,
                "\(target.name) declares \(declared.subtracting(imports).sorted()) in Package.swift and imports none of them")
        }
    }

    /// A call of `assert` or `assertionFailure` (not `precondition`, not a method named so).
    static let assertCall = #"(?<![\w.])(assert|assertionFailure)\("#

    /// Package.swift compiles these libraries with `-O` in debug builds too, and `-O` drops an `assert`: a check the
    /// test suite should make is a `#if DEBUG` precondition there (docs/ARCHITECTURE.md, "Debug builds").
    @Test("the libraries optimized in debug builds hold no assert, which -O would drop")
    func optimizedLibrariesUseNoAssert() throws {
        let manifest = try Self.read("Package.swift")
        let list = try #require(Self.firstMatch(#"optimizedInDebugBuilds: Set<String> = \[([^\]]*)\]"#, in: manifest))
        let libraries = Self.allMatches(#""(\w+)""#, in: list)
        #expect(libraries == ["TouchEngine", "TouchScenarios", "SweepCore", "SweepShrinker"])
        var files = 0
        for library in libraries {
            for file in Self.swiftFiles(under: "Sources/" + library) {
                files += 1
                for (n, line) in try Self.read(file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//") else { continue }
                    let call = Self.firstMatch(Self.assertCall, in: code)
                    #expect(call == nil, "\(file):\(n + 1) calls \(call ?? ""), which the optimized debug build drops")
                }
            }
        }
        #expect(files > 100)
        #expect(Self.firstMatch(Self.assertCall, in: "  x = 1; assert(x == 1)") == "assert")
        #expect(Self.firstMatch(Self.assertCall, in: "precondition(x); table.assert(y)") == nil)
    }

    @Test("the manifest and import readers on a sample")
    func readers() {
        let manifest = """
            targets: [
                .target(name: "A"),
                .target(
                    name: "B-c", dependencies: ["A", .product(name: "Yams", package: "Yams")], path: "Sources/B"),
                .testTarget(name: "ATests", dependencies: ["A"]),
            ]
            for target in package.targets where target.type == .test { target.dependencies.append("TestSupport") }
            """
        let targets = Self.targets(inManifest: manifest)
        #expect(targets.map(\.name) == ["A", "B-c", "ATests"])
        #expect(targets.map(\.path) == ["Sources/A", "Sources/B", "Tests/ATests"])
        #expect(targets[1].dependencies == ["A", "Yams"])
        #expect(targets[2].dependencies == ["A", "TestSupport"])
        let source = #"""
            import Foundation
            @testable import A
            internal import struct B.Thing
            // import Commented
            let text = """
                import Quoted
                """
            let line = "import AlsoQuoted"
            """#
        #expect(Self.imports(in: source) == ["Foundation", "A", "B"])
    }

    // MARK: - Reading

    struct Target {
        var kind: String
        var name: String
        var path: String
        var dependencies: Set<String>
    }

    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: relative.hasPrefix("/") ? relative : Repository.path + "/" + relative, encoding: .utf8)
    }

    /// The targets of a manifest written as this one is: `.target(`, `.executableTarget(`, `.testTarget(` and
    /// `.systemLibrary(` calls with a `name:`, optional `dependencies:` (target names as strings, products as
    /// `.product(name:package:)`, whose module has the product's name) and optional `path:`; a test target also gets
    /// TestSupport (the manifest's closing loop).
    static func targets(inManifest text: String) -> [Target] {
        let chars = Array(text)
        var result: [Target] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == ".",
                let kind = ["target", "executableTarget", "testTarget", "systemLibrary"].first(where: {
                    let call = Array($0 + "(")
                    return i + call.count < chars.count && Array(chars[(i + 1) ..< (i + 1 + call.count)]) == call
                })
            else { i += 1; continue }
            let open = i + kind.count + 1
            var depth = 0, end = open
            repeat {
                if chars[end] == "(" { depth += 1 } else if chars[end] == ")" { depth -= 1 }
                end += 1
            } while depth > 0 && end < chars.count
            let body = String(chars[(open + 1) ..< (end - 1)])
            i = end
            guard let name = firstMatch(#"name:\s*"([\w-]+)""#, in: body) else { continue }
            var dependencies = Set<String>()
            if let list = firstMatch(#"dependencies:\s*\[([^\]]*)\]"#, in: body) {
                let products = allMatches(#"\.product\(name:\s*"(\w+)"[^)]*\)"#, in: list)
                dependencies.formUnion(products)
                let rest = list.replacingOccurrences(of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
                dependencies.formUnion(allMatches(#""(\w+)""#, in: rest))
            }
            if kind == "testTarget" { dependencies.insert("TestSupport") }
            let path = firstMatch(#"path:\s*"([^"]+)""#, in: body) ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name
            result.append(Target(kind: kind, name: name, path: path, dependencies: dependencies))
        }
        return result
    }

    /// The modules `import` declarations name (with attributes, an access level or a declaration kind), outside
    /// comments and string literals.
    static func imports(in source: String) -> Set<String> {
        var modules = Set<String>()
        // The delimiter that closes the multi-line string literal the line is in (`"""`, or `"""#` for a raw one).
        var closing: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let delimiter = closing {
                if trimmed.contains(delimiter) { closing = nil }
                continue
            }
            if trimmed.components(separatedBy: "\"\"\"").count == 2 {
                closing = trimmed.contains("#\"\"\"") ? "\"\"\"#" : "\"\"\""
            }
            if let module = firstMatch(
                #"^(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?(\w+)"#,
                in: trimmed)
            {
                modules.insert(module)
            }
        }
        return modules
    }

    static func swiftFiles(under relative: String) -> [String] {
        let root = Repository.path + "/" + relative
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(root + "/" + path) }
        }
        return files.sorted()
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? { allMatches(pattern, in: text).first }

    static func allMatches(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
