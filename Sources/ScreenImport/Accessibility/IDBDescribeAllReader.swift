import TouchEngine

/// Reads `idb ui describe-all` JSON into an accessibility tree (docs/real-screens.md, "Accessibility trees"):
/// - an array of element objects: `type`, `frame` (`{x, y, width, height}`) or `AXFrame` (`"{{x, y}, {w, h}}"`) in
///   screen points, `AXLabel`, `AXUniqueId`, `AXValue`, `enabled`;
/// - flat (the default): no nesting is given, so it is taken from frames: an element's parent is the nearest element
///   before it whose frame holds its frame (accessibility order lists a container before what it holds), else the
///   first element, the application;
/// - nested (`--nested`, AXe's `describe-ui`): `children` arrays give the nesting.
/// idb's placeholder for an app that is not in front (one element with a zero frame and a null type) is refused.
enum IDBDescribeAllReader {
    static func read(_ text: String, file: String) throws(DumpRefusal) -> AccessibilityTree {
        let root = try JSONReading.parse(text, file: file, format: .idbJSON)
        guard let items = root.value.array else {
            throw DumpRefusal(
                file: file, line: root.line,
                message: "column \(root.column) ($): expected idb's array of elements, got \(JSONReading.describe(root.value))")
        }
        var tree = AccessibilityTree(format: .idbJSON)
        tree.hasWindows = false
        var nested = false
        // Depth-first with an explicit stack: (node, path, parent element).
        var stack: [(JSONText.Node, String, Int?)] = items.enumerated().reversed().map { ($0.element, "$[\($0.offset)]", nil) }
        while let (node, path, parent) = stack.popLast() {
            var element = try self.element(node, path: path, file: file)
            element.parent = parent
            let index = tree.elements.count
            tree.elements.append(element)
            if tree.elements.count > AccessibilityLimits.elements { break }
            if let list = try JSONReading.children(of: node, path: path, file: file, what: "elements") {
                nested = nested || !list.isEmpty
                stack += list.enumerated().reversed().map { ($0.element, "\(path).children[\($0.offset)]", index) }
            }
        }
        guard let first = tree.elements.first else {
            throw DumpRefusal(file: file, line: root.line, message: "idb's array of elements is empty; nothing to import")
        }
        if tree.elements.count == 1 && first.type == nil && (first.frame.map { $0.size.width == 0 && $0.size.height == 0 } ?? true) {
            throw DumpRefusal(
                file: file, line: first.line,
                message: "idb's placeholder element (a zero frame, no type): the app was not in front or its accessibility "
                    + "was not available when the tree was taken; take it again with the app open")
        }
        tree.applicationName = first.type == "Application" ? first.label : ""
        if !nested && tree.elements.count <= AccessibilityLimits.elements { inferContainment(&tree) }
        return tree
    }

    /// Flat output: each element's parent is the nearest earlier element whose frame holds its frame, else the root.
    static func inferContainment(_ tree: inout AccessibilityTree) {
        func holds(_ a: Rect, _ b: Rect) -> Bool {
            a.size.width > 0 && a.size.height > 0 && b.origin.x >= a.origin.x && b.origin.y >= a.origin.y
                && b.origin.x + b.size.width <= a.origin.x + a.size.width && b.origin.y + b.size.height <= a.origin.y + a.size.height
        }
        for i in tree.elements.indices.dropFirst() {
            tree.elements[i].parent = 0
            guard let frame = tree.elements[i].frame, frame.size.width > 0, frame.size.height > 0 else { continue }
            for j in stride(from: i - 1, to: 0, by: -1) {
                if let f = tree.elements[j].frame, holds(f, frame) {
                    tree.elements[i].parent = j
                    break
                }
            }
        }
        tree.notes.append("idb's flat output gives no nesting: each element is placed in the nearest element before it whose frame holds it")
    }

    static func element(_ node: JSONText.Node, path: String, file: String) throws(DumpRefusal) -> AccessibilityElement {
        guard node.value.isObject else {
            throw DumpRefusal(
                file: file, line: node.line,
                message: "column \(node.column) (\(path)): expected an element object, got \(JSONReading.describe(node.value))")
        }
        var element = AccessibilityElement(type: node.value["type"]?.value.string, line: node.line, column: node.column, parent: nil)
        if let frame = node.value["frame"] {
            var numbers: [Double] = []
            for key in ["x", "y", "width", "height"] {
                guard let n = frame.value[key]?.value.number else {
                    throw DumpRefusal(
                        file: file, line: frame.line,
                        message: "column \(frame.column) (\(path).frame): expected a number for \(key); the frame cannot be read")
                }
                numbers.append(n)
            }
            element.frame = Rect(numbers[0], numbers[1], numbers[2], numbers[3])
        } else if let text = node.value["AXFrame"]?.value.string {
            guard let (frame, rest) = XCUIDescriptionReader.parseFrame(Substring(text)), rest.isEmpty else {
                throw DumpRefusal(
                    file: file, line: node.line,
                    message: "column \(node.column) (\(path).AXFrame): '\(text)' is not a frame such as '{{0, 0}, {402, 874}}'")
            }
            element.frame = frame
        } else {
            throw DumpRefusal(
                file: file, line: node.line,
                message: "column \(node.column) (\(path)): an element with neither 'frame' nor 'AXFrame'; this is not idb's describe-all output")
        }
        element.label = node.value["AXLabel"]?.value.string ?? ""
        element.identifier = node.value["AXUniqueId"]?.value.string ?? ""
        element.value = node.value["AXValue"]?.value.string ?? ""
        if case .bool(false) = node.value["enabled"]?.value { element.isEnabled = false }
        return element
    }
}

/// What the JSON readers share: parsing with a refusal that names the line, column and JSON path.
enum JSONReading {
    static func parse(_ text: String, file: String, format: ScreenFormat) throws(DumpRefusal) -> JSONText.Node {
        do {
            // An element is an object and its `children` array: two levels each.
            return try JSONText.parse(text, maximumDepth: 2 * AccessibilityLimits.nesting + 4)
        } catch {
            throw DumpRefusal(file: file, line: error.line, message: "column \(error.column) (\(error.path)): not valid JSON: \(error.message)")
        }
    }

    /// The `children` array of the element node at `path` (nil when it has none); anything else is refused, naming
    /// the line and the JSON path.
    static func children(of node: JSONText.Node, path: String, file: String, what: String) throws(DumpRefusal) -> [JSONText.Node]? {
        guard let children = node.value["children"] else { return nil }
        guard let list = children.value.array else {
            throw DumpRefusal(
                file: file, line: children.line,
                message: "column \(children.column) (\(path).children): expected an array of \(what), got " + describe(children.value))
        }
        return list
    }

    static func describe(_ value: JSONText.Value) -> String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let s): return "the string \"\(s.prefix(30))\""
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}
