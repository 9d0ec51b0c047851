import TouchEngine

/// Reads Maestro's iOS hierarchy JSON into an accessibility tree (docs/real-screens.md, "Accessibility trees"):
/// nodes `{"attributes": {...}, "children": [...]}`, `bounds` `"[left,top][right,bottom]"` in screen points,
/// `accessibilityText` the label, `resource-id` the identifier, `hintText` a text field's placeholder, `enabled` a
/// string. Maestro's root is a virtual node with bounds `[0,0][0,0]`: its first child with a non-empty bounds is the
/// application, which stands for the window; the other children (the status bar's group) are left out. A whole debug
/// artifact (`commands-(flow).json`) is read at the last command's `metadata.error.hierarchyRoot`. Maestro gives no
/// element types: the builder tells text fields by their `hintText` and scroll views by their scroll-bar children.
enum MaestroHierarchyReader {
    static func read(_ text: String, file: String) throws(DumpRefusal) -> AccessibilityTree {
        var root = try JSONReading.parse(text, file: file, format: .maestroJSON)
        var rootPath = "$"
        if let commands = root.value.array {
            // A debug artifact: the hierarchy the last failing command saved.
            guard
                let (offset, hierarchy) = commands.enumerated().reversed().lazy.compactMap({ c in
                    c.element.value["metadata"]?.value["error"]?.value["hierarchyRoot"].map { (c.offset, $0) }
                }).first
            else {
                throw DumpRefusal(
                    file: file, line: root.line,
                    message: "column \(root.column) ($): an array with no command holding metadata.error.hierarchyRoot; "
                        + "this is not Maestro's hierarchy")
            }
            root = hierarchy
            rootPath = "$[\(offset)].metadata.error.hierarchyRoot"
        }
        var tree = AccessibilityTree(format: .maestroJSON)
        tree.hasWindows = false
        var stack: [(JSONText.Node, String, Int?)] = [(root, rootPath, nil)]
        while let (node, path, parent) = stack.popLast() {
            guard let attributes = node.value["attributes"], attributes.value.isObject else {
                throw DumpRefusal(
                    file: file, line: node.line,
                    message: "column \(node.column) (\(path)): expected a node with 'attributes' (Maestro's hierarchy), got "
                        + (node.value.isObject ? "an object without them" : JSONReading.describe(node.value)))
            }
            func string(_ key: String) -> String { attributes.value[key]?.value.string ?? "" }
            var element = AccessibilityElement(type: nil, line: node.line, column: node.column, parent: parent)
            let bounds = string("bounds")
            guard let frame = Self.bounds(bounds) else {
                throw DumpRefusal(
                    file: file, line: attributes.line,
                    message: "column \(attributes.column) (\(path).attributes.bounds): '\(bounds)' is not bounds such as '[0,0][393,852]'")
            }
            element.frame = frame
            element.label = string("accessibilityText")
            element.identifier = string("resource-id")
            element.value = string("value")
            element.placeholder = string("hintText")
            element.isEnabled = string("enabled") != "false"
            let index = tree.elements.count
            tree.elements.append(element)
            if tree.elements.count > AccessibilityLimits.elements { break }
            if let list = try JSONReading.children(of: node, path: path, file: file, what: "nodes") {
                stack += list.enumerated().reversed().map { ($0.element, "\(path).children[\($0.offset)]", index) }
            }
        }
        // The virtual root: its first child with a real frame is the app; the rest is the status bar.
        let top = tree.elements.indices.filter { tree.elements[$0].parent == 0 }
        if let first = tree.elements.first, first.frame.map({ $0.size.width == 0 && $0.size.height == 0 }) == true,
            let app = top.first(where: { tree.elements[$0].frame.map { $0.size.width > 0 && $0.size.height > 0 } == true })
        {
            let skipped = top.filter { $0 != app }
            if !skipped.isEmpty {
                tree.notes.append(
                    "Maestro's virtual root holds \(top.count) nodes: the app's (line \(tree.elements[app].line)) is imported, "
                        + "the others (the status bar's, from line \(tree.elements[skipped[0]].line)) are left out")
            }
            tree.applicationName = tree.elements[app].label
            tree = subtree(of: app, in: tree)
        }
        return tree
    }

    /// The tree rooted at `root` (document order kept, parents re-indexed).
    static func subtree(of root: Int, in tree: AccessibilityTree) -> AccessibilityTree {
        var result = tree
        result.elements = []
        var map = [Int: Int]()
        for (i, e) in tree.elements.enumerated() {
            guard i == root || (e.parent.flatMap { map[$0] } != nil) else { continue }
            var copy = e
            copy.parent = i == root ? nil : e.parent.flatMap { map[$0] }
            map[i] = result.elements.count
            result.elements.append(copy)
        }
        return result
    }

    /// `[left,top][right,bottom]` → a frame.
    static func bounds(_ text: String) -> Rect? {
        let numbers = text.split(whereSeparator: { $0 == "[" || $0 == "]" || $0 == "," }).map { Double($0.trimmingWhitespace()) }
        guard text.hasPrefix("["), text.hasSuffix("]"), numbers.count == 4, let l = numbers[0], let t = numbers[1], let r = numbers[2],
            let b = numbers[3], r >= l, b >= t
        else { return nil }
        return Rect(l, t, r - l, b - t)
    }
}
