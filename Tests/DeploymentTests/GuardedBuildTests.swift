import Foundation
import TestSupport
import Testing

/// scripts/guarded-swift-build, the Makefile's every build: a stored property added to a struct two imports
/// away gets the modules built on it recompiled, so all of them agree on its layout. Plain incremental
/// `swift build` does not (swiftlang/swift#89636): that is how every `sweep submit` worker crashed after a
/// property was added to `TouchEngine.Simulation` (embedded in SweepCore's `UnitRunner`, embedded in SweepNode).
@Suite struct GuardedBuildTests {
    @Test(.disabled(if: pathOf("swift") == nil || pathOf("python3") == nil, "needs swift and python3 on PATH"))
    func aLayoutChangeTwoImportsAwayIsRecompiled() throws {
        let scratch = try TemporaryDirectory("touchsweep-deploy-guarded-build")
        let package = scratch.url
        try write(
            package, "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Layers", targets: [
                .target(name: "Inner"),
                .target(name: "Middle", dependencies: ["Inner"]),
                .executableTarget(name: "App", dependencies: ["Middle"]),
            ])
            """)
        try write(package, "Sources/Inner/Inner.swift", "public struct Inner { public var a = 1; public init() {} }\n")
        try write(
            package, "Sources/Middle/Middle.swift",
            """
            import Inner
            public struct Outer { public var inner = Inner(); public var tail = 7; public init() {} }
            public func strideSeenByMiddle() -> Int { MemoryLayout<Outer>.stride }
            """)
        try write(
            package, "Sources/App/main.swift",
            """
            import Middle
            print(MemoryLayout<Outer>.stride, strideSeenByMiddle(), Outer().tail)
            """)

        let first = try guardedBuild(package)
        #expect(first.status == 0, "\(first.transcript)")
        #expect(try app(package) == "16 16 7")

        // Two more stored properties in Inner: Middle's interface does not change, App's layout of Outer must.
        try write(
            package, "Sources/Inner/Inner.swift",
            "public struct Inner { public var a = 1; public var b = 2; public var c = 3; public init() {} }\n")
        let second = try guardedBuild(package)
        #expect(second.status == 0, "\(second.transcript)")
        #expect(
            second.stdout.contains("guarded-swift-build: recompiling") && second.stdout.contains("Inner"),
            "\(second.transcript)")
        #expect(try app(package) == "32 32 7")

        // A change that leaves every interface as it was recompiles nothing more.
        try write(
            package, "Sources/App/main.swift",
            """
            import Middle
            print(MemoryLayout<Outer>.stride, strideSeenByMiddle(), Outer().tail, "again")
            """)
        let third = try guardedBuild(package)
        #expect(third.status == 0 && !third.stdout.contains("recompiling"), "\(third.transcript)")
        #expect(try app(package) == "32 32 7 again")
    }

    private func write(_ package: URL, _ path: String, _ text: String) throws {
        let file = package.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    private func guardedBuild(_ package: URL) throws -> ScriptResult {
        try runProgram(
            "/usr/bin/env", ["python3", Repository.url("scripts/guarded-swift-build").path],
            in: package)
    }

    private func app(_ package: URL) throws -> String {
        let result = try runProgram(package.appendingPathComponent(".build/debug/App").path, [], in: package)
        #expect(result.status == 0, "\(result.transcript)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
