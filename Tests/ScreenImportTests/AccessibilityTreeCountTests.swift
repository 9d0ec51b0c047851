import Foundation
import ScreenImport
import TestSupport
import Testing

/// The accessibility trees the repository keeps (configs/accessibility-trees; their origins in its SOURCES.md).
let accessibilityTreesDirectory = Repository.path + "/configs/accessibility-trees"

func importTree(_ name: String, format: ScreenFormat? = nil) throws -> ImportedScreen {
    try ScreenImporter.importScreen(try fixtureText(accessibilityTreesDirectory + "/" + name), file: name, format: format)
}

/// Every accessibility tree of configs/accessibility-trees imports with the counts a person made from the file by the
/// rules of docs/real-screens.md ("Accessibility trees"), not by running the importer:
/// - views: the elements of the chosen window (the window included), less those dropped (the file's `visible="false"`,
///   an empty frame, wholly off screen, scroll-indicator elements; each with what it holds unless that holds a kept
///   element). The application element and the other windows are not views.
/// - targets (`report.interactive`): enabled controls and cells, under no disabled container, whose frame meets every
///   container's frame.
/// - scroll views: Table, CollectionView, ScrollView, ScrollArea, WebView, TextView, PickerWheel, and a container a
///   scroll-bar element sits in.
@Suite struct AccessibilityTreeCountTests {
    struct Counts: Sendable, CustomStringConvertible {
        var format: ScreenFormat
        var views: Int
        var targets: Int
        var scrollViews: Int
        var description: String { "\(format.rawValue): \(views) views, \(targets) targets, \(scrollViews) scroll views" }
    }

    static let handCounts: [String: Counts] = [
        // 34 elements less the application; the Menu button and five tabs.
        "01-testpilot-tabbar-app-xcui-debugdesc.txt": Counts(format: .xcuiDebugDescription, views: 33, targets: 6, scrollViews: 0),
        // 17 less the application; Home, two text fields, the 登录 button.
        "02-zjhunittestdemo-login-xcui-debugdesc.txt": Counts(format: .xcuiDebugDescription, views: 16, targets: 4, scrollViews: 0),
        // 23 less the application and the second window's 3 elements; the disabled HUD holds no control.
        "03-xquitestdemo-mine-tab-xcui-debugdesc.txt": Counts(format: .xcuiDebugDescription, views: 19, targets: 3, scrollViews: 0),
        // 30 less the application; 首页 back, two cells, their two buttons, two tabs (the elision line is warned).
        "04-xquitestdemo-tableview-elided-xcui-debugdesc.txt": Counts(format: .xcuiDebugDescription, views: 29, targets: 7, scrollViews: 1),
        "05-rjchatfield-ax-swiftui-xcui-debugdesc.txt": Counts(format: .xcuiDebugDescription, views: 7, targets: 1, scrollViews: 0),
        // 70 less the application, the status-bar window (7) and 29 invisible elements (one holding nothing kept).
        "08-shirates-appdev-register-form-appium-xml.xml": Counts(format: .appiumXML, views: 33, targets: 10, scrollViews: 1),
        "09-shirates-settings-top-appium-xml.xml": Counts(format: .appiumXML, views: 54, targets: 13, scrollViews: 1),
        "11-shirates-settings-accessibility-appium-xml.xml": Counts(format: .appiumXML, views: 44, targets: 7, scrollViews: 1),
        "12-shirates-calendar-ja-appium-xml.xml": Counts(format: .appiumXML, views: 82, targets: 13, scrollViews: 3),
        // 327 less the application and 233 invisible (off-screen rows): the cells and buttons on screen.
        // The last row ([20, 878, 374, 46] in a 414 × 896 window) lies under the home indicator: no target (issue 34 §3).
        "13-uiautodev-settings-zh-wda-xml.xml": Counts(format: .appiumXML, views: 93, targets: 16, scrollViews: 1),
        "14-mobster-swiftui-tabview-ios26-wda-xml.xml": Counts(format: .appiumXML, views: 42, targets: 4, scrollViews: 0),
        // The application stands for the window.
        "17-mint-flutter-onboarding-idb-json.json": Counts(format: .idbJSON, views: 13, targets: 2, scrollViews: 0),
        // Two zero-frame texts dropped; 17 buttons and 3 text fields.
        // One control lies under the home indicator of the 402 × 874 window: no target (issue 34 §3).
        "19-mint-flutter-rente-capital-form-idb-json.json": Counts(format: .idbJSON, views: 27, targets: 19, scrollViews: 1),
        // Maestro: no types, so no buttons; the virtual root and the status bar (10 nodes) and 4 scroll-bar nodes left out.
        "20-testingmaestro-rn-home-maestro-json.json": Counts(format: .maestroJSON, views: 43, targets: 0, scrollViews: 1),
        "21-solidi-rn-addressbook-step2-maestro-json.json": Counts(format: .maestroJSON, views: 76, targets: 0, scrollViews: 2),
        // The two inputs known by their hintText are the targets.
        "22-solidi-rn-addressbook-form-maestro-json.json": Counts(format: .maestroJSON, views: 82, targets: 2, scrollViews: 2)
    ]

    @Test func everySpecimenHasHandCountsAndEveryCountedFileIsThere() throws {
        let files = try accessibilityTreeFiles()
        #expect(files.count == 16)
        #expect(Set(files) == Set(Self.handCounts.keys))
    }

    @Test(arguments: handCounts.keys.sorted())
    func theImportGivesTheHandCounts(_ name: String) throws {
        let counts = try #require(Self.handCounts[name])
        let text = try fixtureText(accessibilityTreesDirectory + "/" + name)
        #expect(ScreenFormat.detect(text) == counts.format, "\(name)")
        let report = try importTree(name).report
        #expect(report.views == counts.views, "\(name): \(counts)")
        #expect(report.interactive == counts.targets, "\(name): \(counts)")
        #expect(report.scrollViews == counts.scrollViews, "\(name): \(counts)")
        #expect(report.unmapped.isEmpty && report.guesses.isEmpty, "\(name)")
    }
}

/// The specimen files of configs/accessibility-trees, sorted.
func accessibilityTreeFiles() throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: accessibilityTreesDirectory)
    return names.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted()
}
