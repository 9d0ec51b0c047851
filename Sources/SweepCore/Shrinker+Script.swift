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

    /// Indices of `move` steps, the samples that may go.
    var moveIndices: [Int] {
        scene.script.indices.filter { if case .move = scene.script[$0].action { return true } else { return false } }
    }

    mutating func dropSamples() -> Bool {
        var accepted = false
        var chunk = moveIndices.count
        while chunk >= 1 && !oracle.exhausted {
            let moves = moveIndices
            var progressed = false
            var start = 0
            while start < moves.count && !oracle.exhausted {
                let drop = Set(moves[start ..< min(start + chunk, moves.count)])
                let script = scene.script.indices.filter { !drop.contains($0) }.map { scene.script[$0] }
                if attempt(withScript(script)) {
                    accepted = true
                    progressed = true
                    break
                }
                start += chunk
            }
            if !progressed { chunk /= 2 } else { chunk = min(chunk, moveIndices.count) }
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
