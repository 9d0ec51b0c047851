/// The public state of a gesture recognizer (§4.1).
public enum RecognizerState: String, Sendable, CaseIterable {
    /// Watching touches; has not decided. Every recognizer starts and resets here.
    case possible
    /// Continuous gesture started; its action was sent.
    case began
    /// Continuous gesture moved; its action was sent.
    case changed
    /// Continuous gesture ended, or a discrete gesture recognized (`.recognized` is UIKit's alias).
    case ended
    /// Continuous gesture was cancelled; its action was sent.
    case cancelled
    /// The gesture will not be recognized; no action.
    case failed

    /// Began or changed: the recognizer owns its touches.
    @inlinable @inline(__always) public var isActive: Bool { self == .began || self == .changed }
    /// Ended, cancelled or failed: waits for reset.
    @inlinable @inline(__always) public var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
}
