import Foundation
import SweepTransportZMQ

/// UTF-8 bytes of a string, for frames.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Waits up to `timeoutMs` for a whole message on `socket`; `nil` when none came.
func receive(_ socket: ZMQSocket, timeoutMs: Int = 1000) throws -> [[UInt8]]? {
    guard try ZMQSocket.poll([(socket, .readable)], timeoutMs: timeoutMs) == [true] else { return nil }
    return try socket.receive(dontWait: true)
}

/// Milliseconds `body` took.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
}

/// A value handed between threads in tests.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
