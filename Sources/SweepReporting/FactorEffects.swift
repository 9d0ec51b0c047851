/// Which axes move a rate, computed from a ``FactorTable`` (docs/reports.md, "effects.csv").
///
/// - **Level rate** of axis A at level a: the outcome pooled over the configurations with A = a that have a
///   partner at every other level of A, equal on every other axis (``matchedRows(_:axis:)``): the levels are
///   compared over the same settings of the other axes, so an axis that changes nothing has exactly equal level
///   rates and a main effect of exactly 0, however exclusions unbalance the sweep.
/// - **Main effect** of A: the highest minus the lowest level rate, over levels with attempts; `nil` when fewer
///   than two levels have attempts. Only varied axes (two or more levels) have one.
/// - **Interaction** of A and B: for each cell (a, b) with attempts, the contrast
///   `rate(a, b) − rate(a) − rate(b) + overall`, which is 0 in every cell when the two axes act
///   independently and additively (exactly so in a fully crossed sweep with equal attempts per cell). The
///   pair's **strength** is the largest |contrast|; the cell where it occurs is the one reported. Every 2 × 2
///   has ties (its four contrasts are ±c), broken in favour of a positive contrast (the two levels together
///   raise the rate more than they do apart), then of the higher cell rate, then of level order. A pair is measured only when some two levels of A and two of B form a 2 × 2 grid
///   whose four cells all have attempts: zipped axes (always varied together) or an exclusion that leaves
///   three cells of a 2 × 2 cannot separate an interaction from the main effects.
public enum FactorEffects {
    public struct MainEffect: Sendable, Equatable {
        public var axis: Int
        /// One per level of the axis, in level order.
        public var levels: [PooledRate]
        public var effect: Double?

        /// The levels with the lowest and the highest rate (the first of equals, as `min`/`max` of the rated
        /// levels in level order give them); `nil` when no level has a rate.
        public var extremes: (lowest: Int, highest: Int)? {
            let rated = levels.indices.filter { levels[$0].rate != nil }
            guard let lowest = rated.min(by: { levels[$0].rate! < levels[$1].rate! }),
                let highest = rated.max(by: { levels[$0].rate! < levels[$1].rate! })
            else { return nil }
            return (lowest, highest)
        }
    }

    public struct Interaction: Sendable, Equatable {
        public var axis: Int
        public var axis2: Int
        /// The cell with the largest |contrast|.
        public var level: Int
        public var level2: Int
        public var cell: PooledRate
        /// The largest |contrast| (≥ 0).
        public var strength: Double
    }

    /// The main effect of every varied axis, in axis order.
    public static func mainEffects(_ table: FactorTable, outcome: Int) -> [MainEffect] {
        table.axes.indices.filter { table.axes[$0].isVaried }.map { a in
            let matched = matchedRows(table, axis: a)
            let levels = table.axes[a].levels.indices.map { l in
                table.pooled(outcome: outcome, rows: matched.filter { table.rows[$0].levels[a] == l })
            }
            let rates = levels.compactMap(\.rate)
            return MainEffect(axis: a, levels: levels, effect: rates.count >= 2 ? rates.max()! - rates.min()! : nil)
        }
    }

    /// The rows (positions, in table order) whose levels of axis `a` a main effect compares: those of *complete
    /// strata*. A stratum is the rows that agree on every axis but `a` and the axes that move with `a` (axes whose
    /// level each level of `a` fixes, as a zip group's do); it is complete when it has a row at every level of `a`
    /// that some row has. In a fully crossed sweep every stratum is complete; an exclusion leaves out the strata
    /// it cut (e.g. the other delays when `delaysContentTouches = false` keeps only 150 ms). Every row when no
    /// stratum is complete.
    public static func matchedRows(_ table: FactorTable, axis a: Int) -> [Int] {
        if let known = table.matchedRowsMemo.byAxis.withLock({ $0[a] }) { return known }
        let matched = strataRows(table, axis: a)
        table.matchedRowsMemo.byAxis.withLock { $0[a] = matched }
        return matched
    }

    private static func strataRows(_ table: FactorTable, axis a: Int) -> [Int] {
        let rows = table.rows
        let present = Set(rows.map { $0.levels[a] })
        let movesWithA = table.axes.indices.filter { b in
            guard b != a else { return true }
            var fixed: [Int: Int] = [:]
            for row in rows {
                if let l = fixed[row.levels[a]], l != row.levels[b] { return false }
                fixed[row.levels[a]] = row.levels[b]
            }
            return true
        }
        let keyAxes = table.axes.indices.filter { !movesWithA.contains($0) }
        var strata: [[Int]: [Int]] = [:]
        for (r, row) in rows.enumerated() { strata[keyAxes.map { row.levels[$0] }, default: []].append(r) }
        let complete = strata.values.filter { Set($0.map { rows[$0].levels[a] }) == present }.flatMap { $0 }.sorted()
        return complete.isEmpty ? Array(rows.indices) : complete
    }

