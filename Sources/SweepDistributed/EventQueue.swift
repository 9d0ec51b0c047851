import SweepProtocol

/// What happens in a ``ClusterSimulation``, in virtual time.
enum SimulationEvent: Sendable {
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
    struct Entry: HeapElement {
        var at: Int64
        var sequence: Int
        var event: SimulationEvent
        func before(_ other: Entry) -> Bool { (at, sequence) < (other.at, other.sequence) }
    }

    private var heap = BinaryHeap<Entry>()
    private var sequence = 0

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ event: SimulationEvent, at: Int64) {
        heap.push(Entry(at: at, sequence: sequence, event: event))
        sequence += 1
    }

    /// The earliest event, leaving the queue.
    mutating func pop() -> (Int64, SimulationEvent)? {
        guard !heap.isEmpty else { return nil }
        let first = heap.removeFirst()
        return (first.at, first.event)
    }
}
