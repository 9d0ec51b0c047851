import Foundation
import SweepTransportZMQ

/// CURVE key files (docs/operations.md, "Keys"): a `.secret` file holds a key pair, a `.pub` file a public key.
///
/// ```
/// # TouchSweep CURVE secret key: worker-1. Keep it private (mode 0600).
/// public-key = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"
/// secret-key = "JTKVSB%%)wK0E.X)V>+}o?pNmC{O&4W4b!Ni{Lh6"
/// ```
///
/// An allow-list is a directory of `.pub` files or one file of public keys (one `public-key = "…"` or bare
/// 40-character Z85 key per line). Errors name the file, line and column, and never quote a secret.
public enum KeyFiles {
    public struct KeyFileError: Error, CustomStringConvertible {
        public let description: String
        init(_ path: String, _ line: Int, _ column: Int, _ message: String) { description = "\(path):\(line):\(column): \(message)" }
        init(_ message: String) { description = message }
    }

    /// Reads a `.secret` file: its secret key, checked against its `public-key` line when there is one.
    public static func readSecret(path: String) throws -> CurveSecretKey {
        let entries = try parse(path: path, allowBareKeys: false)
        guard let secret = entries.first(where: { $0.name == "secret-key" }) else {
            throw KeyFileError("\(path) has no secret-key line; pass a .secret file written by `sweep keys generate`")
        }
        guard let key = CurveSecretKey(z85: secret.value) else {
            throw KeyFileError(path, secret.line, secret.column, "the secret-key is not 40 Z85 characters (\(secret.value.count) characters)")
        }
        if let stated = entries.first(where: { $0.name == "public-key" }), CurvePublicKey(z85: stated.value) != key.publicKey {
            throw KeyFileError(path, stated.line, stated.column, "this public-key does not belong to the file's secret-key")
        }
        return key
    }

    /// Reads one public key: a `.pub` file, or a `.secret` file's public half.
    public static func readPublic(path: String) throws -> CurvePublicKey {
        let keys = try readPublicKeys(path: path)
        guard keys.count == 1 else {
            throw KeyFileError("\(path) holds \(keys.count) public keys; expected exactly one (the coordinator's .pub file)")
        }
        return keys[0].key
    }

