import ScreenImport
import Testing
import TouchEngine

/// Swift generic classes print their arguments in the class name (`_UIHostingView<ContentView>`): such a record is
/// read with its subtree (issue 33: it was refused, and everything under it dropped).
@Suite struct GenericClassNameTests {
    static let dump = """
        <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
           | <_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_: 0x3; frame = (0 0; 390 844); layer = <CALayer: 0x4>>
           | <_UIHostingView<ModifiedContent<ContentView, _EnvironmentKeyWritingModifier<Optional<Int>>>>: 0x5; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x6>>
           |    | <UIButton: 0x7; frame = (20 100; 120 44); opaque = NO; layer = <CALayer: 0x8>>
        """

    @Test func aGenericClassIsARecordAndKeepsItsSubtree() throws {
        let r = try DumpParser.parse(Self.dump, file: "hosted.txt")
        #expect(r.records.count == 4)
        #expect(r.records[2].className == "_UIHostingView<ModifiedContent<ContentView, _EnvironmentKeyWritingModifier<Optional<Int>>>>")
        #expect(r.records[3].className == "UIButton" && r.records[3].depth == 2)
        #expect(r.warnings.isEmpty, "\(r.warnings)")
    }

    @Test func unbalancedOrSpacedNamesAreNoRecord() throws {
        #expect(throws: DumpRefusal.self) { try DumpParser.parse("<Foo<Bar: 0x1; frame = (0 0; 1 1)>\n", file: "x.txt") }
        #expect(throws: DumpRefusal.self) { try DumpParser.parse("<Foo Bar: 0x1; frame = (0 0; 1 1)>\n", file: "x.txt") }
    }
}
