import SweepCore
import TouchEngine

/// Script reductions: fewer samples, shorter holds, rounder numbers.
extension ShrinkState {
    /// A candidate with another script (the gesture's times follow it).
    func withScript(_ script: [ScriptEvent]) -> ShrinkSubject {
        var candidate = current
        candidate.scene.script = script
        candidate.syncGesture()
        return candidate
    }

    /// The samples that may go: each UIEvent whose touches all move, as the indices of its script events. A
    /// multi-touch event goes whole or stays (a mixed one, where another finger lands or lifts, always stays), so
    /// no candidate splits an event or leaves a `sameEvent` follower joined to the wrong event.
    var moveUnits: [Range<Int>] { Self.moveUnits(in: scene.script) }

    static func moveUnits(in script: [ScriptEvent]) -> [Range<Int>] {
        var units: [Range<Int>] = []
        var index = 0
        while index < script.count {
            var end = index + 1
            while end < script.count, script[end].sameEvent, script[end].time == script[index].time { end += 1 }
            if script[index ..< end].allSatisfy({ if case .move = $0.action { return true } else { return false } }) {
                units.append(index ..< end)
            }
            index = end
        }
        return units
    }

    mutating func dropSamples() -> Bool {
        var accepted = false
        var chunk = moveUnits.count
        while chunk >= 1 && !oracle.exhausted {
            let moves = moveUnits
            var progressed = false
            var start = 0
            while start < moves.count && !oracle.exhausted {
                var drop = Set<Int>()
                for unit in moves[start ..< min(start + chunk, moves.count)] { drop.formUnion(unit) }
                let script = scene.script.indices.filter { !drop.contains($0) }.map { scene.script[$0] }
                if attempt(withScript(script)) {
                    accepted = true
                    progressed = true
                    break
                }
                start += chunk
            }
            if !progressed { chunk /= 2 } else { chunk = min(chunk, moveUnits.count) }
        }
        return accepted
    }

    /// The script with every step from `index` on moved earlier by `amount` µs.
    func shifted(from index: Int, by amount: Int64) -> [ScriptEvent] {
        var script = scene.script
        for i in index ..< script.count { script[i].time = VirtualTime(microseconds: script[i].time.microseconds - amount) }
        return script
    }

    mutating func shortenTiming() -> Bool {
        var accepted = false
        // Whole milliseconds and whole points first: later halvings then stay whole.
        let wholeTimes = scene.script.map { e -> ScriptEvent in
            var c = e
            c.time = VirtualTime(microseconds: (e.time.microseconds + 500) / 1000 * 1000)
            return c
        }
        if attempt(withScript(wholeTimes)) { accepted = true }
        func whole(_ p: Point) -> Point { Point(p.x.rounded(), p.y.rounded()) }
        let wholePoints = scene.script.map { e -> ScriptEvent in
            var c = e
            switch e.action {
            case .down(let p): c.action = .down(whole(p))
            case .move(let p): c.action = .move(whole(p))
            case .up(let p?): c.action = .up(whole(p))
            default: break
            }
            return c
        }
        if attempt(withScript(wholePoints)) { accepted = true }
        // Then each gap: halve it (to whole ms, at least 1 ms) while that keeps the defect, then try a
        // multiple of 10 ms below it.
        var index = 1
        while index < scene.script.count && !oracle.exhausted {
            let gap = scene.script[index].time.microseconds - scene.script[index - 1].time.microseconds
            let half = max(1000, gap / 2 / 1000 * 1000)
            if gap > half, attempt(withScript(shifted(from: index, by: gap - half))) {
                accepted = true
                continue
            }
            let tens = gap / 10_000 * 10_000
            if tens > 0, tens < gap, attempt(withScript(shifted(from: index, by: gap - tens))) { accepted = true }
            index += 1
        }
        // The first step at time 0.
        if let first = scene.script.first, first.time.microseconds != 0 {
            if attempt(withScript(shifted(from: 0, by: first.time.microseconds))) { accepted = true }
        }
        return accepted
    }
}
