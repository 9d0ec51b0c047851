import TestSupport
import Testing

@testable import TouchEngine

/// The run's timers (`TimerQueue`): the next one due, in P7's order at equal times, against a scan of every armed
/// timer.
@Suite struct TimerQueueTests {
    @Test("timers due at the same time fire in P7 order: recognizers by id, highlights, scroll views, sheets")
    func equalTimesInP7Order() {
        var queue = TimerQueue(recognizers: 3)
        let at = VirtualTime.ms(10)
        queue.set(.sheetDismissal(0), at)
        queue.set(.zoomBounce(2), at)
        queue.set(.deceleration(2), at)
        queue.set(.controlHighlight(5), at)
        queue.set(.deceleration(1), at)
        queue.set(.controlHighlight(1), at)
        queue.set(2, at)
        queue.set(1, at)
        var fired: [TimerOwner] = []
        while true {
            let next = queue.next()
            guard next.time != .never else { break }
            #expect(next.time == at)
            fired.append(next.owner)
            if case .recognizer(let id) = next.owner { queue.set(id, .never) } else { queue.set(next.owner, .never) }
            #expect(queue.invariantViolation() == nil)
        }
        #expect(
            fired == [
                .recognizer(1), .recognizer(2), .controlHighlight(1), .controlHighlight(5), .deceleration(1),
                .deceleration(2), .zoomBounce(2), .sheetDismissal(0)
            ])
    }

    @Test("the next timer is a scan's over 4,000 seeded arms and clears, and clear forgets them all")
    func agreesWithAScan() {
        var rng = SplitMix64(seed: 0x7131_3E5)
        var queue = TimerQueue(recognizers: 6)
        var model: [(owner: TimerOwner, time: VirtualTime)] = []
        for _ in 0 ..< 4_000 {
            let owner: TimerOwner
            switch rng.int(0 ... 4) {
            case 0, 1: owner = .recognizer(rng.int(0 ... 5))
            case 2: owner = .controlHighlight(rng.int(0 ... 3))
            case 3: owner = rng.chance(0.5) ? .deceleration(rng.int(0 ... 3)) : .zoomBounce(rng.int(0 ... 3))
            default: owner = .sheetDismissal(rng.int(0 ... 1))
            }
            // Few distinct times, so that ties are common; a third of the changes clear.
            let time = rng.chance(0.33) ? VirtualTime.never : .ms(Double(rng.int(1 ... 6) * 5))
            if case .recognizer(let id) = owner { queue.set(id, time) } else { queue.set(owner, time) }
            model.removeAll { $0.owner == owner }
            if time != .never { model.append((owner, time)) }

            let expected = model.min { a, b in
                a.time != b.time ? a.time < b.time : Self.p7Key(a.owner).lexicographicallyPrecedes(Self.p7Key(b.owner))
            }
            let next = queue.next()
            #expect(next.time == (expected?.time ?? .never))
            #expect(next.owner == (expected?.owner ?? TimerOwner.none))
            #expect(queue.invariantViolation() == nil)
            if case .recognizer(let id) = owner { #expect(queue[id] == time) } else { #expect(queue.deadline(of: owner) == time) }
        }
        queue.clear()
        #expect(queue.next().time == .never)
        #expect(queue.others.isEmpty)
        for id in 0 ..< 6 { #expect(queue[id] == .never) }
    }

    /// P7's order among timers due together, written out: every recognizer's by id, then controls' highlights by
    /// view, then each scroll view's deceleration and zoom bounce by view, then sheets by index.
    static func p7Key(_ owner: TimerOwner) -> [Int] {
        switch owner {
        case .none: return [9]
        case .recognizer(let id): return [0, id]
        case .controlHighlight(let v): return [1, v]
        case .deceleration(let v): return [2, v, 0]
        case .zoomBounce(let v): return [2, v, 1]
        case .sheetDismissal(let s): return [3, s]
        }
    }
}
