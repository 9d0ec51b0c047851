import SweepReporting

/// Groups tied configurations of a ranking into one row when the axes they differ in do not matter to them.
///
/// Configurations are *tied* when they have the same count, attempts and interval over trees. A group of tied
/// configurations is shown as one row with its free axes written "any" only when it holds **every**
/// configuration of the plan with its other values, whatever the free axes' values: so "any" means that each of
/// those configurations gave exactly these figures, never that two configurations happen to tie. A zip group
/// of axes is freed together (its axes change together). What cannot be grouped so stays a row of its own.
enum TiedConfigurations {
    struct Group: Equatable {
        /// Configuration indices (plan order), the first being the one the terminal ranks highest.
        var configurations: [Int]
        /// The axes whose value does not matter to this group (axis indices, in axis order).
        var freeAxes: [Int]
    }

    /// `ranked` (configuration indices, best first, as `RankedSummary` ranks them) as groups in ranking order
    /// of their first member. `levels[c][a]` is configuration c's value index on axis a; `figures[c]` what must
    /// be equal for a tie; `units` the axes that change together (each zip group, every other axis alone). `limit`:
    /// the number of groups wanted (the first ones; each costs a pass over the plan per unit, so a page that shows five
    /// does not group thousands of configurations).
    static func group<Figures: Equatable>(
        ranked: [Int], levels: [[Int]], figures: [Figures], units: [[Int]], limit: Int = .max
    ) -> [Group] {
        var remaining = ranked
        var groups: [Group] = []
        while let first = remaining.first, groups.count < limit {
            let tied = Set(remaining.filter { figures[$0] == figures[first] })
            var members: Set<Int> = [first]
            var free: Set<Int> = []
            for unit in units {
                let candidateFree = free.union(unit)
                // Every configuration of the plan that agrees with `first` on the axes that stay fixed.
                let matching = levels.indices.filter { c in
                    levels[c].indices.allSatisfy { a in candidateFree.contains(a) || levels[c][a] == levels[first][a] }
                }
                if matching.count > members.count && matching.allSatisfy(tied.contains) {
                    members = Set(matching)
                    free = candidateFree
                }
            }
            let ordered = remaining.filter(members.contains)
            groups.append(Group(configurations: ordered, freeAxes: free.sorted()))
            remaining.removeAll(where: members.contains)
        }
        return groups
    }

    /// The axis units of a sweep: each zip group's axes together, every other axis alone, in axis order of
    /// their first axis.
    static func units(axes: [String], zip: [[String]]) -> [[Int]] {
        var units: [[Int]] = []
        var placed: Set<Int> = []
        for (a, name) in axes.enumerated() where !placed.contains(a) {
            let group = zip.first { $0.contains(name) } ?? [name]
            let unit = axes.indices.filter { group.contains(axes[$0]) }
            units.append(unit)
            placed.formUnion(unit)
        }
        return units
    }
}
