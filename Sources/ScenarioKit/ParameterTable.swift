import TouchEngine

/// One field of the engine's ``Parameters`` as every layer names it: its key in a scenario's `parameters:` block and
/// in a sweep config's axes, how a file gives its value (``Kind``), how it is read and set, whether a sweep may vary it
/// (``Axis``), and whether the shrinker tries it at its default. ``ParameterTable/fields`` holds one row per field:
/// the loader, the writer, the sweep axes (TouchScenarios' `AxisCatalog`) and the shrinker all read it.
public struct ParameterField: Sendable {
    /// How a scenario file gives the value, and so how it is read, written and checked.
    public enum Kind: Sendable {
        /// A duration in milliseconds (``ScenarioLimits/milliseconds``).
        case milliseconds
        /// A duration in milliseconds within its own range.
        case millisecondsIn(ClosedRange<Double>)
        /// A distance in points (``ScenarioLimits/length``).
        case length
        /// A number without a unit within `range`.
        case ratio(ClosedRange<Double>)
        /// A number of `unit` within `range`: "a rate" per second, "a speed" in pt/s…
        case quantity(ClosedRange<Double>, noun: String, unit: String)
        case bool
        /// An iOS version such as "17.4".
        case version
        /// A device idiom (`phone`, `pad`).
        case device
    }

    /// A field's value.
    public enum Value: Sendable, Equatable {
        case duration(TouchEngine.Duration)
        case number(Double)
        case bool(Bool)
        case version(OSVersion)
        case device(DeviceIdiom)
    }

    /// A field a sweep may vary: the axis's one-line summary (docs/sweep-config.md) and, when the value is a number,
    /// the numbers it accepts (nil: from 0 to a default of its unit's).
    public struct Axis: Sendable {
        public let summary: String
        public let range: ClosedRange<Double>?
    }

    /// The key in `parameters:` and the axis's name.
    public let key: String
    public let kind: Kind
    /// As a sweep axis, or nil.
    public let axis: Axis?
    /// Whether the shrinker tries setting it back to its default (docs/shrinking.md).
    public let shrinks: Bool
    /// The value, or nil for an override that is not set (the engine derives it from other fields).
    public let get: @Sendable (Parameters) -> Value?
    /// Sets the value; nil clears an override.
    public let set: @Sendable (inout Parameters, Value?) -> Void

    /// The value in `Parameters()`: nil for an override.
    public var standard: Value? { self.get(Parameters()) }
}

/// Every field of ``Parameters``, once (``ParameterField``), in the order of docs/scenario-format.md.
public enum ParameterTable {
    /// The field named `key`, if any.
    public static func field(_ key: String) -> ParameterField? { byKey[key] }

    public static let keys = fields.map(\.key)

    private static let byKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })

    public static let fields: [ParameterField] = scrolling + recognizers + controlsAndGates + navigation + presentation

    typealias Path<T> = WritableKeyPath<Parameters, T> & Sendable
    typealias Axis = ParameterField.Axis

    static func axis(_ summary: String, _ maximum: Double? = nil) -> Axis { Axis(summary: summary, range: maximum.map { 0 ... $0 }) }
    static func axis(_ summary: String, range: ClosedRange<Double>) -> Axis { Axis(summary: summary, range: range) }

    static func field<T>(
        _ key: String, _ kind: ParameterField.Kind, _ path: Path<T>, axis: Axis?, shrinks: Bool,
        wrap: @escaping @Sendable (T) -> ParameterField.Value, unwrap: @escaping @Sendable (ParameterField.Value) -> T?
    ) -> ParameterField {
        ParameterField(
            key: key, kind: kind, axis: axis, shrinks: shrinks, get: { wrap($0[keyPath: path]) },
            set: { p, value in if let value, let v = unwrap(value) { p[keyPath: path] = v } })
    }

    /// A field the engine derives unless a scenario sets it (nil: derived).
    static func override<T>(
        _ key: String, _ kind: ParameterField.Kind, _ path: Path<T?>, axis: Axis?, shrinks: Bool,
        wrap: @escaping @Sendable (T) -> ParameterField.Value, unwrap: @escaping @Sendable (ParameterField.Value) -> T?
    ) -> ParameterField {
        ParameterField(
            key: key, kind: kind, axis: axis, shrinks: shrinks, get: { $0[keyPath: path].map(wrap) },
            set: { p, value in p[keyPath: path] = value.flatMap(unwrap) })
    }

    static func duration(_ value: ParameterField.Value) -> TouchEngine.Duration? { if case .duration(let d) = value { d } else { nil } }
    static func number(_ value: ParameterField.Value) -> Double? { if case .number(let x) = value { x } else { nil } }
    static func flag(_ value: ParameterField.Value) -> Bool? { if case .bool(let b) = value { b } else { nil } }

    static func ms(_ key: String, _ path: Path<TouchEngine.Duration>, axis: Axis? = nil, shrinks: Bool = false) -> ParameterField {
        field(key, .milliseconds, path, axis: axis, shrinks: shrinks, wrap: { .duration($0) }, unwrap: duration)
    }
    static func pt(_ key: String, _ path: Path<Double>, axis: Axis? = nil, shrinks: Bool = false) -> ParameterField {
        field(key, .length, path, axis: axis, shrinks: shrinks, wrap: { .number($0) }, unwrap: number)
    }
    static func number(
        _ key: String, _ kind: ParameterField.Kind, _ path: Path<Double>, axis: Axis? = nil, shrinks: Bool = false
    ) -> ParameterField {
        field(key, kind, path, axis: axis, shrinks: shrinks, wrap: { .number($0) }, unwrap: number)
    }
    static func bool(_ key: String, _ path: Path<Bool>, axis: Axis? = nil, shrinks: Bool = false) -> ParameterField {
        field(key, .bool, path, axis: axis, shrinks: shrinks, wrap: { .bool($0) }, unwrap: flag)
    }
}
