import ScreenImport
import Testing
import TouchEngine

/// Dumps saved on another system or through an editor: CRLF or CR line breaks and a byte-order mark read exactly as
/// the same dump with LF breaks (issue 33: such a dump imported as one view with no warning).
@Suite struct LineEndingTests {
    static let dump = [
        "<UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>",
        "   | <UIView: 0x3; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x4>>",
        "   |    | <UIButton: 0x5; frame = (20 100; 120 44); opaque = NO; layer = <CALayer: 0x6>>",
        "   |    | <UISwitch: 0x7; frame = (20 200; 51 31); opaque = NO; layer = <CALayer: 0x8>>"
    ]

    static func parsed(_ text: String) throws -> DumpParser.Result { try DumpParser.parse(text, file: "screen.txt") }

    @Test(arguments: ["\r\n", "\r"])
    func otherLineBreaksReadAsLineFeeds(_ lineBreak: String) throws {
        let plain = try Self.parsed(Self.dump.joined(separator: "\n") + "\n")
        let other = try Self.parsed(Self.dump.joined(separator: lineBreak) + lineBreak)
        #expect(plain.records.count == 4)
        #expect(other.records.map(\.className) == plain.records.map(\.className))
        #expect(other.records.map(\.depth) == [0, 1, 2, 2] && other.records.map(\.frame) == plain.records.map(\.frame))
        #expect(other.warnings.isEmpty, "\(other.warnings)")
        let screen = try ScreenImporter.importDump(Self.dump.joined(separator: lineBreak), file: "screen.txt")
        #expect(screen.report.interactive == 2)
    }

    @Test func aByteOrderMarkIsNotPartOfTheFirstRecord() throws {
        let r = try Self.parsed("\u{FEFF}" + Self.dump.joined(separator: "\r\n"))
        #expect(r.records.first?.className == "UIWindow" && r.records.count == 4 && r.warnings.isEmpty)
    }
}
