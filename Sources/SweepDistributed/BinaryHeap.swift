/// An element of a ``BinaryHeap``: `before` is its strict order (the earliest comes out first).
protocol HeapElement: Sendable {
    func before(_ other: Self) -> Bool
}

/// A binary min-heap: the coordinator's timed indexes (``TailIndex``, ``LeaseTable``) and the cluster
/// simulation's events (``EventQueue``).
struct BinaryHeap<Element: HeapElement>: Sendable {
    private(set) var elements: [Element] = []

    var first: Element? { elements.first }
    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }

    mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child].before(elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// The first element, leaving the heap.
    @discardableResult
    mutating func removeFirst() -> Element {
        elements.swapAt(0, elements.count - 1)
        let first = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count && elements[left].before(elements[smallest]) { smallest = left }
            if right < elements.count && elements[right].before(elements[smallest]) { smallest = right }
            guard smallest != parent else { break }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    mutating func removeAll() { elements.removeAll(keepingCapacity: true) }
}
