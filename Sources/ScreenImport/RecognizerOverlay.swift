import ScenarioKit
import TouchEngine
import Yams

/// Gesture recognizers the user declares for an imported screen (`sweep import --recognizers overlay.yaml`).
/// A dump only says *that* a view has recognizers (`gestureRecognizers = <NSArray: …>`), never which.
///
/// ```yaml
/// recognizers:
///   - class: "*FeedCell"            # every view of a class (pattern) …
///     kind: longPress
///     minimumPressDuration: 400
///   - path: "UITableView/*Cell"     # … or by path: class patterns of a view and its superviews, `/`-separated;
///     id: likeTap                   #     a leading `/` anchors at the dump's root
///     kind: tap
///     taps: 2
///   - view: UIDimmingView_L2        # … or one view by the id `sweep import` gave it
///     kind: tap
///     cancelsTouchesInView: false
/// ```
/// Every other key is a recognizer key of docs/scenario-format.md (kind, flags, thresholds, delegate
/// policies). Each matching view gets one recognizer named `<view id>.<id>` (`id` defaults to the kind).
public struct RecognizerOverlay {
    public enum Selector: Hashable, Sendable {
        case className(ClassPattern)
        case path(anchored: Bool, [ClassPattern])
        case view(String)
    }

    public struct Entry {
        public var selector: Selector
        public var id: String
        /// The recognizer keys (selector and id removed), marks in the overlay file.
        public var node: Node
        public var line: Int
    }

    public var file: String
    public var entries: [Entry] = []
    public init(file: String) { self.file = file }

    static let selectorKeys = ["class", "path", "view"]

    public static func parse(yaml: String, file: String) throws(ScenarioError) -> RecognizerOverlay {
        let reader = OverlayReader(file: file)
        let root = try ScenarioLoader.compose(yaml: yaml, path: file, document: "recognizers file")
        var overlay = RecognizerOverlay(file: file)
        let top = try reader.map(root, for: "the recognizers file", keys: ["recognizers"])
        guard let list = top.first(where: { $0.key == "recognizers" })?.value else { return overlay }
        for item in try reader.list(list, for: "'recognizers'") {
            guard case .mapping(var mapping) = item else {
                throw reader.error(at: item, "expected a map for a recognizer, got \(reader.describe(item))")
            }
            let present = selectorKeys.filter { mapping[$0] != nil }
            guard present.count == 1, let key = present.first, let value = mapping[key] else {
                throw reader.error(
                    at: item,
                    present.isEmpty
                        ? "a recognizer needs one of 'class', 'path' or 'view' to say which views it is on"
                        : "a recognizer takes only one of 'class', 'path' and 'view', but this one has " + present.joined(separator: " and "))
            }
            let text = try reader.string(value, for: "'\(key)'")
            let selector: Selector
            switch key {
            case "class": selector = .className(ClassPattern(text))
            case "view": selector = .view(text)
            default:
                let anchored = text.hasPrefix("/")
                let parts = text.split(separator: "/").map { ClassPattern(String($0)) }
                guard !parts.isEmpty else { throw reader.error(at: value, "expected class patterns separated by '/' for 'path'") }
                selector = .path(anchored: anchored, parts)
            }
            var id = mapping["kind"]?.scalar?.string ?? "recognizer"
            if let idNode = mapping["id"] { id = try reader.string(idNode, for: "'id'") }
            for k in selectorKeys + ["id"] { mapping[k] = nil }
            overlay.entries.append(Entry(selector: selector, id: id, node: .mapping(mapping), line: item.mark?.line ?? 0))
        }
        return overlay
    }

    /// Whether `entry` selects view `v` of `scene` (class names from `ViewSpec.className`).
    /// `root` is the view of the dump's first record (where an anchored path starts).
    static func matches(_ selector: Selector, view v: ViewID, in scene: Scene, root: ViewID) -> Bool {
        let name = scene.views[v].className ?? scene.views[v].kind.uikitClass
        switch selector {
        case .className(let p): return p.matches(name)
        case .view(let id): return scene.views[v].name == id
        case let .path(anchored, parts):
            // The last pattern is the view, the ones before it its superviews, innermost last.
            var current: ViewID? = v
            var top = v
            for p in parts.reversed() {
                guard let c = current, p.matches(scene.views[c].className ?? scene.views[c].kind.uikitClass) else { return false }
                top = c
                current = scene.views[c].parent
            }
            return !anchored || top == root
        }
    }
}
