import TouchEngine

/// Swift names for the scene's objects, derived from their scenario ids: sanitised, never a keyword, and
/// de-duplicated in scene order (a later clash gets `2`, `3`, …), so the same scene always gets the same names.
struct SwiftNames {
    /// Property name of each view (index 0, the window, is `view`: the controller's view stands in for it).
    let views: [String]
    /// Class name of each view's generated subclass (index 0: `WindowView`).
    let viewClasses: [String]
    /// Property name of each recognizer the file creates (nil for the ones UIKit creates: scroll views' own).
    let recognizers: [String?]
    /// Class name of each controller's generated subclass.
    let controllerClasses: [String]
    /// Property name of each controller.
    let controllers: [String]

    init(scene: Scene) {
        var taken: Set<String> = SwiftNames.reserved
        var views = ["view"], classes = ["WindowView"]
        var takenClasses: Set<String> = ["WindowView", "ViewController", "Log", "ScrollLogger"]
        for view in scene.views.dropFirst() {
            let suffix = SwiftNames.classSuffix(view.kind)
            views.append(SwiftNames.unique(SwiftNames.suffixed(SwiftNames.lowerCamel(view.name), suffix), in: &taken))
            classes.append(SwiftNames.unique(SwiftNames.upperCamel(view.name) + suffix, in: &takenClasses))
        }
        var recognizers: [String?] = []
        for r in scene.recognizers {
            switch r.kind {
            case .tap, .longPress, .pan, .swipe, .pinch, .rotation, .custom, .screenEdgePan:
                recognizers.append(SwiftNames.unique(SwiftNames.suffixed(SwiftNames.lowerCamel(r.name), "Recognizer"), in: &taken))
            default:
                recognizers.append(nil)
            }
        }
        var controllerClasses: [String] = [], controllers: [String] = []
        for c in scene.controllers {
            controllerClasses.append(SwiftNames.unique(SwiftNames.upperCamel(c.name) + "Controller", in: &takenClasses))
            controllers.append(SwiftNames.unique(SwiftNames.suffixed(SwiftNames.lowerCamel(c.name), "Controller"), in: &taken))
        }
        self.views = views
        self.viewClasses = classes
        self.recognizers = recognizers
        self.controllerClasses = controllerClasses
        self.controllers = controllers
    }

    /// `btn` + `Button` → `btnButton`; a name that already ends with the suffix keeps it (`myView`). The
    /// suffix keeps properties clear of UIViewController's and UIResponder's own (`title`, `parent`, `next`).
    static func suffixed(_ name: String, _ suffix: String) -> String {
        name.lowercased().hasSuffix(suffix.lowercased()) && name.count > suffix.count ? name : name + suffix
    }

    /// Names the generated code already uses, UIViewController and UIResponder properties that end like a
    /// generated name, and Swift keywords.
    static let reserved: Set<String> = [
        "inputView", "inputAccessoryView", "inputViewController", "inputAccessoryViewController", "viewIfLoaded",
        "navigationController", "tabBarController", "splitViewController", "presentedViewController",
        "presentingViewController", "parentController", "searchDisplayController",
        "view", "log", "scrollLogger", "self", "super", "class", "struct", "enum", "func", "var", "let", "in", "is",
        "as", "if", "else", "for", "while", "repeat", "return", "switch", "case", "default", "break", "continue",
        "true", "false", "nil", "init", "deinit", "import", "protocol", "extension", "static", "private", "public",
        "internal", "fileprivate", "open", "operator", "subscript", "typealias", "where", "throw", "throws", "try",
        "catch", "do", "defer", "guard", "inout", "any", "some", "associatedtype", "await", "async", "_"
    ]

    /// The kind's class suffix: `Btn` (button) → `BtnButton`, `SV` (scrollView) → `SVScrollView`.
    static func classSuffix(_ kind: ViewKind) -> String {
        switch kind {
        case .cell: return "Cell"
        case .control: return "Control"
        default: return String(kind.uikitClass.dropFirst(2))
        }
    }

    /// Letters, digits and `_` only; other characters split words.
    static func words(_ id: String) -> [String] {
        var words: [String] = [], current = ""
        for ch in id {
            if ch.isASCII && (ch.isLetter || ch.isNumber) {
                current.append(ch)
            } else if !current.isEmpty {
                words.append(current); current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.isEmpty ? ["v"] : words
    }

    /// `TV` → `tv`, `Cell0` → `cell0`, `SV.pan` → `svPan`, `my-view` → `myView`, `9lives` → `v9lives`.
    static func lowerCamel(_ id: String) -> String {
        let parts = words(id)
        // Lower-case the leading run of capitals, keeping the last one when a word follows ("TVCell" → "tvCell").
        let chars = Array(parts[0])
        var upper = 0
        while upper < chars.count && chars[upper].isUppercase { upper += 1 }
        let lowered = upper == chars.count ? upper : max(upper - 1, min(upper, 1))
        let first = String(chars.prefix(lowered)).lowercased() + String(chars.dropFirst(lowered))
        var name = first + parts.dropFirst().map(capitalized).joined()
        if let c = name.first, c.isNumber { name = "v" + name }
        return name
    }

    /// `TV` → `TV`, `yellow` → `Yellow`, `my-view` → `MyView`, `9lives` → `V9lives`.
    static func upperCamel(_ id: String) -> String {
        var name = words(id).map(capitalized).joined()
        if let c = name.first, c.isNumber { name = "V" + name }
        return name
    }

    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var name = base, n = 2
        while taken.contains(name) { name = base + String(n); n += 1 }
        taken.insert(name)
        return name
    }

    /// The namespace enum for one scenario, from its file name: `004-control-containable-fix.yaml` →
    /// `TouchSweep004ControlContainableFix`.
    static func namespace(path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let base = file.split(separator: ".").first.map(String.init) ?? file
        return "TouchSweep" + words(base).map(capitalized).joined()
    }
}
