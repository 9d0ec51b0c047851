import SweepProtocol

/// A set of workers in join order (join numbers are unique per hello): the coordinator's parked workers
/// (``CoordinatorStateMachine/parked``), and the workers with batches waiting, by how many (``TailIndex``).
struct JoinOrderedWorkers: Sendable {
    /// Join number and worker, ascending by join number (unique per hello).
    private(set) var order: [(joined: Int, worker: WorkerID)] = []
    private var joinedOf: [WorkerID: Int] = [:]

    var isEmpty: Bool { order.isEmpty }
    var count: Int { order.count }
    var workers: Set<WorkerID> { Set(joinedOf.keys) }

    func contains(_ w: WorkerID) -> Bool { joinedOf[w] != nil }

    mutating func insert(_ w: WorkerID, joined: Int) {
        guard joinedOf[w] == nil else { return }
        joinedOf[w] = joined
        order.insert((joined, w), at: position(of: joined))
    }

    /// Whether `w` was parked.
    @discardableResult
    mutating func remove(_ w: WorkerID) -> Bool {
        guard let joined = joinedOf.removeValue(forKey: w) else { return false }
        order.remove(at: position(of: joined))
        return true
    }

    var first: (joined: Int, worker: WorkerID)? { order.first }

    /// The first worker at or after join number `joined`.
    func first(from joined: Int) -> (joined: Int, worker: WorkerID)? {
        let i = position(of: joined)
        return i < order.count ? order[i] : nil
    }

    /// Where join number `joined` is, or would go.
    private func position(of joined: Int) -> Int {
        var low = 0, high = order.count
        while low < high {
            let mid = (low + high) / 2
            if order[mid].joined < joined { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
