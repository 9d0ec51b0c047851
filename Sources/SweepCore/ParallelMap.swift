import Dispatch
import Synchronization

/// `(0 ..< count).map(transform)` on every core (Dispatch's `concurrentPerform`), results in index order: for report
/// work whose items are independent (a file each, an example row each), so the bytes do not depend on scheduling.
public enum ParallelMap {
    public static func map<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0 ..< count).map(transform) }
        let slots = Mutex([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let value = transform(i)
            slots.withLock { $0[i] = value }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
