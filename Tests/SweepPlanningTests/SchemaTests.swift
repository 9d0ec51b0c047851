import Foundation
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepPlanning

@Suite struct SchemaTests {
    @Test func theSchemaFileIsTheGeneratedOne() throws {
        Golden.expect(SweepSchema.text, matches: Repository.url(SweepSchema.path))
    }

    @Test func theSchemaNamesExactlyTheAxesOfTheCatalog() throws {
        let schema = try JSONValue(json: Repository.text(SweepSchema.path))
        let names = AxisCatalog.all.map(\.name)
        func strings(_ v: JSONValue?) -> [String] {
            guard case .array(let items)? = v else { return [] }
            return items.compactMap {
                if case .string(let s) = $0 { return s }; return nil
            }
        }
        func keys(_ v: JSONValue?) -> [String] {
            guard case .object(let members)? = v else { return [] }
            return members.map(\.key)
        }
        #expect(strings(schema["$defs"]?["axisName"]?["enum"]) == names)
        #expect(keys(schema["properties"]?["axes"]?["properties"]) == names)
        #expect(keys(schema["properties"]?["exclude"]?["items"]?["properties"]) == names)
        // Each axis's single-value schema carries the catalogue's bounds and choices.
        for axis in AxisCatalog.all {
            let one = try #require(schema["properties"]?["exclude"]?["items"]?["properties"]?[axis.name])
            switch axis.type {
            case let .number(_, range):
                #expect(one["minimum"]?.equals(.number(Decimal(range.lowerBound))) == true, "\(axis.name)")
                #expect(one["maximum"]?.equals(.number(Decimal(range.upperBound))) == true, "\(axis.name)")
            case .choice(let options): #expect(strings(one["enum"]) == options, "\(axis.name)")
            case .bool: #expect(one["type"]?.equals("boolean") == true, "\(axis.name)")
            case .version: #expect(one["anyOf"] != nil, "\(axis.name)")
            }
        }
        #expect(
            strings(schema["properties"]?["gestures"]?["properties"]?["families"]?["items"]?["enum"])
                == GestureFamily.allCases.map(\.rawValue))
        #expect(keys(schema["properties"]) == SweepConfigLoader.topLevelKeys)
        #expect(keys(schema["properties"]?["trees"]?["properties"]) == SweepConfigLoader.treeKeys)
        #expect(keys(schema["properties"]?["gestures"]?["properties"]) == SweepConfigLoader.gestureKeys)
    }

    /// Sweep configs in configs/ (not configs/scenarios): YAML files with a top-level `axes:` or `trees:` key.
    static func sweepConfigs() throws -> [String] {
        let root = Repository.url("configs")
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml"), !relative.hasPrefix("scenarios/") else { continue }
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            let topLevel = text.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("#") }
            if topLevel.contains(where: { $0.hasPrefix("axes:") || $0.hasPrefix("trees:") }) { found.append("configs/" + relative) }
        }
        return found.sorted()
    }

    @Test(.disabled(if: SchemaCheck.unavailable != nil, "\(SchemaCheck.unavailable ?? "")"))
    func everySweepConfigInTheRepositoryLoadsAndValidates() throws {
        let configs = try Self.sweepConfigs()
        #expect(configs.contains("configs/quickstart.yaml") && configs.contains("configs/seeds-sweep.yaml"))
        let violations = try SchemaCheck.violations(configs.map { try JSONValue.fromYAML(try Repository.text($0), path: $0) })
        for (path, found) in zip(configs, violations) {
            #expect(found.isEmpty, "\(path): \(found)")
            #expect(throws: Never.self, "\(path)") { _ = try SweepConfigLoader.load(yaml: try Repository.text(path), path: path) }
        }
    }

    static let goodConfigs: [String] = [
        "name: a\n",
        "name: a.b_c-1\nseed: 18446744073709551615\noutput: out/x\ndescription: text\n",
        "name: a\nseed: 0x8641650874ab597e\n", // a seed as examples.csv writes it
        "name: a\naxes:\n  contentTouchDelay: {from: 0, to: 300, step: 50}\n  scrollViews.bounces: bool\n",
        "name: a\naxes:\n  iosVersion: [\"17.0\", 17.4, 18]\n  device: pad\n  system.edgeGate: false\n",
        "name: a\naxes: {overlay.passThrough: bool, overlay.panMoved: bool}\nzip: [[overlay.passThrough, overlay.panMoved]]\n",
        "name: a\naxes: {panHysteresis: [5, 10]}\nexclude: [{panHysteresis: 5}]\n",
        "name: a\ntrees: {perConfiguration: 3, templates: [feed, form], rows: {min: 2, max: 4}, edgeGate: false}\n",
        "name: a\ntrees: {templates: {random: 0.5}, random: {depth: {min: 1, max: 3}, kindMix: {button: 1}}}\n",
        "name: a\ngestures: {families: [quickTap], placements: 3, sampleRate: 60, jitter: 0}\nexamples: 0\n",
        "name: a\naxes: {scrollViews.touchesShouldCancel: [default, controlsExceptTextInputsSlidersSwitches]}\n"
    ]

    /// Configs both the loader and the schema reject (the loader also rejects many the schema cannot see:
    /// zip and exclude naming other axes, unequal zip groups, `from > to`, `max < min`).
    static let badConfigs: [String] = [
        "seed: 1\n", // name missing
        "name: a\nseeds: 1\n", // unknown key
        "name: my sweep\n", // name with a space
        "name: 12\n", // name not a string
        "name: a\nseed: -3\n", // negative seed
        "name: a\nseed: 18446744073709551616\n", // seed too large
        "name: a\nseed: 1.5\n", // seed not an integer
        "name: a\nseed: 0x\n", // hex seed without digits
        "name: a\nseed: 0x10000000000000000\n", // hex seed of 17 digits
        "name: a\nseed: 0x12g4\n", // not a hex digit
        "name: a\naxes: {contentTouchDelays: [1]}\n", // unknown axis
        "name: a\naxes: {contentTouchDelay: [100, 6000]}\n", // value out of range
        "name: a\naxes: {contentTouchDelay: ['100']}\n", // quoted number
        "name: a\naxes: {contentTouchDelay: []}\n", // no values
        "name: a\naxes: {contentTouchDelay: [5, 5]}\n", // repeated value
        "name: a\naxes: {contentTouchDelay: {from: 0, to: 10}}\n", // range without step
        "name: a\naxes: {contentTouchDelay: {from: 0, to: 10, step: 0}}\n", // zero step
        "name: a\naxes: {contentTouchDelay: {from: 0, to: 10, by: 1}}\n", // unknown range key
        "name: a\naxes: {scrollViews.bounces: [yes]}\n", // not a boolean
        "name: a\naxes: {scrollViews.bounces: {from: 0, to: 1, step: 1}}\n", // range on a bool axis
        "name: a\naxes: {scrollViews.touchesShouldCancel: bool}\n", // bool on a choice axis
        "name: a\naxes: {scrollViews.touchesShouldCancel: [sometimes]}\n", // unknown choice
        "name: a\naxes: {iosVersion: [17.4.1]}\n", // bad version
        "name: a\naxes: {overlay.panMoved: bool}\nzip: [[overlay.panMoved]]\n", // zip group of one
        "name: a\naxes: {panHysteresis: [5]}\nexclude: [{}]\n", // empty exclude rule
        "name: a\naxes: {panHysteresis: [5]}\nexclude: [{panHysteresis: -1}]\n", // exclude value out of range
        "name: a\ntrees: {perConfiguration: 0}\n",
        "name: a\ntrees: {count: 3}\n",
        "name: a\ntrees: {templates: [feed, chat]}\n",
        "name: a\ntrees: {templates: [feed, feed]}\n",
        "name: a\ntrees: {templates: []}\n",
        "name: a\ntrees: {templates: {feed: 0}}\n",
        "name: a\ntrees: {templates: feed}\n",
        "name: a\ntrees: {rows: {min: 0, max: 3}}\n",
        "name: a\ntrees: {rows: {min: 2}}\n",
        "name: a\ntrees: {random: {kindMix: {widget: 1}}}\n",
        "name: a\ntrees: {random: {kindMix: {}}}\n",
        "name: a\ntrees: {edgeGate: 'true'}\n",
        "name: a\ngestures: {families: [quickTap, wiggle]}\n",
        "name: a\ngestures: {placements: 0}\n",
        "name: a\ngestures: {sampleRate: 5000}\n",
        "name: a\ngestures: {jitter: -1}\n",
        "name: a\nexamples: -1\n",
        "name: a\noutput: ''\n"
    ]

    @Test(.disabled(if: SchemaCheck.unavailable != nil, "\(SchemaCheck.unavailable ?? "")"))
    func theLoaderAndTheSchemaBothAcceptTheGoodConfigs() throws {
        let violations = try SchemaCheck.violations(Self.goodConfigs.map { try JSONValue.fromYAML($0, path: "t.yaml") })
        for (yaml, found) in zip(Self.goodConfigs, violations) {
            #expect(loadError(yaml) == "accepted", "\(yaml)")
            #expect(found.isEmpty, "\(yaml): \(found)")
        }
    }

    @Test(.disabled(if: SchemaCheck.unavailable != nil, "\(SchemaCheck.unavailable ?? "")"))
    func theLoaderAndTheSchemaBothRejectTheBadConfigs() throws {
        let violations = try SchemaCheck.violations(Self.badConfigs.map { try JSONValue.fromYAML($0, path: "t.yaml") })
        for (yaml, found) in zip(Self.badConfigs, violations) {
            #expect(loadError(yaml) != "accepted", "\(yaml)")
            #expect(!found.isEmpty, "the schema accepts \(yaml)")
        }
    }

    /// The schema is a valid Draft 2020-12 schema (python-jsonschema's `check_schema` runs first), and the check
    /// can fail: a schema that wants a number refuses a string.
    @Test(.disabled(if: SchemaCheck.unavailable != nil, "\(SchemaCheck.unavailable ?? "")"))
    func theCheckerAnswersPerInstance() throws {
        let dir = try TemporaryDirectory("touchsweep-schema-probe")
        defer { dir.remove() }
        let schema = dir.url("s.json")
        try #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"a": {"type": "number"}}}"#
            .write(to: schema, atomically: true, encoding: .utf8)
        let answers = try SchemaCheck.violations([try JSONValue(json: #"{"a": 1}"#), try JSONValue(json: #"{"a": "x"}"#)], schema: schema.path)
        #expect(answers == [[], ["/a: 'x' is not of type 'number'"]])
    }

    @Test func jsonTextRoundTrips() throws {
        let text = #"{"a": [1, 2.5, -3e2, true, null, "q\"\\\n\u00e9\ud83d\ude00"], "b": {}}"#
        let value = try JSONValue(json: text)
        #expect(value.description == #"{"a":[1,2.5,-300,true,null,"q\"\\\né😀"],"b":{}}"#)
        #expect(try JSONValue(json: value.description).equals(value))
        #expect(throws: JSONValue.ConversionError.self) { try JSONValue(json: "[1,]") }
        #expect(throws: JSONValue.ConversionError.self) { try JSONValue(json: "{} x") }
    }
}
