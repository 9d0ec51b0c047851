import ScenarioKit
import ScreenImport
import Testing
import TouchEngine

/// How accessibility trees are read (docs/real-screens.md, "Accessibility trees"): detection, forcing a format, the
/// window chosen, what is dropped, the text variants, and the warnings that list every default assumed.
@Suite struct AccessibilityTreeReadingTests {
    static let xcui = """
        Attributes: Application, 0x1, pid: 7, label: 'Demo'
        Element subtree:
         →Application, 0x1, pid: 7, label: 'Demo'
            Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              Other, 0x3, {{0.0, 0.0}, {390.0, 844.0}}
                Button, 0x4, {{20.0, 60.0}, {80.0, 44.0}}, label: 'Go'
                Button, 0x5, {{20.0, 900.0}, {80.0, 44.0}}, label: 'Below'
                Button, 0x6, {{0.0, 0.0}, {0.0, 0.0}}, label: 'Empty'
                Switch, 0x7, {{300.0, 60.0}, {51.0, 31.0}}, value: 1, Disabled
            Window, 0x8, {{0.0, 0.0}, {390.0, 844.0}}
              Keyboard, 0x9, {{0.0, 500.0}, {390.0, 344.0}}
                Key, 0xa, {{0.0, 500.0}, {39.0, 44.0}}, label: 'q'
        Path to element:
         →Application, 0x1, pid: 7, label: 'Demo'
        """

    static func refusal(_ text: String, format: ScreenFormat? = nil) -> DumpRefusal? {
        do {
            _ = try ScreenImporter.importScreen(text, file: "t", format: format)
            return nil
        } catch let refusal as DumpRefusal {
            return refusal
        } catch {
            return DumpRefusal(file: "t", message: "unexpected \(error)")
        }
    }

    @Test func eachFormatIsToldByItsContent() {
        #expect(ScreenFormat.detect(Self.xcui) == .xcuiDebugDescription)
        #expect(ScreenFormat.detect("<?xml version=\"1.0\"?>\n<AppiumAUT/>") == .appiumXML)
        #expect(ScreenFormat.detect("  <XCUIElementTypeApplication type=\"XCUIElementTypeApplication\"/>") == .appiumXML)
        #expect(ScreenFormat.detect("[{\"AXFrame\":\"{{0, 0}, {1, 1}}\"}]") == .idbJSON)
        #expect(ScreenFormat.detect("{\n  \"attributes\" : {}\n}") == .maestroJSON)
        #expect(ScreenFormat.detect("<UIWindow: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>") == .recursiveDescription)
        #expect(ScreenFormat.detect("Application, pid: 5, label: 'A'\n  Window (Main), {{0.0, 0.0}, {375.0, 812.0}}") == .xcuiDebugDescription)
    }

    @Test func theMainWindowIsImportedAndOffScreenEmptyAndKeyboardElementsAreNot() throws {
        let screen = try ScreenImporter.importScreen(Self.xcui, file: "t.txt")
        // Window, Other, Go, Switch: Below is off screen, Empty has no size, the keyboard's window is skipped.
        #expect(screen.report.views == 4)
        #expect(screen.scene.views.map(\.className) == ["UIWindow", "UIView", "UIButton", "UISwitch"])
        #expect(screen.scene.views.map(\.name) == ["W", "UIView_L5", "UIButton_L6", "UISwitch_L9"])
        // The disabled switch is no target.
        #expect(screen.report.interactive == 1)
        #expect(screen.scene.views[3].isEnabled == false)
        #expect(screen.report.notes.contains { $0.contains("another window is skipped: line 10 (a keyboard)") })
        #expect(screen.report.notes.contains("1 element wholly off screen (from line 7): left out with what they hold"))
        #expect(screen.report.notes.contains("1 element with an empty frame (from line 8): left out with what they hold"))
    }

