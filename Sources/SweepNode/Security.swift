import Logging
import SweepDistributed
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
/// (monitor events the coordinator passes on) into log lines, so a refused worker retrying with backoff does not
/// flood the log: each refused key is logged once, and at most one refused-key line a second passes whatever
/// the number of keys (a flood of random keys is counted, not listed); keyless failures are logged once a minute
/// per kind. Lives on the coordinator's thread.
final class Gatekeeper {
    static let zapDomain = "touchsweep"
    /// Refused keys remembered so that each is logged once; beyond this many, new keys are only counted.
    static let rememberedKeys = 10_000
    let authenticator: ZMQAuthenticator
    let allowed: [CurvePublicKey: String]?
    /// Keys that may connect to ask for status only (their `User-Id` starts with ``statusPrefix``).
    let statusKeys: [CurvePublicKey: String]
    let logger: Logger
    private var loggedKeys = Set<CurvePublicKey>()
    private var keylessLog = LogThrottle()
    private var keyLineAt: Int64?
    private var keysHeld = 0
    private(set) var refusals = 0
    /// The relay in front of a `tcp://` endpoint: told each allowed connection's limit, and asked who a
    /// connection's loopback address stands for.
    var relay: InboundRelay?

    init(
        context: ZMQContext, allowed: [CurvePublicKey: String]?, statusKeys: [CurvePublicKey: String] = [:],
        logger: Logger
    ) throws {
        authenticator = try ZMQAuthenticator(context: context)
        self.allowed = allowed
        self.statusKeys = statusKeys
        self.logger = logger
    }

    /// The `User-Id` of a connection made with a status key, and of one made with a worker key: the prefix, then
    /// the public key in Z85.
    static let statusPrefix = "status:", workerPrefix = "worker:"

    /// Whether a message came over a connection authenticated with a status key.
    static func isStatusKey(_ userID: String?) -> Bool { userID?.hasPrefix(statusPrefix) == true }

    /// The public key of a connection's `User-Id`, for log lines.
    static func keyText(_ userID: String?) -> String {
        guard let userID, let colon = userID.firstIndex(of: ":") else { return "no key" }
        return String(userID[userID.index(after: colon)...])
    }

    func add(to poller: ZMQPoller) -> Int { poller.add(authenticator.socket) }

    /// Answers the ZAP requests waiting on the authenticator's socket (`index` in `poller`).
    func serve(_ poller: ZMQPoller, _ index: Int, nowMs: Int64) throws {
        guard poller.isReadable(index) else { return }
        try authenticator.answerPending { request in
            guard request.mechanism == "CURVE", let key = request.clientKey else {
                return .deny(reason: "CURVE required")
            }
            // A status key is a status key even on the allow-list (or with --allow-any-worker): it never works.
            if statusKeys[key] != nil {
                relay?.setLimit(peerAddress: request.address, bytes: InboundLimits.statusKeyConnectionBytes)
                return .allow(userID: Self.statusPrefix + key.z85)
            }
            if allowed == nil || allowed?[key] != nil {
                relay?.setLimit(peerAddress: request.address, bytes: InboundLimits.connectionBytes)
                return .allow(userID: Self.workerPrefix + key.z85)
            }
            refusals += 1
            let new = loggedKeys.count < Self.rememberedKeys ? loggedKeys.insert(key).inserted : !loggedKeys.contains(key)
            guard new else { return .deny(reason: "key not on the allow-list") }
            if keyLineAt.map({ nowMs - $0 >= 1000 }) ?? true {
                flushHeldKeys(nowMs: nowMs)
                keyLineAt = nowMs
                // Further attempts with this key are refused without a log line.
                logger.log(
                    .warning(
                        "refused a worker key not on the allow-list",
                        ["key": .text(key.z85), "from": .text(peerText(request.address))]))
            } else {
                keysHeld += 1
            }
            return .deny(reason: "key not on the allow-list")
        }
    }

    /// Who `address` (a ZAP request's) is: the peer a relay connection stands for, else the address itself.
    private func peerText(_ address: String) -> String {
        if address.isEmpty { return "a local peer" }
        return relay?.peer(of: address) ?? address
    }

    /// Logs how many new keys were refused without a line of their own, once the second of the last key line is
    /// over (called on every tick, and before the next key line).
    func flushHeldKeys(nowMs: Int64) {
        guard keysHeld > 0, keyLineAt.map({ nowMs - $0 >= 1000 }) ?? true else { return }
        logger.log(.warning("refused other unknown worker keys in the last second (one key a second is named)", ["keys": .number(keysHeld)]))
        keysHeld = 0
    }

    /// A failed handshake seen by the socket monitor.
    func note(_ event: ZMQMonitorEvent, nowMs: Int64) {
        let why: String
        switch event.kind {
        case .cryptographicFailure:
            why = "its CURVE handshake did not decrypt (a worker holding the wrong --coordinator-key)"
        case .mechanismMismatch, .handshakeFailed:
            why = "it does not speak CURVE (a worker started with --insecure or without keys)"
        case .protocolError(let code):
            why = "its handshake broke the protocol (ZMTP error 0x\(String(code, radix: 16)))"
        default:
            return
        }
        refusals += 1
        if keylessLog.allows(why, nowMs: nowMs) {
            // Such refusals are logged once a minute.
            logger.log(.warning("refused a connection", ["endpoint": .text(event.endpoint), "reason": .text(why)]))
        }
    }

    func close() {
        authenticator.close()
    }
}

/// Lets each distinct log line through at most once a minute: a refused peer retries with backoff, and its
/// log should say why without flooding.
struct LogThrottle {
    var intervalMs: Int64 = 60_000
    private var last: [String: Int64] = [:]

    /// One that lets each line through at most once a second.
    static var everySecond: LogThrottle {
        var throttle = LogThrottle()
        throttle.intervalMs = 1000
        return throttle
    }

    /// Whether `line` may be logged now (and, if so, notes that it was).
    mutating func allows(_ line: String, nowMs: Int64) -> Bool {
        if let previous = last[line], nowMs - previous < intervalMs { return false }
        last[line] = nowMs
        return true
    }
}
