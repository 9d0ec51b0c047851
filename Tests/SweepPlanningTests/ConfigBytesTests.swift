import Foundation
import ScenarioKit
import TestSupport
import Testing

@testable import SweepPlanning

/// Issue 14 §3: a config, or a dump its `trees.screens` names, whose bytes are not UTF-8 is refused with one
/// sentence naming the line and column of the first bad byte.
@Suite struct ConfigBytesTests {
    /// A scratch directory with `sweep.yaml` and `dumps/a.txt`, written as the given bytes.
    func workspace(_ label: String, config: [UInt8], dump: [UInt8]) throws -> (dir: TemporaryDirectory, config: String) {
        let dir = try TemporaryDirectory("config-bytes-\(label)")
        try dir.directory("dumps")
        try Data(dump).write(to: dir.url("dumps/a.txt"))
        try Data(config).write(to: dir.url("sweep.yaml"))
        return (dir, dir.file("sweep.yaml"))
    }

    static let dump = Array("<UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>\n".utf8)

    @Test func aConfigWithAByteThatIsNotUTF8IsRefusedAtThatByte() throws {
        let config = Array("name: bytes\ndescription: caf".utf8) + [0xE9] + Array("\n".utf8)
        let (dir, path) = try workspace("config", config: config, dump: Self.dump)
        defer { dir.remove() }
        #expect(throws: ScenarioError(file: path, line: 2, column: 17, message: "cannot read the sweep config: byte 0xE9 is not UTF-8 text")) {
            try SweepConfigLoader.load(path: path)
        }
    }

    @Test func aDumpOfTheScreensWithAByteThatIsNotUTF8IsNamedWithItsLineAndColumn() throws {
        let dump = Self.dump + Array("   | <UIButton: 0x3; frame = (1".utf8) + [0xFF] + Array(" 1; 9 9)>\n".utf8)
        let (dir, path) = try workspace("dump", config: Array("name: bytes\ntrees: {screens: [dumps/a.txt]}\n".utf8), dump: dump)
        defer { dir.remove() }
        #expect(
            throws: ScenarioError(
                file: path, line: 2, column: 19,
                message: "the dump dumps/a.txt is not UTF-8 text: byte 0xFF at its line 2, column 32")
        ) {
            try SweepConfigLoader.load(path: path)
        }
    }
}
