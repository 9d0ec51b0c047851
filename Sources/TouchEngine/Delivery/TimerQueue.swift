/// What a timer belongs to, and so what its firing does (`Simulation.fire`).
enum TimerOwner: Equatable {
    case none
    /// A recognizer's own timer: a tap's interval, a long press's duration, a swipe's time limit, the scroll view's
    /// touch delay and the like (§4).
    case recognizer(RecognizerID)
    /// A control's minimum highlight (§5.1).
    case controlHighlight(ViewID)
    /// A scroll view's deceleration, flight or bounce ends (S9).
    case deceleration(ViewID)
    /// A scroll view's zoom bounces back to a limit (issue 15 §2).
    case zoomBounce(ViewID)
    /// A sheet's dismissal animation ends (spec M6).
    case sheetDismissal(Int)

    /// The position of this timer in P7's order among timers due at the same time, after every recognizer's:
    /// controls' highlight timers in view order, then each scroll view's deceleration and zoom bounce in view order,
    /// then the sheets' dismissals in sheet order.
    fileprivate var order: Int {
        switch self {
        case .none, .recognizer: return -1
        case .controlHighlight(let v): return v << 1
        case .deceleration(let v): return 1 << 40 | v << 1
        case .zoomBounce(let v): return 1 << 40 | v << 1 | 1
        case .sheetDismissal(let s): return 2 << 40 | s
        }
    }
}

/// Every timer a run has armed, and the next one due (P7), kept up to date as timers are armed and cleared so the run
/// loop does not scan the scene per event.
///
/// A recognizer's deadline is one entry of a table indexed by recognizer, read on most steps; the earliest of them is
/// remembered, and found again by one scan only when it moved later or was cleared. Every other timer (a control's
/// highlight, a scroll view's deceleration or zoom bounce, a sheet's dismissal) is an entry of a short list kept in
/// P7 order, which a run rarely holds more than two of. Nothing else in the simulation keeps a deadline.
struct TimerQueue {
    /// An armed timer other than a recognizer's.
    struct Armed: Equatable {
        var owner: TimerOwner
        var time: VirtualTime
    }

    /// Each recognizer's deadline, `.never` when it has none.
    private var deadlines: RunTable<VirtualTime>
    /// The earliest of `deadlines` and its recognizer (the lowest id at equal times); `stale` when the earliest moved
    /// later or was cleared, until the next `next()` scans.
    private var earliest = VirtualTime.never
    private var earliestOwner: RecognizerID = -1
    private var stale = false
    /// The other armed timers, in P7 order (`TimerOwner.order`), none at `.never`.
    private(set) var others: [Armed]

    init(recognizers: Int) {
        deadlines = RunTable(repeating: .never, count: recognizers)
        others = []
        others.reserveCapacity(4)
    }

    /// Recognizer `id`'s deadline (`.never` when none).
    @inline(__always) subscript(id: RecognizerID) -> VirtualTime { deadlines[id] }

    /// Arms (or with `.never` clears) recognizer `id`'s timer.
    @inline(__always) mutating func set(_ id: RecognizerID, _ time: VirtualTime) {
        let old = deadlines[id]
        deadlines[id] = time
        guard !stale, time != old else { return }
        if time < earliest || (time == earliest && time != .never && id < earliestOwner) {
            earliest = time
            earliestOwner = id
        } else if id == earliestOwner {
            stale = true
        }
    }

    /// The deadline of a timer other than a recognizer's (`.never` when not armed).
    func deadline(of owner: TimerOwner) -> VirtualTime {
        for armed in others where armed.owner == owner { return armed.time }
        return .never
    }

    /// Arms (or with `.never` clears) a timer other than a recognizer's.
    mutating func set(_ owner: TimerOwner, _ time: VirtualTime) {
        let order = owner.order
        precondition(order >= 0, "TimerQueue: a recognizer's timer is set by its id")
        let i = others.firstIndex { $0.owner.order >= order } ?? others.count
        let present = i < others.count && others[i].owner == owner
        switch (present, time == .never) {
        case (true, true): others.remove(at: i)
        case (true, false): others[i].time = time
        case (false, false): others.insert(Armed(owner: owner, time: time), at: i)
        case (false, true): break
        }
    }

    /// The next timer due: the earliest deadline, and at equal times the first in P7 order (every recognizer's timer,
    /// lowest id first, before any other). `(.never, .none)` when nothing is armed.
    @inline(__always) mutating func next() -> Armed {
        if stale { findEarliest() }
        var best = Armed(owner: earliestOwner >= 0 ? .recognizer(earliestOwner) : .none, time: earliest)
        if !others.isEmpty { earliestOther(before: &best) }
        return best
    }

    /// The first of the other timers due before `best`, in P7 order (recognizers' timers win ties).
    private func earliestOther(before best: inout Armed) {
        var i = 0
        while i < others.count {
            if others[i].time < best.time { best = others[i] }
            i += 1
        }
    }

    private mutating func findEarliest() {
        (earliest, earliestOwner) = scanForEarliest()
        stale = false
    }

    /// The earliest recognizer deadline in the table and its recognizer (the lowest id on a tie), or `.never` and -1.
    private func scanForEarliest() -> (time: VirtualTime, owner: RecognizerID) {
        var best = VirtualTime.never
        var id = -1
        let table = deadlines.elements
        for i in 0 ..< deadlines.count where table[i] < best { best = table[i]; id = i }
        return (best, id)
    }

    /// Clears every timer, keeping the tables. The table must be this queue's own (`makeUnique`: the simulation's
    /// `reset` makes every table unique first).
    mutating func clear() {
        if earliestOwner >= 0 || stale {
            for i in deadlines.indices { deadlines[i] = .never }
        }
        earliest = .never
        earliestOwner = -1
        stale = false
        others.removeAllKeepingStorage()
    }

    /// Clears every timer and fits the recognizers' table to `recognizers`.
    mutating func clear(recognizers: Int) {
        clear()
        if deadlines.count != recognizers { deadlines.refill(repeating: .never, count: recognizers) }
    }

    /// Gives this queue its own recognizer table when a copy of the simulation shares it (`RunTable`).
    mutating func makeUnique() { deadlines.makeUnique() }

    /// Checks what the queue remembers against what it holds: the earliest recognizer deadline (unless it is to be
    /// found again), the other timers' order, and that no entry is at `.never`. Returns the first disagreement.
    func invariantViolation() -> String? {
        if !stale {
            let (best, id) = scanForEarliest()
            if best != earliest || (best != .never && id != earliestOwner) {
                return "the earliest recognizer deadline is \(earliest) of \(earliestOwner), the table's is \(best) of \(id)"
            }
        }
        var previous = -1
        for armed in others {
            let order = armed.owner.order
            if armed.time == .never || order < 0 { return "timer \(armed.owner) is listed at \(armed.time)" }
            if order <= previous { return "timer \(armed.owner) is out of P7 order" }
            previous = order
        }
        return nil
    }
}
