import ScenarioKit
import TouchEngine

/// What a dump may hold that a scenario file cannot: views nested deeper than `ScenarioLimits.viewDepth` (the
/// dump is refused) and numbers outside `ScenarioLimits` (read as zero or left out, with a warning), so that the
/// file `sweep import` writes always loads (docs/real-screens.md).
extension ScreenImporter {
    /// Refuses the dump at the first record whose view would be nested deeper than a scenario's views may.
    /// A window root is the window; any other root becomes the window's only subview (depth 1).
    static func checkDepth(_ records: [DumpRecord], rootIsWindow: Bool, file: String) throws(DumpRefusal) {
        let shift = rootIsWindow ? 0 : 1
        guard let deep = records.first(where: { $0.depth + shift > ScenarioLimits.viewDepth }) else { return }
        throw DumpRefusal(
            file: file, line: deep.line,
            message: "\(deep.className) is nested \(deep.depth + shift) views deep, "
                + "deeper than the \(ScenarioLimits.viewDepth) levels a scenario file's views may nest; refused")
    }

    /// A frame a scenario holds: finite, origin within `ScenarioLimits.coordinate`, size within `ScenarioLimits.length`.
    static func isInRange(_ r: Rect) -> Bool {
        isInRange(r.origin) && ScenarioLimits.length.contains(r.size.width) && ScenarioLimits.length.contains(r.size.height)
    }

    /// A point within `ScenarioLimits.coordinate` (NaN is not).
    static func isInRange(_ p: Point) -> Bool {
        ScenarioLimits.coordinate.contains(p.x) && ScenarioLimits.coordinate.contains(p.y)
    }

    static func isInRange(_ s: Size) -> Bool {
        ScenarioLimits.length.contains(s.width) && ScenarioLimits.length.contains(s.height)
    }

    static func isInRange(_ e: EdgeInsets) -> Bool {
        [e.top, e.left, e.bottom, e.right].allSatisfy { ScenarioLimits.coordinate.contains($0) }
    }

    /// "coordinates from -1000000 to 1000000 pt, sizes from 0 to 1000000 pt", for warnings.
    static var rangesText: String {
        "coordinates \(ScenarioLimits.describe(ScenarioLimits.coordinate, unit: "pt")), sizes "
            + ScenarioLimits.describe(ScenarioLimits.length, unit: "pt")
    }
}
