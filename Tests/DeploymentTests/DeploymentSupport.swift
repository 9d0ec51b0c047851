import Foundation
import TestSupport
import Testing

typealias ScriptResult = ProgramResult

/// Runs `executable arguments…` from the repository root (or `directory`) and waits for it (``Program/run``).
func runProgram(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    in directory: URL = Repository.root
) throws -> ScriptResult {
    try Program.run(URL(fileURLWithPath: executable), arguments, environment: environment, in: directory)
}

/// Runs one of the deploy/tests scripts with bash.
func runDeployScript(_ name: String, _ arguments: String...) throws -> ScriptResult {
    try runProgram("/bin/bash", [Repository.url("deploy/tests/\(name)").path] + arguments)
}

/// A copy of a repository file or directory, in a temporary directory that is removed with the copy's last use.
struct EditedCopy {
    let directory: TemporaryDirectory
    let url: URL
    var path: String { url.path }
}

/// A copy of a repository file or directory in a scratch directory, with `edit` applied to the file at `editPath`
/// (relative to the copy). Fails the test when the edit changes nothing, so a negative test cannot go stale.
func copyWithEdit(_ path: String, label: String, editPath: String, replacing old: String, with new: String) throws -> EditedCopy {
    let directory = try TemporaryDirectory("touchsweep-deploy-\(label)")
    let copy = directory.url(URL(fileURLWithPath: path).lastPathComponent)
    try FileManager.default.copyItem(at: Repository.url(path), to: copy)
    let file = editPath.isEmpty ? copy : copy.appendingPathComponent(editPath)
    let text = try String(contentsOf: file, encoding: .utf8)
    guard text.contains(old) else { throw EditError(file: file.path, missing: old) }
    try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    return EditedCopy(directory: directory, url: copy)
}

struct EditError: Error, CustomStringConvertible {
    var file: String
    var missing: String
    var description: String { "\(file) no longer contains \(missing.debugDescription); update the negative test" }
}

/// Whether an executable of this name is on PATH.
func onPath(_ name: String) -> Bool {
    pathOf(name) != nil
}

/// The first executable of this name on PATH, if any.
func pathOf(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Whether deploy/tests/validate-k8s.sh can render the overlays here: `$KUBECTL` (a name or a path), else `kubectl`,
/// is an executable. kubectl is not a Debian package, so `make deps` cannot install it; where it is missing the
/// tests that render are skipped, and `make test` lists them with this reason.
let kubectlAvailable: Bool = {
    let name = ProcessInfo.processInfo.environment["KUBECTL"] ?? "kubectl"
    return name.contains("/") ? FileManager.default.isExecutableFile(atPath: name) : onPath(name)
}()

/// The trait of the tests that run `kubectl kustomize`.
let needsKubectl: ConditionTrait = .enabled(
    if: kubectlAvailable,
    "kubectl not on PATH: Kubernetes manifests not rendered/validated (install kubectl to run these)")
