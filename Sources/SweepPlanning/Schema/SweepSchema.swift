import Foundation
import TouchEngine
import TouchScenarios

/// The JSON Schema of sweep configs (configs/schema/sweep.schema.json), generated from `AxisCatalog`, the
/// template and family lists and `SweepLimits`, so it cannot drift from the loader. Rules a schema cannot
/// express are left to the loader: zip and exclude must name axes of the sweep, zip groups need equal value
/// counts, a range needs `from ≤ to`, `max ≥ min`, exclude values must be values of their axis, limits on
/// the number of combinations.
public enum SweepSchema {
    /// Where the file lives, relative to the repository root.
    public static let path = "configs/schema/sweep.schema.json"

    /// The schema as the file holds it (pretty JSON, newline at the end).
    public static var text: String { JSONText.render(document, pretty: true) }

    public static var document: JSONValue {
        obj([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("title", .string("TouchSweep sweep config")),
            (
                "description",
                .string(
                    "A sweep config for `sweep plan` and `sweep run` (docs/sweep-config.md). Generated from "
                        + "AxisCatalog by SweepSchema in Sources/SweepPlanning; regenerate with TOUCHSWEEP_RECORD=1 swift test "
                        + "--filter SweepPlanningTests. The loader also checks what a schema cannot: zip and exclude name axes of "
                        + "this sweep, zip groups have equal value counts, ranges have from <= to, max >= min, exclude values are "
                        + "values of their axis, at most \(SweepLimits.combinations) combinations.")
            ),
            ("type", .string("object")),
            ("required", .array([.string("name")])),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                obj([
                    (
                        "name",
                        obj([
                            ("description", .string("The sweep's name; the default output directory is out/<name>.")),
                            ("type", .string("string")), ("pattern", .string("^[A-Za-z0-9][A-Za-z0-9._-]*$"))
                        ])
                    ),
                    ("description", obj([("description", .string("Free text.")), ("type", .string("string")), ("minLength", 1)])),
                    (
                        "seed",
                        obj([
                            ("description", .string("Root seed of every tree and gesture: an integer, or 0x and 1 to 16 hex digits.")),
                            (
                                "anyOf",
                                .array([
                                    obj([
                                        ("type", .string("integer")), ("minimum", 0),
                                        ("maximum", .number(Decimal(string: "\(UInt64.max)")!))
                                    ]),
                                    obj([("type", .string("string")), ("pattern", .string("^0[xX][0-9a-fA-F]{1,16}$"))])
                                ])
                            ),
                            ("default", 1)
                        ])
                    ),
                    (
                        "output",
                        obj([
                            ("description", .string("Output directory (default out/<name>).")), ("type", .string("string")),
                            ("minLength", 1)
                        ])
                    ),
                    (
                        "axes",
                        obj([
                            (
                                "description",
                                .string(
                                    "Axis name -> values: a list, a range {from, to, step} (number axes), "
                                        + "bool (boolean axes) or a single value. The product varies the last axis fastest.")
                            ),
                            ("type", .string("object")), ("additionalProperties", .bool(false)),
                            ("properties", obj(AxisCatalog.all.map { ($0.name, axisSchema($0)) }))
                        ])
                    ),
                    (
                        "zip",
                        obj([
                            ("description", .string("Groups of axes that vary together (equal numbers of values).")),
                            ("type", .string("array")),
                            (
                                "items",
                                obj([
                                    ("type", .string("array")), ("minItems", 2), ("uniqueItems", .bool(true)),
                                    ("items", ref("axisName"))
                                ])
                            )
                        ])
                    ),
                    (
                        "exclude",
                        obj([
                            ("description", .string("Rules {axis: value, ...}; a combination matching every pair of a rule is dropped.")),
                            ("type", .string("array")),
                            (
                                "items",
                                obj([
                                    ("type", .string("object")), ("minProperties", 1),
                                    ("additionalProperties", .bool(false)),
                                    ("properties", obj(AxisCatalog.all.map { ($0.name, singleValue($0)) }))
                                ])
                            )
                        ])
                    ),
                    (
                        "whatIf",
                        obj([
                            (
                                "description",
                                .string(
                                    "Axis name -> the values of this sweep's axis that no shipped app keeps: defects runs owe to "
                                        + "them count as what-ifs, apart from hazards (docs/defects.md).")
                            ),
                            ("type", .string("object")), ("additionalProperties", .bool(false)),
                            ("properties", obj(AxisCatalog.all.map { ($0.name, axisSchema($0)) }))
                        ])
                    ),
                    ("trees", trees),
                    ("gestures", gestures),
                    (
                        "examples",
                        obj([
                            ("description", .string("Examples kept per configuration and defect class.")),
                            ("type", .string("integer")), ("minimum", .number(Decimal(SweepLimits.examples.lowerBound))),
                            ("maximum", .number(Decimal(SweepLimits.examples.upperBound))), ("default", 3)
                        ])
                    ),
                    (
                        "embedded",
                        obj([
                            (
                                "description",
                                .string(
                                    "Written by sweep: the dumps trees.screens named, with their map and "
                                        + "recognizers files, as read (docs/real-screens.md).")
                            ),
                            ("type", .string("array")),
                            (
                                "items",
                                obj([
                                    ("type", .string("object")), ("additionalProperties", .bool(false)),
                                    ("required", .array([.string("file"), .string("text")])),
                                    (
                                        "properties",
                                        obj([
                                            ("file", obj([("type", .string("string"))])),
                                            ("text", obj([("type", .string("string"))])),
                                            ("map", embeddedFile),
                                            ("recognizers", embeddedFile)
                                        ])
                                    )
                                ])
                            )
                        ])
                    )
                ])
            ),
            (
                "$defs",
                obj([
                    ("axisName", obj([("enum", .array(AxisCatalog.all.map { .string($0.name) }))])),
                    ("weight", obj([("type", .string("number")), ("exclusiveMinimum", 0), ("maximum", 1_000_000)]))
                ])
            )
        ])
    }

    /// An embedded map or recognizers file.
    static var embeddedFile: JSONValue {
        obj([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("required", .array([.string("file"), .string("text")])),
            ("properties", obj([("file", obj([("type", .string("string"))])), ("text", obj([("type", .string("string"))]))]))
        ])
    }

    // MARK: Axes

    /// One value of an axis.
    static func singleValue(_ axis: AxisDefinition) -> JSONValue {
        switch axis.type {
        case let .number(_, range):
            return obj([("type", .string("number")), ("minimum", number(range.lowerBound)), ("maximum", number(range.upperBound))])
        case .bool:
            return obj([("type", .string("boolean"))])
        case .choice(let options):
            return obj([("enum", .array(options.map { .string($0) }))])
        case .version:
            return obj([
                (
                    "anyOf",
                    .array([
                        obj([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]+)?$"))]),
                        obj([("type", .string("number")), ("minimum", 0)])
                    ])
                )
            ])
        }
    }

    /// Everything an axis entry may be.
    static func axisSchema(_ axis: AxisDefinition) -> JSONValue {
        let one = singleValue(axis)
        let list = obj([("type", .string("array")), ("minItems", 1), ("uniqueItems", .bool(true)), ("items", one)])
        var forms = [one, list]
        switch axis.type {
        case .number:
            forms.append(
                obj([
                    ("type", .string("object")), ("required", .array(["from", "to", "step"].map { .string($0) })),
                    ("additionalProperties", .bool(false)),
                    (
                        "properties",
                        obj([
                            ("from", one), ("to", one),
                            ("step", obj([("type", .string("number")), ("exclusiveMinimum", 0)]))
                        ])
                    )
                ]))
        case .bool:
            forms.append(obj([("const", .string("bool"))]))
        default: break
        }
        let fix = axis.fix.map { " Seed fix: " + $0.values.map(\.description).joined(separator: " or ") + " (" + $0.source + ")." } ?? ""
        return obj([("description", .string(axis.summary + " Values: " + axis.allowedValues + "." + fix)), ("oneOf", .array(forms))])
    }

    // MARK: Trees and gestures

    static var trees: JSONValue {
        let templates = TreeTemplate.generated.map(\.rawValue)
        return obj([
            ("description", .string("Which trees each configuration runs (the same trees for every configuration).")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                obj([
                    (
                        "screens",
                        obj([
                            ("description", .string("Dumps of real screens (paths or globs, relative to the config file's directory); docs/real-screens.md.")),
                            ("type", .string("array")), ("minItems", int(1)),
                            (
                                "items",
                                obj([
                                    (
                                        "oneOf",
                                        .array([
                                            obj([("type", .string("string")), ("minLength", int(1))]),
                                            obj([
                                                (
                                                    "description",
                                                    .string(
                                                        "A dump (path or glob) with the class map and recognizers "
                                                            + "files of sweep import --map / --recognizers, paths resolved like the dump's.")
                                                ),
                                                ("type", .string("object")), ("additionalProperties", .bool(false)),
                                                ("required", .array([.string("dump")])),
                                                (
                                                    "properties",
                                                    obj(
                                                        ["dump", "map", "recognizers"].map {
                                                            ($0, obj([("type", .string("string")), ("minLength", int(1))]))
                                                        })
                                                )
                                            ])
                                        ])
                                    )
                                ])
                            )
                        ])
                    ),
                    (
                        "excludeTransient",
                        obj([
                            (
                                "description",
                                .string("Leave out the screens whose dump looks caught mid-change (an animation, an alert, a swipe); docs/real-screens.md.")
                            ),
                            ("type", .string("boolean")), ("default", .bool(false))
                        ])
                    ),
                    (
                        "perConfiguration",
                        obj([
                            ("type", .string("integer")), ("minimum", int(SweepLimits.treesPerConfiguration.lowerBound)),
                            ("maximum", int(SweepLimits.treesPerConfiguration.upperBound)), ("default", 10)
                        ])
                    ),
                    (
                        "templates",
                        obj([
                            ("description", .string("A list (weight 1 each) or a map template -> weight; default every template.")),
                            (
                                "oneOf",
                                .array([
                                    obj([
                                        ("type", .string("array")), ("minItems", 1), ("uniqueItems", .bool(true)),
                                        ("items", obj([("enum", .array(templates.map { .string($0) }))]))
                                    ]),
                                    obj([
                                        ("type", .string("object")), ("minProperties", 1), ("additionalProperties", .bool(false)),
                                        ("properties", obj(templates.map { ($0, ref("weight")) }))
                                    ])
                                ])
                            )
                        ])
                    ),
                    ("rows", intRange(SweepLimits.rows, "Cells per table, items per collection.")),
                    ("controls", intRange(SweepLimits.controls, "Controls per form or settings section.")),
                    (
                        "random",
                        obj([
                            ("description", .string("The random template's shape.")),
                            ("type", .string("object")), ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                obj([
                                    ("depth", intRange(SweepLimits.depth, "Depth below the root.")),
                                    ("fanOut", intRange(SweepLimits.fanOut, "Children per container.")),
                                    (
                                        "kindMix",
                                        obj([
                                            ("description", .string("View kind -> relative weight of leaves (replaces the default mix).")),
                                            ("type", .string("object")), ("minProperties", 1), ("additionalProperties", .bool(false)),
                                            ("properties", obj(ViewKind.allCases.map { ($0.rawValue, ref("weight")) }))
                                        ])
                                    )
                                ])
                            )
                        ])
                    ),
                    (
                        "edgeGate",
                        obj([
                            ("description", .string("Install the system edge gates on the bottom and top edges.")),
                            ("type", .string("boolean")), ("default", .bool(true))
                        ])
                    )
                ])
            )
        ])
    }

    static var gestures: JSONValue {
        obj([
            ("description", .string("Which touch scripts run on each tree.")),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                obj([
                    (
                        "families",
                        obj([
                            ("type", .string("array")), ("minItems", 1), ("uniqueItems", .bool(true)),
                            ("items", obj([("enum", .array(GestureFamily.allCases.map { .string($0.rawValue) }))]))
                        ])
                    ),
                    (
                        "placements",
                        obj([
                            ("description", .string("Gestures per family per tree.")), ("type", .string("integer")),
                            ("minimum", int(SweepLimits.placements.lowerBound)),
                            ("maximum", int(SweepLimits.placements.upperBound)), ("default", 1)
                        ])
                    ),
                    (
                        "sampleRate",
                        obj([
                            ("description", .string("Move samples per second (Hz).")), ("type", .string("number")),
                            ("minimum", number(SweepLimits.sampleRate.lowerBound)),
                            ("maximum", number(SweepLimits.sampleRate.upperBound)), ("default", 120)
                        ])
                    ),
                    (
                        "jitter",
                        obj([
                            ("description", .string("Timing jitter, ± ms per sample.")), ("type", .string("number")),
                            ("minimum", number(SweepLimits.jitter.lowerBound)),
                            ("maximum", number(SweepLimits.jitter.upperBound)), ("default", 2)
                        ])
                    )
                ])
            )
        ])
    }

    static func intRange(_ limits: ClosedRange<Int>, _ description: String) -> JSONValue {
        let bound = obj([("type", .string("integer")), ("minimum", int(limits.lowerBound)), ("maximum", int(limits.upperBound))])
        return obj([
            ("description", .string(description + " {min, max}, min <= max.")), ("type", .string("object")),
            ("required", .array([.string("min"), .string("max")])), ("additionalProperties", .bool(false)),
            ("properties", obj([("min", bound), ("max", bound)]))
        ])
    }

    // MARK: Helpers

    static func obj(_ members: [(String, JSONValue)]) -> JSONValue { .object(members.map { (key: $0.0, value: $0.1) }) }
    static func ref(_ name: String) -> JSONValue { obj([("$ref", .string("#/$defs/" + name))]) }
    static func int(_ n: Int) -> JSONValue { .number(Decimal(n)) }
    static func number(_ d: Double) -> JSONValue { .number(DecimalText.parse(AxisValueText.number(d)) ?? Decimal(d)) }
}

extension JSONValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    public init(integerLiteral value: Int) { self = .number(Decimal(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
}
