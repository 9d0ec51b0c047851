import Foundation
import ScreenImport
import Testing
import TouchEngine

/// Issue 32: the navigation controllers and page sheets a dump shows are imported with their system recognizers
/// (docs/real-screens.md, "Navigation controllers and sheets").
@Suite struct SystemPartsImportTests {
    static func screen(_ file: String) throws -> ImportedScreen {
        let text = try String(contentsOfFile: screensDirectory + "/" + file, encoding: .utf8)
        return try ScreenImporter.importDump(text, file: file)
    }

    @Test func aPushedScreenWithABackIndicatorCanPop() throws {
        let s = try Self.screen("14-ios7-empty-back-button-navbar-lldb.txt")
        let nav = try #require(s.scene.navigations.first)
        #expect(s.scene.navigations.count == 1 && s.scene.views[nav.view].className == "UILayoutContainerView")
        #expect(nav.depth == 2 && nav.bar.map { s.scene.views[$0].className } == "UINavigationBar")
        #expect(s.scene.navigationRecognizers(of: nav.view) != nil)
        #expect(s.report.notes.contains { $0.contains("a navigation controller") && $0.contains("2 deep") })
        // Its back swipe is a target of the sweep's backSwipe family.
        #expect(s.elements.contains { $0.view == nav.view && $0.kind == .navigation })
    }

    @Test func aRootScreenWithoutABackButtonCannotPop() throws {
        let s = try Self.screen("12-sample-navcontroller-428x926-lldb.txt")
        #expect(s.scene.navigations.map(\.depth) == [1])
        #expect(s.report.notes.contains { $0.contains("taken as the root") })
        #expect(!s.elements.contains { $0.kind == .navigation })
    }

    @Test func aPageSheetGetsItsDismissPanAndOneDetentWhereItRests() throws {
        let s = try Self.screen("01-appleid-signin-sheet-cycript.txt")
        let sheet = try #require(s.scene.sheets.first)
        #expect(s.scene.views[sheet.view].className == "UIDropShadowView")
        // At y 40 on a 667 pt window: higher than the 390×844 large detent, so this screen's large detent.
        #expect(sheet.detents == [.large] && s.scene.parameters.sheetLargeDetentTop == 40)
        #expect(s.scene.recognizers[sheet.dismissPan].name == s.scene.views[sheet.view].name + ".dismissPan")
        #expect(s.report.notes.contains { $0.contains("a page sheet at window y 40") })
    }

    @Test func aTabBarControllersContainerIsNoNavigationController() throws {
        let s = try Self.screen("27-introlevels-ctf-level1-tabbar-320x480-frida.txt")
        #expect(s.scene.navigations.isEmpty && s.scene.sheets.isEmpty)
    }
}
