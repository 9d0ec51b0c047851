import TouchScenarios

/// The cartesian product of a config's axes: one slot per axis, or one per zip group at the position of its first
/// member; the last slot varies fastest; exclude rules drop combinations.
enum Combinations {
    /// Indices into `config.axes` that vary together, and how many values they have.
    struct Slot {
        var axes: [Int]
        var count: Int
    }

    static func slots(of config: SweepConfig) -> [Slot] {
        let names = config.axes.map(\.name)
        var slots: [Slot] = []
        var placed: Set<Int> = []
        for (i, axis) in config.axes.enumerated() where !placed.contains(i) {
            let group = config.zip.first { $0.contains(axis.name) } ?? [axis.name]
            let members = group.compactMap { names.firstIndex(of: $0) }.sorted()
            placed.formUnion(members)
            slots.append(Slot(axes: members, count: axis.values.count))
        }
        return slots
    }

    /// The number of combinations before exclusions (`Int.max` on overflow).
    static func countBeforeExclusion(of config: SweepConfig) -> Int {
        var total = 1
        for slot in slots(of: config) {
            let (product, overflow) = total.multipliedReportingOverflow(by: slot.count)
            if overflow { return Int.max }
            total = product
        }
        return total
    }

    /// The number of combinations that survive the exclude rules.
    static func count(of config: SweepConfig) -> Int {
        var n = 0
        forEach(config) { _ in n += 1 }
        return n
    }

    /// Calls `body` with the value index of every axis (in axis order) for each surviving combination, in plan order.
    static func forEach(_ config: SweepConfig, _ body: ([Int]) -> Void) {
        let slots = slots(of: config)
        let names = config.axes.map(\.name)
        // Each rule as (axis index, value index) pairs.
        let rules: [[(Int, Int)]] = config.exclude.map { rule in
            rule.conditions.compactMap { c in
                guard let a = names.firstIndex(of: c.axis), let v = config.axes[a].values.firstIndex(of: c.value) else { return nil }
                return (a, v)
            }
        }
        if slots.contains(where: { $0.count == 0 }) { return }
        var digits = Array(repeating: 0, count: slots.count)
        var indices = Array(repeating: 0, count: config.axes.count)
        while true {
            for (s, slot) in slots.enumerated() { for a in slot.axes { indices[a] = digits[s] } }
            if !rules.contains(where: { rule in rule.allSatisfy { indices[$0.0] == $0.1 } }) { body(indices) }
            // Advance the mixed-radix counter, last slot fastest.
            var s = slots.count - 1
            while s >= 0 {
                digits[s] += 1
                if digits[s] < slots[s].count { break }
                digits[s] = 0
                s -= 1
            }
            if s < 0 { return }
        }
    }
}
