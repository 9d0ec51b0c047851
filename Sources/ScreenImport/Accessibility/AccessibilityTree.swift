import ScenarioKit
import TouchEngine

/// One element of an accessibility tree as its file states it: a type, a frame in screen points, the format's own
/// flags. Every reader (XCUITest text, WDA XML, idb and Maestro JSON) produces these; `AccessibilityTreeBuilder`
/// turns them into the records a `recursiveDescription` dump gives.
struct AccessibilityElement {
    /// `XCUIElement.ElementType`'s name without the prefix (`Button`, `Other`) or idb's (`GenericElement`,
    /// `ScrollArea`); nil where the format has no types (Maestro).
    var type: String?
    /// In screen points (absolute), nil where the element has none (XCUITest's `Application` line).
    var frame: Rect?
    var label = ""
    var identifier = ""
    var value = ""
    /// A text field's placeholder (XCUITest `placeholderValue`, Maestro `hintText`).
    var placeholder = ""
    /// The format's own visibility flag (WDA's `visible`); nil where the format has none.
    var isVisible: Bool?
    var isEnabled = true
    /// XCUITest's `Window (Main)`: the key window.
    var isMain = false
    /// 1-based line (and column, where elements can share a line) of the element in the file.
    var line: Int
    var column: Int
    /// Index of the element it is nested in; nil for the tree's root.
    var parent: Int?

    init(type: String?, line: Int, column: Int, parent: Int?) {
        self.type = type; self.line = line; self.column = column; self.parent = parent
    }

    /// `Vertical scroll bar, 2 pages` / `Horizontal scroll bar, 1 page`: the indicator UIKit exposes inside a scroll
    /// view, whose value is the scroll position in percent.
    var isScrollIndicator: Bool {
        (label.hasPrefix("Vertical scroll bar, ") || label.hasPrefix("Horizontal scroll bar, "))
            && (label.hasSuffix(" page") || label.hasSuffix(" pages"))
    }
}

/// A whole tree as one reader read it: elements in document order (an element before those nested in it).
struct AccessibilityTree {
    var format: ScreenFormat
    var elements: [AccessibilityElement] = []
    /// The application's name or bundle identifier where the file gives them (to recognise the Home Screen).
    var applicationName = ""
    var bundleIdentifier = ""
    /// Whether the format nests windows under the application (XCUITest, WDA); idb and Maestro give the app only.
    var hasWindows = true
    var warnings: [ImportWarning] = []
    var notes: [String] = []

    init(format: ScreenFormat) { self.format = format }
}

/// Limits on the trees `sweep import` reads, besides the scenario file's (`ScenarioLimits.viewDepth` for nesting).
public enum AccessibilityLimits {
    /// The most elements a tree may hold: 20 000, some 60 times the largest specimen (327). A larger tree is refused
    /// (one sentence) rather than imported into a screen no sweep could cover.
    public static let elements = 20_000
    /// How deep a file's own nesting may go before its reader stops (XML elements; JSON objects count twice, an
    /// object and its `children` array): enough for `ScenarioLimits.viewDepth` views under the wrappers the
    /// formats add (`<AppiumAUT>`, the application, Maestro's virtual root), refused with the file's line beyond.
    public static let nesting = ScenarioLimits.viewDepth + 8
}
