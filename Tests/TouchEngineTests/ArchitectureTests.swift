import Foundation
import TestSupport
import Testing

/// The engine is a pure library: no dependencies, no I/O, no clock, no randomness, no global state.
/// These checks read its sources so that a violation fails the suite, not a code review.
@Suite struct ArchitectureTests {
    static let engineSources: [(name: String, text: String)] = {
        let root = Repository.url("Sources/TouchEngine")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, (try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) ?? "")
        }
    }()

    @Test func theEngineHasSources() {
        #expect(Self.engineSources.count > 10)
    }

    @Test func theEngineImportsOnlyTheCMathLibrary() {
        for (name, text) in Self.engineSources {
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
                #expect(
                    name == "Model/Math.swift" && ["Darwin", "Glibc", "Musl"].contains(module),
                    "\(name) imports \(module)")
            }
        }
    }

    @Test func theEngineReadsNoClockAndDrawsNoRandomNumbers() {
        let forbidden = [
            "Date(", "ContinuousClock", "SuspendingClock", "DispatchTime", "gettimeofday", "clock_gettime",
            ".random(", "SystemRandomNumberGenerator", "arc4random", "print(", "FileManager", "fopen("
        ]
        for (name, text) in Self.engineSources {
            for word in forbidden {
                #expect(!text.contains(word), "\(name) uses \(word)")
            }
        }
    }

    @Test func theEngineHasNoMutableGlobalState() {
        for (name, text) in Self.engineSources {
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let isGlobalVar =
                    line.hasPrefix("var ") || line.hasPrefix("public var ")
                    || trimmed.hasPrefix("static var ")
                        && !trimmed.contains("{")
                #expect(!isGlobalVar, "\(name): \(trimmed)")
                #expect(!trimmed.hasPrefix("nonisolated(unsafe)"), "\(name): \(trimmed)")
            }
        }
    }
}
