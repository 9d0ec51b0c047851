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
        var containerY = 0.0
        if let parent {
            let container = pendingViews.first { $0.id == parent }!.spec
            guard container.parent == nil else {
                throw reader.error(
                    at: key,
                    "\(context): a sheet must be a subview of the window or of a presentation container directly under "
                        + "the window, but '\(name)' is inside '\(container.name)', which is not")
            }
            containerY = container.frame.origin.y
        }
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
        let top = containerY + frame.origin.y, expected = tops[spec.selectedDetent]
        guard abs(top - expected) < 1e-9 else {
            throw reader.error(
                at: key,
                "\(context): the view's top is at window y \(ScenarioLimits.text(top)), but its selected detent "
                    + "'\(names[spec.selectedDetent])' puts the sheet's top at \(ScenarioLimits.text(expected)); "
                    + "set the frame's y to \(ScenarioLimits.text(expected - containerY))")
        }
        return spec
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