    @Test func withoutAMainMarkTheWindowWithTheMostElementsThatIsNoKeyboardOrStatusBarIsChosen() throws {
        let xml = """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" x="0" y="0" width="375" height="667">
              <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="375" height="667">
                <XCUIElementTypeOther type="XCUIElementTypeOther" name="HUD" x="0" y="0" width="375" height="667"/>
              </XCUIElementTypeWindow>
              <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="375" height="667">
                <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="0" width="375" height="667">
                  <XCUIElementTypeButton type="XCUIElementTypeButton" x="10" y="100" width="80" height="40"/>
                </XCUIElementTypeOther>
              </XCUIElementTypeWindow>
              <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="375" height="667">
                <XCUIElementTypeStatusBar type="XCUIElementTypeStatusBar" x="0" y="0" width="375" height="20">
                  <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="0" width="375" height="20"/>
                  <XCUIElementTypeOther type="XCUIElementTypeOther" x="0" y="0" width="375" height="20"/>
                </XCUIElementTypeStatusBar>
              </XCUIElementTypeWindow>
            </XCUIElementTypeApplication>
            """
        let screen = try ScreenImporter.importScreen(xml, file: "t.xml")
        #expect(screen.scene.views.map(\.name) == ["W", "UIView_L6", "UIButton_L7"])
        #expect(screen.report.notes.contains { $0.contains("2 other windows are skipped: line 2, line 10 (the status bar)") })
    }

