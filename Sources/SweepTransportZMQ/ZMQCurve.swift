internal import CZeroMQ

/// What both kinds of CURVE key are: 32 bytes, written as 40 Z85 characters.
public protocol CurveKey: Hashable, Sendable {
    /// The 32 raw bytes.
    var bytes: [UInt8] { get }
    /// Wraps exactly 32 bytes (a precondition); ``init(bytes:)`` is the checking form.
    init(checkedBytes: [UInt8])
}

extension CurveKey {
    /// `nil` unless `bytes` holds exactly 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 32 else { return nil }
        self.init(checkedBytes: bytes)
    }

    /// Parses 40 Z85 characters; `nil` for any other length or a character outside Z85's alphabet.
    public init?(z85: String) {
        guard let bytes = Z85.decode(z85) else { return nil }
        self.init(checkedBytes: bytes)
    }

    /// The 40-character Z85 text.
    public var z85: String { Z85.encode(bytes) }
}

/// A CURVE public key. Safe to print and share.
public struct CurvePublicKey: CurveKey, CustomStringConvertible {
    public let bytes: [UInt8]
    public init(checkedBytes: [UInt8]) { precondition(checkedBytes.count == 32); bytes = checkedBytes }
    public var description: String { z85 }
}

/// A CURVE secret key. Its `description` never shows the key, so it cannot leak into a log line or an error by
/// accident; ``CurveKey/z85`` is the only way to the text: write it only to a file readable by its owner.
public struct CurveSecretKey: CurveKey, CustomStringConvertible, CustomDebugStringConvertible {
    public let bytes: [UInt8]
    public init(checkedBytes: [UInt8]) { precondition(checkedBytes.count == 32); bytes = checkedBytes }
    public var description: String { "<CURVE secret key>" }
    public var debugDescription: String { description }

    /// The public half (`zmq_curve_public`).
    public var publicKey: CurvePublicKey {
        var text = [CChar](repeating: 0, count: 41)
        let rc = zmq_curve_public(&text, z85)
        precondition(rc == 0, "zmq_curve_public failed on a valid 32-byte key")
        return CurvePublicKey(z85: Z85.string(text))!
    }
}

/// A CURVE key pair.
public struct CurveKeyPair: Sendable {
    public let publicKey: CurvePublicKey
    public let secretKey: CurveSecretKey

    public init(secretKey: CurveSecretKey) {
        self.secretKey = secretKey
        self.publicKey = secretKey.publicKey
    }

    /// A fresh key pair from libsodium's random source (`zmq_curve_keypair`). Throws when this libzmq was
    /// built without CURVE.
    public static func generate() throws -> CurveKeyPair {
        var publicText = [CChar](repeating: 0, count: 41)
        var secretText = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicText, &secretText) == 0 else { throw ZMQError.last("zmq_curve_keypair") }
        return CurveKeyPair(secretKey: CurveSecretKey(z85: Z85.string(secretText))!)
    }
}

/// Which side of a CURVE handshake a socket takes (set with ``ZMQSocketOptions/curve``).
public enum ZMQCurveRole: Hashable, Sendable {
    /// Accepts CURVE connections with this secret key (`ZMQ_CURVE_SERVER`); clients must know its public half.
    case server(secretKey: CurveSecretKey)
    /// Connects to a server whose public key is `serverKey`, authenticating with `secretKey`.
    case client(serverKey: CurvePublicKey, secretKey: CurveSecretKey)
}

/// ZeroMQ's Z85 text encoding of 32-byte keys (RFC 32).
enum Z85 {
    static func encode(_ bytes: [UInt8]) -> String {
        precondition(bytes.count % 4 == 0, "Z85 encodes multiples of 4 bytes")
        var text = [CChar](repeating: 0, count: bytes.count * 5 / 4 + 1)
        _ = bytes.withUnsafeBufferPointer { zmq_z85_encode(&text, $0.baseAddress, bytes.count) }
        return string(text)
    }

    /// A NUL-terminated C buffer as a String.
    static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// 40 characters to 32 bytes; `nil` for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 40, utf8.allSatisfy({ alphabet.contains($0) }) else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        let ok = text.withCString { zmq_z85_decode(&bytes, $0) } != nil
        return ok ? bytes : nil
    }

    static let alphabet = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#".utf8)
}
