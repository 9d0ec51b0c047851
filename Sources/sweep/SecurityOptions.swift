import ArgumentParser
import SweepNode
import SweepTransportZMQ

/// The coordinator's transport security options (`sweep submit`).
struct CoordinatorSecurityOptions: ParsableArguments {
    @Option(help: "The coordinator's CURVE secret key file (coordinator.secret from `sweep keys generate`).")
    var key: String?

    @Option(help: "Worker public keys allowed to join: a directory of .pub files, or a file of keys.")
    var allow: String?

    @Flag(help: "With --key, accept any worker key (traffic is still encrypted).")
    var allowAnyWorker = false

    @Option(
        help:
            "Status keys (status.pub from `sweep keys generate`; a file or a directory of .pub files): their holders may run `sweep status` and never take work."
    )
    var statusKeys: String?

    @Flag(help: "Plain TCP: no encryption, and anyone who reaches the endpoint can take work.")
    var insecure = false

    func validate(endpoint: String?) throws {
        if insecure && (key != nil || allow != nil || allowAnyWorker) {
            throw ValidationError("--insecure cannot be combined with --key, --allow or --allow-any-worker.")
        }
        if allow != nil && allowAnyWorker { throw ValidationError("--allow and --allow-any-worker exclude each other.") }
        if key != nil && allow == nil && !allowAnyWorker {
            throw ValidationError("--key needs --allow (the worker keys allowed to join) or --allow-any-worker.")
        }
        if key == nil && (allow != nil || allowAnyWorker) {
            throw ValidationError("--allow and --allow-any-worker need --key (the coordinator's .secret file).")
        }
        if key == nil && statusKeys != nil {
            throw ValidationError("--status-keys needs --key: without CURVE no key is checked, and anyone may ask for status.")
        }
        if let endpoint, endpoint.hasPrefix("tcp://"), key == nil, !insecure {
            throw ValidationError("--listen \(endpoint) needs CURVE keys (--key and --allow; see `sweep keys generate`) or an explicit --insecure.")
        }
    }

    /// The status keys of `--status-keys`, each with the file and line it came from; a problem is one line (exit 2).
    func resolveStatusKeys(command: String) throws -> [CurvePublicKey: String] {
        guard let statusKeys else { return [:] }
        return try readingKeys(command: command) {
            var keys: [CurvePublicKey: String] = [:]
            for (publicKey, source) in try KeyFiles.readPublicKeys(path: statusKeys) where keys[publicKey] == nil { keys[publicKey] = source }
            return keys
        }
    }

    /// Reads the key files; a problem is one line naming the file (exit 2).
    func resolve(command: String) throws -> CoordinatorSecurity {
        guard let key else { return .plain }
        return try readingKeys(command: command) {
            let secret = try KeyFiles.readSecret(path: key)
            if let warning = KeyFiles.permissionWarning(path: key) { printError("\(command): warning: \(warning)") }
            guard let allow else { return .curve(secretKey: secret, allowed: nil) }
            var allowed: [CurvePublicKey: String] = [:]
            for (publicKey, source) in try KeyFiles.readPublicKeys(path: allow) where allowed[publicKey] == nil { allowed[publicKey] = source }
            return .curve(secretKey: secret, allowed: allowed)
        }
    }
}

/// A worker's (or `sweep status`'s) transport security options.
struct ClientSecurityOptions: ParsableArguments {
    @Option(help: "The coordinator's CURVE public key file (coordinator.pub).")
    var coordinatorKey: String?

    @Option(
        help:
            "This client's CURVE secret key file (workers/worker-K.secret; for `sweep status`, status.secret); its public half must be on the coordinator's allow-list or its --status-keys."
    )
    var key: String?

    @Flag(help: "Plain TCP, for a coordinator started with --insecure.")
    var insecure = false

    func validate(endpoint: String) throws {
        if insecure && (key != nil || coordinatorKey != nil) {
            throw ValidationError("--insecure cannot be combined with --key or --coordinator-key.")
        }
        if (key == nil) != (coordinatorKey == nil) {
            throw ValidationError(
                key == nil
                    ? "--coordinator-key needs --key (this client's .secret file)."
                    : "--key needs --coordinator-key (the coordinator's .pub file).")
        }
        if endpoint.hasPrefix("tcp://"), key == nil, !insecure {
            throw ValidationError("\(endpoint) needs CURVE keys (--coordinator-key and --key; see `sweep keys generate`) or an explicit --insecure.")
        }
    }

    func resolve(command: String) throws -> ClientSecurity {
        guard let key, let coordinatorKey else { return .plain }
        return try readingKeys(command: command) {
            let secret = try KeyFiles.readSecret(path: key)
            if let warning = KeyFiles.permissionWarning(path: key) { printError("\(command): warning: \(warning)") }
            return .curve(serverKey: try KeyFiles.readPublic(path: coordinatorKey), secretKey: secret)
        }
    }
}

/// Runs `body`, turning a key file problem into one line and exit status 2.
func readingKeys<T>(command: String, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as KeyFiles.KeyFileError {
        printError("\(command): \(error)")
        throw ExitStatus.badInput
    }
}

/// The warning `--insecure` prints on a TCP endpoint, whatever --quiet says.
func insecureWarning(command: String, endpoint: String) {
    guard endpoint.hasPrefix("tcp://") else { return }
    printError(
        "\(command): warning: --insecure: traffic on \(endpoint) is not encrypted and anyone who reaches it can join; "
            + "use CURVE keys (sweep keys generate) on any network you do not own alone")
}
