import Foundation

/// Between the thread that serves a coordinator's socket and the thread that finishes the sweep (writes its
/// reports): the server says when the sweep is finished and when it has stopped serving; the finisher says when
/// its work has ended, which is when the server stops.
final class FinishSignal: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcome: CoordinatorNode.Outcome?
    private var finishingDone = false
    private var served: Result<CoordinatorNode.Outcome, any Error>?

    /// Server: the sweep is finished, with this outcome.
    func finish(_ outcome: CoordinatorNode.Outcome) {
        condition.lock(); defer { condition.unlock() }
        self.outcome = outcome
        condition.broadcast()
    }

    /// Server: it has stopped serving, with this result.
    func served(_ result: Result<CoordinatorNode.Outcome, any Error>) {
        condition.lock(); defer { condition.unlock() }
        served = result
        condition.broadcast()
    }

    /// Finisher: waits until the sweep is finished (its outcome) or the server stopped before it was (nil).
    func waitForFinish() -> CoordinatorNode.Outcome? {
        condition.lock(); defer { condition.unlock() }
        while outcome == nil && served == nil { condition.wait() }
        return outcome
    }

    /// Finisher: its work has ended; the server may stop.
    func finishingEnded() {
        condition.lock(); defer { condition.unlock() }
        finishingDone = true
    }

    /// Server: whether the finishing work has ended.
    var isFinishingDone: Bool {
        condition.lock(); defer { condition.unlock() }
        return finishingDone
    }

    /// Finisher: waits until the server has stopped, and returns how it ended.
    func waitUntilServed() -> Result<CoordinatorNode.Outcome, any Error> {
        condition.lock(); defer { condition.unlock() }
        while served == nil { condition.wait() }
        return served!
    }
}

/// A value handed to another thread, which alone uses it until the thread that handed it over waits for it to end.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