    /// An allow-list: every public key in a file, or in every `*.pub` file of a directory (sorted by name).
    public static func readPublicKeys(path: String) throws -> [(key: CurvePublicKey, source: String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw KeyFileError("\(path) does not exist")
        }
        var files = [path]
        if isDirectory.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files = names.filter { $0.hasSuffix(".pub") }.sorted().map { path + "/" + $0 }
            guard !files.isEmpty else { throw KeyFileError("the allow-list directory \(path) holds no .pub files") }
        }
        var keys: [(CurvePublicKey, String)] = []
        for file in files {
            for entry in try parse(path: file, allowBareKeys: true) where entry.name == "public-key" {
                guard let key = CurvePublicKey(z85: entry.value) else {
                    throw KeyFileError(file, entry.line, entry.column, "expected a public key of 40 Z85 characters, got \(entry.value.count) characters")
                }
                keys.append((key, "\(file):\(entry.line)"))
            }
        }
        guard !keys.isEmpty else { throw KeyFileError("\(path) holds no public keys") }
        return keys
    }

    /// `sweep keys generate`: DIR/coordinator.{secret,pub}, DIR/status.{secret,pub} (the status key: `sweep status`
    /// and probes; the coordinator takes its public half with `--status-keys`) and DIR/workers/worker-K.{secret,pub}
    /// for K = 1...workers, in directories made with mode 0700. Never replaces an existing key file.
    public static func generate(into directory: String, workers: Int) throws {
        for path in [directory, directory + "/workers"] { try makePrivateDirectory(path) }
        try write(try CurveKeyPair.generate(), name: "coordinator", role: "coordinator", directory: directory)
        try write(try CurveKeyPair.generate(), name: statusKeyName, role: "status: reads progress, never takes work", directory: directory)
        for k in stride(from: 1, through: workers, by: 1) {
            try write(try CurveKeyPair.generate(), name: "worker-\(k)", role: "worker", directory: directory + "/workers")
        }
    }

    static func makePrivateDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw KeyFileError("\(path) exists and is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw KeyFileError("cannot create \(path): \(error.localizedDescription)")
        }
    }

    /// Writes `name.secret` (mode 0600) and `name.pub` (0644) into `directory`; refuses to replace a file.
    public static func write(_ pair: CurveKeyPair, name: String, role: String, directory: String) throws {
        let secret =
            "# TouchSweep CURVE secret key: \(name) (\(role)). Keep it private (mode 0600); its public half is \(name).pub.\n"
            + "public-key = \"\(pair.publicKey.z85)\"\nsecret-key = \"\(pair.secretKey.z85)\"\n"
        try create(directory + "/" + name + ".secret", contents: secret, mode: 0o600)
        try writePublic(pair.publicKey, name: name, role: role, directory: directory)
    }

    /// Writes `name.pub` (mode 0644) into `directory`; refuses to replace a file.
    public static func writePublic(_ key: CurvePublicKey, name: String, role: String, directory: String) throws {
        let pub = "# TouchSweep CURVE public key: \(name) (\(role)). Share it freely.\npublic-key = \"\(key.z85)\"\n"
        try create(directory + "/" + name + ".pub", contents: pub, mode: 0o644)
    }

    /// The status key's file name (without `.secret` / `.pub`).
    public static let statusKeyName = "status"

    /// Creates a file that must not exist yet, with `mode` from the start (no window where it is readable).
    static func create(_ path: String, contents: String, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else {
            if errno == EEXIST { throw KeyFileError("\(path) already exists; remove it or choose another --output") }
            throw KeyFileError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        _ = fchmod(fd, mode) // the umask may have narrowed it; never widened beyond `mode`
        let bytes = Array(contents.utf8)
        guard bytes.withUnsafeBytes({ Foundation.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw KeyFileError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// A warning when a secret file is readable by every user, or nil. Group-readable is allowed: Kubernetes
    /// mounts Secrets 0440 with the pod's fsGroup.
    public static func permissionWarning(path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.uint16Value, mode & 0o007 != 0
        else { return nil }
        return "\(path) is readable by other users (mode \(String(mode, radix: 8))); chmod 600 it"
    }

    struct Entry { var name: String, value: String, line: Int, column: Int }

    static func parse(path: String, allowBareKeys: Bool) throws -> [Entry] {
        // A key file is a few lines, an allow-list file one line per key: 1 MiB holds over 10,000 keys. Read no
        // further, whatever the file is.
        let limit = 1 << 20
        guard let handle = FileHandle(forReadingAtPath: path) else { throw KeyFileError("cannot read \(path)") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1) ?? Data() else { throw KeyFileError("cannot read \(path)") }
        guard data.count <= limit else { throw KeyFileError("\(path) is larger than 1 MiB, more than any key file or list of keys") }
        let text = String(decoding: data, as: UTF8.self)
        var entries: [Entry] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let indent = raw.prefix { $0 == " " || $0 == "\t" }.count
            let content = raw.dropFirst(indent).trimmingCharacters(in: .whitespacesAndNewlines)
            if content.isEmpty || content.hasPrefix("#") { continue }
            guard let equals = content.firstIndex(of: "=") else {
                if allowBareKeys { entries.append(Entry(name: "public-key", value: content, line: line, column: indent + 1)); continue }
                throw KeyFileError(path, line, indent + 1, "expected 'name = \"value\"'; is this a TouchSweep key file?")
            }
            let name = content[..<equals].trimmingCharacters(in: .whitespaces)
            let after = content[content.index(after: equals)...]
            let valueColumn =
                indent + content.distance(from: content.startIndex, to: equals) + 2
                + after.prefix { $0 == " " }.count
            var value = after.trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard name == "public-key" || name == "secret-key" else {
                throw KeyFileError(path, line, indent + 1, "unknown key file entry '\(name)'; expected public-key or secret-key")
            }
            entries.append(Entry(name: name, value: value, line: line, column: valueColumn))
        }
        return entries
    }
}