    /// The varied axes ordered by main effect, largest first (ties and axes without an effect in axis order).
    public static func ranked(_ effects: [MainEffect]) -> [MainEffect] {
        effects.enumerated().sorted { x, y in
            let a = x.element.effect ?? -1, b = y.element.effect ?? -1
            return a != b ? a > b : x.offset < y.offset
        }.map(\.element)
    }

    /// The pooled rate of every cell of axes `a` × `b`: `cells[levelOfA][levelOfB]`. Without `moments` the cells hold
    /// counts, attempts and configurations alone (``PooledRate/add(_:outcome:moments:)``): enough for their rates.
    public static func cells(_ table: FactorTable, outcome: Int, _ a: Int, _ b: Int, moments: Bool = true) -> [[PooledRate]] {
        var grid = table.axes[a].levels.map { _ in table.axes[b].levels.map { _ in PooledRate() } }
        for row in table.rows { grid[row.levels[a]][row.levels[b]].add(row, outcome: outcome, moments: moments) }
        return grid
    }

    /// Differences below this are rounding noise.
    static let tolerance = 1e-12

    /// Every measurable pair of varied axes (see the type's comment), strongest first; ties in axis-pair order.
    public static func interactions(_ table: FactorTable, outcome: Int) -> [Interaction] {
        let overall = table.pooled(outcome: outcome)
        guard let p = overall.rate else { return [] }
        let varied = table.axes.indices.filter { table.axes[$0].isVaried }
        var found: [Interaction] = []
        for (i, a) in varied.enumerated() {
            for b in varied[(i + 1)...] {
                // Rates decide the strongest cell; only that cell is pooled with its per-tree sums (its interval).
                let grid = cells(table, outcome: outcome, a, b, moments: false)
                guard hasFullTwoByTwo(grid) else { continue }
                let rowRates = grid.map { PooledRate(count: $0.reduce(0) { $0 + $1.count }, attempts: $0.reduce(0) { $0 + $1.attempts }).rate }
                let columnRates = table.axes[b].levels.indices.map { j in
                    PooledRate(count: grid.reduce(0) { $0 + $1[j].count }, attempts: grid.reduce(0) { $0 + $1[j].attempts }).rate
                }
                var best: Interaction?
                var bestRaises = false
                for x in grid.indices {
                    for y in grid[x].indices {
                        guard let r = grid[x][y].rate, let ra = rowRates[x], let rb = columnRates[y] else { continue }
                        let signed = r - ra - rb + p
                        // Rounding noise of an exact 0 (e.g. 0.5 − 0.3 − 0.4 + 0.2) counts as 0, and strengths
                        // within noise of each other are equal.
                        let contrast = abs(signed) < tolerance ? 0 : abs(signed)
                        let better =
                            best.map { b in
                                if abs(contrast - b.strength) > tolerance { return contrast > b.strength }
                                if (signed > 0) != bestRaises { return signed > 0 }
                                return r > b.cell.rate! + tolerance
                            } ?? true
                        if better {
                            best = Interaction(axis: a, axis2: b, level: x, level2: y, cell: grid[x][y], strength: contrast)
                            bestRaises = signed > 0
                        }
                    }
                }
                if var best {
                    best.cell = table.pooled(outcome: outcome, where: [(a, best.level), (b, best.level2)])
                    found.append(best)
                }
            }
        }
        return found.enumerated().sorted { x, y in
            abs(x.element.strength - y.element.strength) > tolerance ? x.element.strength > y.element.strength : x.offset < y.offset
        }.map(\.element)
    }

    /// Whether two rows and two columns of `grid` have attempts in all four cells (whether the two axes vary
    /// independently somewhere, rather than together as zipped axes do).
    public static func hasFullTwoByTwo(_ grid: [[PooledRate]]) -> Bool {
        let observed = grid.map { row in row.indices.filter { row[$0].attempts > 0 } }
        for x in observed.indices {
            for y in observed.indices where y > x {
                if Set(observed[x]).intersection(observed[y]).count >= 2 { return true }
            }
        }
        return false
    }
}
