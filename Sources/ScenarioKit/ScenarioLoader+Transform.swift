import TouchEngine
import Yams

extension ScenarioLimits {
    /// A scale factor of `transform` (each axis; negative flips): at least 0.001 and at most 1000 in size.
    public static let scaleFactor: ClosedRange<Double> = 0.001 ... 1000
    /// A rotation of `transform`, in degrees.
    public static let rotationDegrees: ClosedRange<Double> = -3600 ... 3600
    /// The a, b, c, d entries of a `transform: {matrix: …}`.
    public static let matrixEntry: ClosedRange<Double> = -1000 ... 1000
    /// The tx, ty entries of a `transform: {matrix: …}`, in pt: wider than a coordinate, so that any list of
    /// operations written back as its matrix (`ScenarioWriter`) loads again.
    public static let matrixTranslation: ClosedRange<Double> = -1e9 ... 1e9
    /// The smallest size of a transform's determinant: a flatter one hides the view, and what UIKit hit-tests then
    /// is not documented.
    public static let minimumDeterminant = 1e-6
}

extension ScenarioLoader {
    static let transformOperations = ["scale", "rotate", "translate", "flip", "matrix"]
}

extension ScenarioLoader.Builder {
    /// `transform:` — one operation, or a list applied in order (the first listed acts first on the view):
    /// `{scale: 2}`, `{scale: [2, 0.5]}`, `{rotate: 90}` (degrees, clockwise on screen), `{translate: [10, 0]}`,
    /// `{flip: horizontal}` / `{flip: vertical}`, `{matrix: [a, b, c, d, tx, ty]}` (`CGAffineTransform`'s fields).
    func parseTransform(_ node: Node) throws(ScenarioError) -> AffineTransform {
        let operations: [Node]
        if case .sequence = node {
            operations = try reader.list(node, for: "'transform'")
            guard !operations.isEmpty else {
                throw reader.mismatch(node, expected: "a transform operation or a non-empty list of them", for: "'transform'")
            }
        } else {
            operations = [node]
        }
        var transform = AffineTransform.identity
        for operation in operations { transform = transform.concatenating(try parseTransformOperation(operation)) }
        guard abs(transform.determinant) >= ScenarioLimits.minimumDeterminant else {
            throw reader.error(
                at: node,
                "this transform flattens the view (its determinant is \(transform.determinant)); what UIKit "
                    + "hit-tests then is not documented, so scenarios may not use one — give the view a small scale or hide it")
        }
        return transform
    }

    func parseTransformOperation(_ node: Node) throws(ScenarioError) -> AffineTransform {
        let map = try reader.map(node, for: "a transform operation")
        try map.checkKeys(ScenarioLoader.transformOperations, in: "a transform operation")
        guard map.entries.count == 1, let entry = map.entries.first else {
            throw reader.error(
                at: node,
                "a transform operation has exactly one of the keys "
                    + ScenarioLoader.transformOperations.joined(separator: ", ") + "; to combine several, list them in the order they apply")
        }
        let value = entry.value
        switch entry.key {
        case "scale":
            if case .sequence = value {
                let v = try reader.list(value, for: "'scale'")
                guard v.count == 2 else { throw reader.mismatch(value, expected: "a factor or [sx, sy]", for: "'scale'") }
                return .scale(try scaleFactor(v[0]), try scaleFactor(v[1]))
            }
            let s = try scaleFactor(value)
            return .scale(s, s)
        case "rotate":
            return .rotation(
                degrees: try reader.number(
                    value, in: ScenarioLimits.rotationDegrees, "an angle", unit: "degrees",
                    for: "'rotate'"))
        case "translate":
            let p = try reader.point(value, for: "'translate'")
            return .translation(p.x, p.y)
        case "flip":
            return try reader.choice(value, ["horizontal", "vertical"], for: "'flip'") == "horizontal" ? .scale(-1, 1) : .scale(1, -1)
        default:
            let v = try reader.list(value, for: "'matrix'")
            guard v.count == 6 else { throw reader.mismatch(value, expected: "[a, b, c, d, tx, ty]", for: "'matrix'") }
            var entries: [Double] = []
            for (i, element) in v.enumerated() {
                entries.append(
                    try reader.number(
                        element, in: i < 4 ? ScenarioLimits.matrixEntry : ScenarioLimits.matrixTranslation,
                        i < 4 ? "a matrix entry" : "a translation", unit: i < 4 ? "" : "pt", for: "'matrix'"))
            }
            return AffineTransform(a: entries[0], b: entries[1], c: entries[2], d: entries[3], tx: entries[4], ty: entries[5])
        }
    }

    /// A scale factor: its size within `ScenarioLimits.scaleFactor` (negative flips).
    func scaleFactor(_ node: Node) throws(ScenarioError) -> Double {
        let range = ScenarioLimits.scaleFactor
        guard let value = try? reader.number(node, for: "'scale'"), range.contains(abs(value)) else {
            throw reader.mismatch(
                node, expected: "a scale factor whose size is \(ScenarioLimits.describe(range)) (negative flips)",
                for: "'scale'")
        }
        return value
    }
}
