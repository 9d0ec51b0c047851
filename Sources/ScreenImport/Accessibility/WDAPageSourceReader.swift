import TouchEngine

/// Reads Appium's or WebDriverAgent's page-source XML into an accessibility tree (docs/real-screens.md,
/// "Accessibility trees"): each `XCUIElementType…` element is one element, nested as in the XML; `x y width height`
/// its frame in screen points, `visible` and `enabled` its flags, `label`, `name`, `value` and `placeholderValue`
/// its texts. Appium's `<AppiumAUT>` wrapper is read past; any other element name is refused.
enum WDAPageSourceReader {
    static func read(_ text: String, file: String) throws(DumpRefusal) -> AccessibilityTree {
        let xml: [XMLText.Element]
        do {
            xml = try XMLText.parse(text, maximumDepth: AccessibilityLimits.nesting)
        } catch {
            throw DumpRefusal(
                file: file, line: error.line,
                message: "column \(error.column)\(error.path.isEmpty ? "" : " (in \(error.path))"): not well-formed page-source XML: \(error.message)")
        }
        var tree = AccessibilityTree(format: .appiumXML)
        var index = [Int?](repeating: nil, count: xml.count)
        for (i, x) in xml.enumerated() {
            if x.name == "AppiumAUT" && x.parent == nil { continue }
            guard x.name.hasPrefix("XCUIElementType") else {
                let path = pathText(i, xml)
                throw DumpRefusal(
                    file: file, line: x.line,
                    message: "<\(x.name)> (\(path)) is not a page-source element: Appium and WebDriverAgent write "
                        + "<XCUIElementType…> elements (under <AppiumAUT>)")
            }
            var element = AccessibilityElement(
                type: AccessibilityTypeTable.typeName(x["type"] ?? x.name), line: x.line, column: x.column,
                parent: x.parent.flatMap { index[$0] })
            if x.parent != nil && element.parent == nil && !tree.elements.isEmpty {
                element.parent = 0
            }
            if let frame = try frame(x, file: file, path: { pathText(i, xml) }) { element.frame = frame }
            element.label = x["label"] ?? ""
            element.identifier = x["name"] ?? ""
            element.value = x["value"] ?? ""
            element.placeholder = x["placeholderValue"] ?? ""
            if let visible = x["visible"] { element.isVisible = visible != "false" }
            if let enabled = x["enabled"] { element.isEnabled = enabled != "false" }
            if tree.elements.isEmpty {
                tree.applicationName = element.label.isEmpty ? element.identifier : element.label
                tree.bundleIdentifier = x["bundleId"] ?? ""
            }
            index[i] = tree.elements.count
            tree.elements.append(element)
        }
        guard !tree.elements.isEmpty else {
            throw DumpRefusal(file: file, message: "page-source XML with no <XCUIElementType…> element; nothing to import")
        }
        return tree
    }

    /// `x y width height` (all four, numbers), nil when the element has none of them.
    static func frame(_ x: XMLText.Element, file: String, path: () -> String) throws(DumpRefusal) -> Rect? {
        let keys = ["x", "y", "width", "height"]
        let values = keys.map { x[$0] }
        if values.allSatisfy({ $0 == nil }) { return nil }
        var numbers: [Double] = []
        for (key, value) in zip(keys, values) {
            guard let value, let number = Double(value), number.isFinite else {
                throw DumpRefusal(
                    file: file, line: x.line,
                    message: "<\(x.name)> (\(path())) has \(value.map { "\(key)=\"\($0)\", not a number" } ?? "no \(key)"): "
                        + "its frame cannot be read")
            }
            numbers.append(number)
        }
        return Rect(numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// `/AppiumAUT/XCUIElementTypeApplication/XCUIElementTypeWindow[2]`: the element's XML path, with the position
    /// among same-named siblings where there are several.
    static func pathText(_ i: Int, _ xml: [XMLText.Element]) -> String {
        var parts: [String] = []
        var c: Int? = i
        while let j = c {
            let siblings = xml.indices.filter { xml[$0].parent == xml[j].parent && xml[$0].name == xml[j].name }
            let position = siblings.firstIndex(of: j).map { $0 + 1 } ?? 1
            parts.append(siblings.count > 1 ? "\(xml[j].name)[\(position)]" : xml[j].name)
            c = xml[j].parent
        }
        return "/" + parts.reversed().joined(separator: "/")
    }
}
