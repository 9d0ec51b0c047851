import SweepProtocol

/// What happens in a ``ClusterSimulation``, in virtual time.
enum SimulationEvent {
    case workerConnects(Int)
    case workerTick(Int)
    /// A message reaches a worker.
    case toWorker(Int, ProtocolMessage)
    /// A unit a worker started is done.
    case unitDone(Int, UnitSpec, attempt: Int)
    /// A worker's frames reach the coordinator's socket.
    case toCoordinator(Int, [[UInt8]])
    case coordinatorTick
    /// The coordinator is free and has messages waiting.
    case coordinatorWake
}

/// The events of a ``ClusterSimulation`` by time, and in the order they were pushed at equal times: a binary heap.
struct EventQueue {
    struct Entry {
        var at: Int64
        var sequence: Int
        var event: SimulationEvent
        func before(_ other: Entry) -> Bool { (at, sequence) < (other.at, other.sequence) }
    }

    private(set) var heap: [Entry] = []
    private var sequence = 0

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ event: SimulationEvent, at: Int64) {
        heap.append(Entry(at: at, sequence: sequence, event: event))
        sequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].before(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest event, leaving the queue.
    mutating func pop() -> (Int64, SimulationEvent)? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].before(heap[smallest]) { smallest = left }
            if right < heap.count && heap[right].before(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return (first.at, first.event)
    }
}
