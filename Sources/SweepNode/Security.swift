import SweepTransportZMQ

/// How a coordinator guards its endpoint.
public enum CoordinatorSecurity: Sendable {
    /// No encryption: a private `ipc://` socket, or `--insecure`.
    case plain
    /// CURVE with this secret key. `allowed` maps each allowed worker key to where it came from (a file and
    /// line, for logs); `nil` accepts any key (`--allow-any-worker`), still encrypted.
    case curve(secretKey: CurveSecretKey, allowed: [CurvePublicKey: String]?)
}

/// How a worker (or `sweep status`) connects.
public enum ClientSecurity: Sendable {
    case plain
    /// CURVE to a coordinator whose public key is `serverKey`, as the holder of `secretKey`.
    case curve(serverKey: CurvePublicKey, secretKey: CurveSecretKey)

    var role: ZMQCurveRole? {
        switch self {
        case .plain: nil
        case let .curve(serverKey, secretKey): .client(serverKey: serverKey, secretKey: secretKey)
        }
    }
}

/// The coordinator's gatekeeping: answers ZAP requests against the allow-list and turns failed handshakes
/// into log lines, each kind of refusal logged once per key (or once a minute for keyless failures) so a
/// refused worker retrying with backoff does not flood the log. Lives on the coordinator's thread.
final class Gatekeeper {
    static let zapDomain = "touchsweep"
    let authenticator: ZMQAuthenticator
    let allowed: [CurvePublicKey: String]?
    let log: @Sendable (String) -> Void
    var monitor: ZMQMonitor?
    private var loggedKeys = Set<CurvePublicKey>()
    private var keylessLog = LogThrottle()
    private(set) var refusals = 0

    init(context: ZMQContext, allowed: [CurvePublicKey: String]?, log: @escaping @Sendable (String) -> Void) throws {
        authenticator = try ZMQAuthenticator(context: context)
        self.allowed = allowed
        self.log = log
    }

    func watch(_ socket: ZMQSocket) throws { monitor = try socket.monitor() }

    func add(to poller: ZMQPoller) -> (zap: Int, monitor: Int) {
        (poller.add(authenticator.socket), monitor.map { poller.add($0.socket) } ?? -1)
    }

    func serve(_ poller: ZMQPoller, _ indices: (zap: Int, monitor: Int), nowMs: Int64) throws {
        if poller.isReadable(indices.zap) {
            try authenticator.answerPending { request in
                guard request.mechanism == "CURVE", let key = request.clientKey else {
                    return .deny(reason: "CURVE required")
                }
                guard let allowed else { return .allow(userID: key.z85) }
                if allowed[key] != nil { return .allow(userID: key.z85) }
                refusals += 1
                if loggedKeys.insert(key).inserted {
                    log("refused worker key \(key.z85) from \(request.address.isEmpty ? "a local peer" : request.address): "
                        + "not on the allow-list (further attempts with this key are refused without a log line)")
                }
                return .deny(reason: "key not on the allow-list")
            }
        }
        if indices.monitor >= 0, let monitor, poller.isReadable(indices.monitor) {
            for event in try monitor.drain() {
                let why: String
                switch event.kind {
                case .cryptographicFailure:
                    why = "its CURVE handshake did not decrypt (a worker holding the wrong --coordinator-key)"
                case .mechanismMismatch, .handshakeFailed:
                    why = "it does not speak CURVE (a worker started with --insecure or without keys)"
                case .protocolError(let code):
                    why = "its handshake broke the protocol (ZMTP error 0x\(String(code, radix: 16)))"
                default:
                    continue
                }
                refusals += 1
                if keylessLog.allows(why, nowMs: nowMs) {
                    log("refused a connection on \(event.endpoint): \(why); such refusals are logged once a minute")
                }
            }
        }
    }

    func close() {
        monitor?.close()
        authenticator.close()
    }
}

/// Lets each distinct log line through at most once a minute: a refused peer retries with backoff, and its
/// log should say why without flooding.
struct LogThrottle {
    var intervalMs: Int64 = 60_000
    private var last: [String: Int64] = [:]

    /// Whether `line` may be logged now (and, if so, notes that it was).
    mutating func allows(_ line: String, nowMs: Int64) -> Bool {
        if let previous = last[line], nowMs - previous < intervalMs { return false }
        last[line] = nowMs
        return true
    }
}
