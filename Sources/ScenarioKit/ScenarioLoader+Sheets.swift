import TouchEngine
import Yams

extension ScenarioLoader {
    /// Keys of a view's `sheet:` block (docs/scenario-format.md, "Sheets").
    static let sheetKeys = ["detents", "selected", "modal", "delegate", "expandsOnScroll", "undimmedUpTo"]
    static let sheetDelegateKeys = ["shouldDismiss", "logs"]
}

extension ScenarioLoader.Builder {
    /// `sheet:` on a view: the view is a presented sheet (spec M1–M7). Detents are `large`, `medium` or
    /// `{id: name, height: pt}`; `selected` and `undimmedUpTo` name one of them. The view must be a subview of the
    /// window or of a container directly under it, and its frame's top must be the selected detent's.
    func parseSheet(
        _ node: Node, view: ViewID, name: String, frame: Rect, parent: ViewID?, key: Node
    ) throws(ScenarioError) -> SheetSpec {
        let context = "the sheet of view '\(name)'"
        let map = try reader.map(node, for: "'sheet'")
        try map.checkKeys(ScenarioLoader.sheetKeys, in: "'sheet'")
        var spec = SheetSpec(view: view)
        let containerY = try presentedContainerY(parent: parent, name: name, context: context, key: key)
        if let detentsNode = map["detents"] {
            let items = try reader.list(detentsNode, for: "'detents'")
            guard !items.isEmpty else {
                throw reader.error(at: detentsNode, "\(context) lists no detents; give at least one (large, medium or {id: …, height: …})")
            }
            spec.detents = []
            for item in items {
                let detent = try parseDetent(item, context: context)
                if spec.detents.contains(where: { $0.identifier == detent.identifier }) {
                    throw reader.error(at: item, "\(context) lists detent '\(detent.identifier)' twice")
                }
                spec.detents.append(detent)
            }
        }
        let names = spec.detents.map(\.identifier)
        func detentIndex(_ key: String) throws(ScenarioError) -> Int? {
            guard let node = map[key] else { return nil }
            let id = try reader.identifier(node, for: "'\(key)'")
            guard let index = names.firstIndex(of: id) else {
                throw reader.error(
                    at: node, "\(context): '\(key)' names detent '\(id)', which is not one of its detents (\(names.joined(separator: ", ")))")
            }
            return index
        }
        let tops = spec.detents.map { $0.top(windowHeight: scene.windowSize.height, parameters: scene.parameters) }
        // UIKit's default selection (nil) is the smallest detent: the largest top.
        spec.selectedDetent = try detentIndex("selected") ?? tops.indices.max { tops[$0] < tops[$1] }!
        spec.largestUndimmedDetent = try detentIndex("undimmedUpTo")
        if let v = try map.bool("modal") { spec.isModalInPresentation = v }
        if let v = try map.bool("expandsOnScroll") { spec.prefersScrollingExpandsWhenScrolledToEdge = v }
        if let delegateNode = map["delegate"] {
            let d = try reader.map(delegateNode, for: "'delegate'")
            try d.checkKeys(ScenarioLoader.sheetDelegateKeys, in: "'delegate'")
            spec.delegate = SheetDelegate(shouldDismiss: try d.bool("shouldDismiss"), logsCallbacks: try d.bool("logs") ?? true)
        }
        try checkTop(
            containerY + frame.origin.y, expected: tops[spec.selectedDetent], containerY: containerY, key: key,
            context: context, what: "its selected detent '\(names[spec.selectedDetent])' puts the sheet's top")
        return spec
    }

    /// The window y of a presented view's container: 0 under the window, the container's y under a container that is
    /// a subview of the window; deeper is refused (a sheet's or panel's top is its frame's y in window points).
    func presentedContainerY(parent: ViewID?, name: String, context: String, key: Node) throws(ScenarioError) -> Double {
        guard let parent else { return 0 }
        let container = pendingViews.first { $0.id == parent }!.spec
        guard container.parent == nil else {
            throw reader.error(
                at: key,
                "\(context): it must be a subview of the window or of a presentation container directly under "
                    + "the window, but '\(name)' is inside '\(container.name)', which is not")
        }
        return container.frame.origin.y
    }

    /// The view's top (window y) must be where its initial position puts it.
    func checkTop(_ top: Double, expected: Double, containerY: Double, key: Node, context: String, what: String) throws(ScenarioError) {
        guard abs(top - expected) >= 1e-9 else { return }
        throw reader.error(
            at: key,
            "\(context): the view's top is at window y \(ScenarioLimits.text(top)), but \(what) at "
                + "\(ScenarioLimits.text(expected)); set the frame's y to \(ScenarioLimits.text(expected - containerY))")
    }

    /// `large`, `medium` or `{id: name, height: pt}` (a custom detent, at most the large detent's height).
    func parseDetent(_ node: Node, context: String) throws(ScenarioError) -> SheetDetent {
        guard case .mapping = node else {
            let text = try reader.identifier(node, for: "a detent")
            switch text {
            case "large": return .large
            case "medium": return .medium
            default:
                throw reader.error(at: node, "unknown detent '\(text)' in \(context); a detent is large, medium or {id: name, height: pt}")
            }
        }
        let map = try reader.map(node, for: "a custom detent")
        try map.checkKeys(["id", "height"], in: "a custom detent")
        let id = try reader.identifier(try map.required("id", in: "a custom detent"), for: "'id'")
        guard id != "large" && id != "medium" else {
            throw reader.error(at: map["id"]!, "a custom detent may not be called '\(id)', the name of a system detent")
        }
        let heightNode = try map.required("height", in: "a custom detent")
        let height = try reader.number(heightNode, for: "'height'")
        let maximum = scene.windowSize.height - scene.parameters.sheetLargeDetentTop
        guard height > 0 else {
            throw reader.error(
                at: heightNode, "custom detent '\(id)' in \(context) has height \(ScenarioLimits.text(height)); a detent must be taller than 0 pt")
        }
        guard height <= maximum else {
            throw reader.error(
                at: heightNode,
                "custom detent '\(id)' in \(context) is \(ScenarioLimits.text(height)) pt tall, which puts its top above the "
                    + "large detent's (window y \(ScenarioLimits.text(scene.parameters.sheetLargeDetentTop))); "
                    + "the most a detent may be is \(ScenarioLimits.text(maximum)) pt")
        }
        return .custom(identifier: id, height: height)
    }
}
