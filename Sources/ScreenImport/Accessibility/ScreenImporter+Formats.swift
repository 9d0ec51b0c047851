/// One entry point for every format `sweep import` and a sweep's `screens:` read (docs/real-screens.md).
extension ScreenImporter {
    /// Imports `text` (the file `file`) in `format`, or in the format its content shows when `format` is nil
    /// (`ScreenFormat.detect`). A file its reader cannot read, or a tree too deep or too large, is one `DumpRefusal`
    /// naming the file and line (and, for XML and JSON, the column and path); a bad overlay is a `ScenarioError`.
    public static func importScreen(
        _ text: String, file: String, format: ScreenFormat? = nil, name: String? = nil, map: ClassMap = ClassMap(),
        recognizers: RecognizerOverlay? = nil
    ) throws -> ImportedScreen {
        let format = format ?? ScreenFormat.detect(text)
        let tree: AccessibilityTree
        switch format {
        case .recursiveDescription:
            return try importDump(text, file: file, name: name, map: map, recognizers: recognizers)
        case .xcuiDebugDescription: tree = try XCUIDescriptionReader.read(text, file: file)
        case .appiumXML: tree = try WDAPageSourceReader.read(text, file: file)
        case .idbJSON: tree = try IDBDescribeAllReader.read(text, file: file)
        case .maestroJSON: tree = try MaestroHierarchyReader.read(text, file: file)
        }
        var parsed = try AccessibilityTreeBuilder.records(tree, file: file, declaredRecognizers: recognizers != nil)
        parsed.notes.insert("read as \(format.title) (\(plural(tree.elements.count, "element")) in the file)", at: 0)
        return try importRecords(parsed, file: file, name: name, map: map, recognizers: recognizers)
    }
}