    @Test func elementsTheFileMarksInvisibleAreDroppedUnlessTheyHoldVisibleOnes() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <AppiumAUT>
              <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="A" visible="true" x="0" y="0" width="390" height="844">
                <XCUIElementTypeWindow type="XCUIElementTypeWindow" visible="true" x="0" y="0" width="390" height="844">
                  <XCUIElementTypeCollectionView type="XCUIElementTypeCollectionView" visible="false" x="0" y="0" width="390" height="844">
                    <XCUIElementTypeCell type="XCUIElementTypeCell" visible="true" x="0" y="100" width="390" height="44"/>
                    <XCUIElementTypeCell type="XCUIElementTypeCell" visible="false" x="0" y="144" width="390" height="44">
                      <XCUIElementTypeButton type="XCUIElementTypeButton" visible="false" x="300" y="144" width="44" height="44"/>
                    </XCUIElementTypeCell>
                  </XCUIElementTypeCollectionView>
                </XCUIElementTypeWindow>
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        let screen = try ScreenImporter.importScreen(xml, file: "t.xml")
        #expect(screen.scene.views.map(\.className) == ["UIWindow", "UICollectionView", "UICollectionViewCell"])
        #expect(screen.report.notes.contains("2 elements the file marks invisible (from line 7): left out with what they hold"))
        #expect(screen.report.notes.contains { $0.hasPrefix("1 element invisible, empty or off screen but holding visible elements (from line 5)") })
    }

    @Test func framesBecomeSuperviewRelativeAndAScrollViewsOffsetIsInferred() throws {
        let xcui = """
             →Application, 0x1, pid: 7, label: 'Demo'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  ScrollView, 0x3, {{0.0, 100.0}, {390.0, 600.0}}
                    Other, 0x4, {{0.0, 40.0}, {390.0, 1200.0}}
                      Cell, 0x5, {{10.0, 150.0}, {370.0, 44.0}}
            """
        let screen = try ScreenImporter.importScreen(xcui, file: "t.txt")
        let views = screen.scene.views
        #expect(views[1].frame == Rect(0, 100, 390, 600))
        #expect(views[1].boundsOrigin == Point(0, 60))
        #expect(views[2].frame == Rect(0, 0, 390, 1200))
        #expect(views[3].frame == Rect(10, 110, 370, 44))
        #expect(views[3].className == "UICollectionViewCell")
        #expect(
            screen.report.warnings.map(\.description).contains(
                "line 3: the tree gives no scroll state for this ScrollView: contentOffset {0, 60}, inferred from content lying "
                    + "above or left of it; contentSize taken from its children; UIKit's default scroll settings "
                    + "(delaysContentTouches, canCancelContentTouches, bounces, paging off)"))
    }

    @Test func everyAssumedDefaultIsAWarning() throws {
        let screen = try ScreenImporter.importScreen(Self.xcui, file: "t.txt")
        #expect(
            screen.report.warnings.map(\.description) == [
                "an accessibility tree names no gesture recognizers: only UIKit's own (scroll views' pans, controls' tracking) "
                    + "are modelled; declare the app's with --recognizers"
            ])
        let maestro = try importTree("20-testingmaestro-rn-home-maestro-json.json").report.warnings.map(\.description)
        #expect(maestro.contains { $0.hasPrefix("line ") && $0.contains("contentOffset assumed {0, 0}") })
        #expect(maestro.contains { $0.hasPrefix("Maestro's hierarchy has no element types") })
    }

    @Test func theEscapedOneLineFormIsReadAsItsLines() throws {
        let literal =
            "t =     1.00s Requesting snapshot of accessibility hierarchy for app with pid 7\n(String) $R0 = \""
            + Self.xcui.replacing("\n", with: "\\n").replacing("'", with: "\\'") + "\"\n"
        #expect(ScreenFormat.detect(literal) == .xcuiDebugDescription)
        let screen = try ScreenImporter.importScreen(literal, file: "t.txt")
        #expect(screen.report.views == 4)
        #expect(screen.scene.views.map(\.name) == ["W", "UIView_L5", "UIButton_L6", "UISwitch_L9"])
        #expect(screen.report.warnings.contains { $0.message.hasPrefix("the tree is a string literal on one line") })
    }

    @Test func theLayoutsWithoutAddressesAreRead() throws {
        let xcode12 = """
            Application, pid: 65228, label: 'SwiftUI+XCUITest'
              Window (Main), {{0.0, 0.0}, {375.0, 812.0}}
                      Button, {{164.3, 142.7}, {46.7, 21.0}}, identifier: 'login.primaryAction', label: 'Log In', Disabled
                      TextField, {{20.0, 200.0}, {335.0, 40.0}}, placeholderValue: 'Name'
            """
        let old = try ScreenImporter.importScreen(xcode12, file: "t.txt")
        #expect(old.scene.views.map(\.className) == ["UIWindow", "UIButton", "UITextField"])
        #expect(old.report.interactive == 1)
        let xcode26 = """
            Application bundle identifier: com.example.app
            Device orientation: Portrait
            Application, pid: 65688, label: 'Example'
             Window, {{0.0, 0.0}, {402.0, 874.0}}, hitPoint: {201.0, 437.0}
              Other, {{0.0, 0.0}, {402.0, 874.0}}, hitPoint: {201.0, 437.0}
               Button, {{16.0, 60.0}, {44.0, 44.0}}, hitPoint: {38.0, 82.0}, label: 'Back'
              Other, {{0.0, 800.0}, {402.0, 74.0}}, hitPoint: {201.0, 837.0}
            """
        let new = try ScreenImporter.importScreen(xcode26, file: "t.txt")
        #expect(new.scene.views.map(\.name) == ["W", "UIView_L5", "UIButton_L6", "UIView_L7"])
        #expect(new.scene.views[3].parent == 0 && new.scene.views[2].parent == 1)
    }

    @Test func aLabelSplitByARawLineBreakStaysWithItsElement() throws {
        let text = """
             →Application, 0x1, pid: 7, label: 'Demo'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  StaticText, 0x3, {{0.0, 0.0}, {390.0, 44.0}}, label: 'SDK Version: 2.1.7-8
            lat:0.0
            long:0.0'
                  Button, 0x4, {{0.0, 50.0}, {390.0, 44.0}}, label: 'OK'
            """
        let screen = try ScreenImporter.importScreen(text, file: "t.txt")
        #expect(screen.scene.views.map(\.name) == ["W", "UILabel_L3", "UIButton_L6"])
        #expect(screen.report.warnings.count == 1)
    }

    @Test func forcingAFormatReadsTheFileAsThatFormatOnly() throws {
        let xml = try fixtureText(accessibilityTreesDirectory + "/14-mobster-swiftui-tabview-ios26-wda-xml.xml")
        #expect(try ScreenImporter.importScreen(xml, file: "t.xml", format: .appiumXML).report.views == 42)
        let asJSON = try #require(Self.refusal(xml, format: .idbJSON))
        #expect(asJSON.line == 1 && asJSON.message.hasPrefix("column 1 ($): not valid JSON: "))
        let asDump = try #require(Self.refusal(xml, format: .recursiveDescription))
        #expect(asDump.message.hasPrefix("not a recursiveDescription dump"))
        let asText = try #require(Self.refusal("hello\n", format: .xcuiDebugDescription))
        #expect(asText.message.hasPrefix("not an XCUITest debugDescription: no line holds an element"))
    }

    @Test func malformedXMLIsRefusedAtItsLineColumnAndPath() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <AppiumAUT>
              <XCUIElementTypeApplication type="XCUIElementTypeApplication" x="0" y="0" width="390" height="844">
                <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="390" height="844" label="a & b">
              </XCUIElementTypeApplication>
            </AppiumAUT>
            """
        let refusal = try #require(Self.refusal(xml))
        #expect(refusal.file == "t" && refusal.line == 4)
        #expect(
            refusal.message
                == "column 103 (in /AppiumAUT/XCUIElementTypeApplication): not well-formed page-source XML: an '&' that starts no "
                + "entity reference (write &amp;)")
        let unclosed = try #require(Self.refusal(xml.replacing(" & ", with: " &amp; ")))
        #expect(unclosed.line == 5 && unclosed.message.contains("</XCUIElementTypeApplication> does not close <XCUIElementTypeWindow> (opened at line 4)"))
        let wide = xml.replacing(" & ", with: " ").replacing("width=\"390\" height=\"844\" label", with: "width=\"wide\" height=\"844\" label")
        let badFrame = try #require(
            Self.refusal(wide.replacing("</XCUIElementTypeApplication>", with: "</XCUIElementTypeWindow></XCUIElementTypeApplication>")))
        #expect(badFrame.line == 4 && badFrame.message.contains("has width=\"wide\", not a number"))
    }

    @Test func malformedJSONIsRefusedAtItsLineColumnAndPath() throws {
        let idb = "[{\"AXFrame\":\"{{0, 0}, {402, 874}}\",\"type\":\"Application\"},\n {\"type\":\"Button\",\"frame\":{\"x\":1,\"y\":2,\"width\":3}}]"
        let missing = try #require(Self.refusal(idb))
        #expect(missing.line == 2 && missing.message.hasPrefix("column 27 ($[1].frame): expected a number for height"))
        let cut = try #require(Self.refusal("{\n  \"attributes\" : {\n    \"bounds\" : \"[0,0][1,1]\",\n"))
        #expect(cut.line == 4 && cut.message == "column 1 ($.attributes): not valid JSON: expected a quoted member name")
        let maestro = try #require(Self.refusal("{\n  \"attributes\" : { \"bounds\" : \"[0,0][393,852]\" },\n  \"children\" : [ { \"bounds\" : 1 } ]\n}"))
        #expect(maestro.line == 3 && maestro.message.hasPrefix("column 18 ($.children[0]): expected a node with 'attributes'"))
    }

    @Test func tooDeepAndTooLargeTreesAreRefusedInOneSentence() throws {
        func chain(_ depth: Int) -> String {
            var xml = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" x=\"0\" y=\"0\" width=\"390\" height=\"844\">\n"
            xml += "<XCUIElementTypeWindow type=\"XCUIElementTypeWindow\" x=\"0\" y=\"0\" width=\"390\" height=\"844\">\n"
            for _ in 0 ..< depth { xml += "<XCUIElementTypeOther type=\"XCUIElementTypeOther\" x=\"0\" y=\"0\" width=\"10\" height=\"10\">\n" }
            for _ in 0 ..< depth { xml += "</XCUIElementTypeOther>\n" }
            return xml + "</XCUIElementTypeWindow>\n</XCUIElementTypeApplication>\n"
        }
        #expect(try ScreenImporter.importScreen(chain(200), file: "t").report.views == 201)
        let deep = try #require(Self.refusal(chain(201)))
        #expect(deep.line == 203 && deep.message == "UIView is nested 201 views deep, deeper than the 200 levels a scenario file's views may nest; refused")
        let abyss = try #require(Self.refusal(chain(5000)))
        #expect(abyss.line == 209 && abyss.message.contains("is nested deeper than 208 elements"))
        let json = String(repeating: "[", count: 100_000)
        let deepJSON = try #require(Self.refusal(json, format: .idbJSON))
        #expect(deepJSON.line == 1 && deepJSON.message.contains("the JSON nests deeper than"))
        var many = "[{\"AXFrame\":\"{{0, 0}, {402, 874}}\",\"type\":\"Application\"}"
        for i in 0 ... AccessibilityLimits.elements { many += ",\n{\"AXFrame\":\"{{\(i % 400), 0}, {1, 1}}\",\"type\":\"Button\"}" }
        let large = try #require(Self.refusal(many + "]"))
        #expect(large.line == AccessibilityLimits.elements + 1 && large.message.hasPrefix("the tree holds more than 20000 elements"))
    }

    @Test func theHomeScreensTreeIsRefused() throws {
        let springBoard = """
             →Application, 0x1, pid: 54, label: 'SpringBoard'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Icon, 0x3, {{20.0, 60.0}, {64.0, 64.0}}, label: 'Maps'
            """
        let refusal = try #require(Self.refusal(springBoard))
        #expect(
            refusal.description
                == "t:1: this is the Home Screen's tree (SpringBoard), not an app's: the app was not in front when the tree was "
                + "taken; take it again with the app open")
        let xml = """
            <XCUIElementTypeApplication type="XCUIElementTypeApplication" name=" " x="0" y="0" width="390" height="844">
              <XCUIElementTypeWindow type="XCUIElementTypeWindow" x="0" y="0" width="390" height="844">
                <XCUIElementTypeOther type="XCUIElementTypeOther" name="Home screen icons" label="Home screen icons" x="0" y="0" width="390" height="844"/>
              </XCUIElementTypeWindow>
            </XCUIElementTypeApplication>
            """
        #expect(Self.refusal(xml)?.line == 3)
        let placeholder = try #require(Self.refusal("[{\"AXFrame\":\"{{0, 0}, {0, 0}}\",\"type\":null}]"))
        #expect(placeholder.message.hasPrefix("idb's placeholder element"))
    }

    @Test func idbsOneLineOutputGivesEveryViewAUniqueName() throws {
        let screen = try importTree("17-mint-flutter-onboarding-idb-json.json")
        #expect(Set(screen.scene.views.map(\.name)).count == screen.scene.views.count)
        #expect(screen.scene.views[1].name.hasPrefix("UILabel_L1C"))
        let yaml = screen.scenarioYAML(source: "17.json")
        #expect(try ScenarioLoader.load(yaml: yaml, path: "17.yaml").scene.views.count == 13)
    }

    @Test func everySpecimensScenarioFileLoads() throws {
        for name in try accessibilityTreeFiles() {
            let screen = try importTree(name)
            let loaded = try ScenarioLoader.load(yaml: screen.scenarioYAML(source: name), path: name + ".yaml")
            #expect(loaded.scene.views.count == screen.scene.views.count, "\(name)")
        }
    }
}
