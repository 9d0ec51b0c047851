import Foundation
import TestSupport

@testable import SweepPlanning

/// The sweep config schema checked by python-jsonschema (python3-jsonschema, which `make deps` installs for the
/// suite), a maintained Draft 2020-12 validator, instead of a validator of our own: one Python run checks a batch
/// of instances and answers each one's violations.
enum SchemaCheck {
    /// Why the check cannot run here, or nil.
    static let unavailable: String? = {
        let probe = try? Program.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import jsonschema"])
        return probe?.status == 0 ? nil : "python3 with jsonschema is not installed (make deps installs python3-jsonschema)"
    }()

    static let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        out = []
        for line in open(sys.argv[2]):
            instance = json.loads(line)
            out.append(sorted("/" + "/".join(str(p) for p in e.absolute_path) + ": " + e.message for e in validator.iter_errors(instance)))
        print(json.dumps(out))
        """

    /// Each instance's violations of `schema` (the repository's schema file by default), in order.
    static func violations(_ instances: [JSONValue], schema: String = Repository.url(SweepSchema.path).path) throws -> [[String]] {
        let dir = try TemporaryDirectory("touchsweep-schema")
        defer { dir.remove() }
        let lines = instances.map(\.description).joined(separator: "\n") + "\n"
        let file = try dir.write(lines, to: "instances.jsonl")
        let result = try Program.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, schema, file])
        guard result.status == 0, let data = result.stdout.data(using: .utf8),
            let answer = try JSONSerialization.jsonObject(with: data) as? [[String]], answer.count == instances.count
        else { throw CheckFailed(transcript: result.transcript) }
        return answer
    }

    struct CheckFailed: Error, CustomStringConvertible {
        let transcript: String
        var description: String { "python-jsonschema did not answer: \(transcript)" }
    }
}
