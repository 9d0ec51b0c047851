/// The text formats `sweep import` reads (docs/real-screens.md): UIKit's `recursiveDescription` and the accessibility
/// trees QA and CI tools write. Detected by content; `--format` forces one.
public enum ScreenFormat: String, CaseIterable, Hashable, Sendable {
    /// `-[UIView recursiveDescription]` (lldb, Cycript, Frida, NSLog): the view tree itself.
    case recursiveDescription = "recursive-description"
    /// `XCUIApplication.debugDescription` ("Element subtree:"): the classic layout, its escaped one-line form and the
    /// layouts without addresses.
    case xcuiDebugDescription = "xcui"
    /// Appium's `getPageSource()` or WebDriverAgent's `/source` XML.
    case appiumXML = "appium-xml"
    /// `idb ui describe-all` JSON (flat, or nested with `--nested`).
    case idbJSON = "idb-json"
    /// Maestro's iOS hierarchy JSON (`maestro hierarchy`, a debug artifact's `hierarchyRoot`).
    case maestroJSON = "maestro-json"

    /// What the format is, for messages and notes.
    public var title: String {
        switch self {
        case .recursiveDescription: return "a recursiveDescription dump"
        case .xcuiDebugDescription: return "an XCUITest debugDescription"
        case .appiumXML: return "Appium/WebDriverAgent page source"
        case .idbJSON: return "idb ui describe-all JSON"
        case .maestroJSON: return "Maestro hierarchy JSON"
        }
    }

    /// The format of `text`, by its first characters and a few marks each producer writes; a text that is none of the
    /// accessibility formats is taken as a `recursiveDescription` dump (whose reader refuses it if it is not one).
    public static func detect(_ text: String) -> ScreenFormat {
        var head = Substring(text)
        if head.unicodeScalars.first == "\u{FEFF}" { head = head.dropFirst() }
        head = head.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        let start = String(head.prefix(4096))
        if start.hasPrefix("<?xml") || start.hasPrefix("<AppiumAUT") || start.hasPrefix("<XCUIElementType") {
            return .appiumXML
        }
        if start.hasPrefix("[") || start.hasPrefix("{") {
            if start.contains("\"attributes\"") || start.contains("\"hierarchyRoot\"") { return .maestroJSON }
            return .idbJSON
        }
        if XCUIDescriptionReader.looksLikeDescription(start) { return .xcuiDebugDescription }
        return .recursiveDescription
    }
}
