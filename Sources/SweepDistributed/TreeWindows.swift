import SweepProtocol

/// How trees are handed out (docs/protocol.md §1, "Credit-based pull"): in windows, blocks of trees a worker carves
/// units from configuration by configuration, so its consecutive units share base trees (generated once, by
/// one worker). A window whose worker left is an orphan and goes to the next worker that asks; once every tree
/// is in a window, an idle worker steals the upper half of the configurations another window has not reached.
struct TreeWindows: Sendable {
    /// A block of trees and the configurations of it still to carve.
    struct Window: Sendable {
        /// Its trees.
        var start, end: Int
        var configuration: Int
        /// The next tree to look at for `configuration`.
        var tree: Int
        /// Configurations from this one on belong to another window (split off by ``stealHalfOfAWindow()``).
        var configurationEnd: Int
    }

    let configurationCount: Int
    let treeCount: Int
    /// Trees below this have been handed out in windows.
    private(set) var cursor = 0
    private(set) var windows: [WorkerID: Window] = [:]
    /// Windows whose worker left before finishing them.
    private(set) var orphans: [Window] = []
    /// No window had a configuration left to steal: once every tree is handed out, windows only lose
    /// configurations, so none will until an orphaned window is taken up again (the tail's idle workers then ask
    /// in O(1), not by a look at every window).
    private var stealingIsOver = false

    init(configurationCount: Int, treeCount: Int) {
        self.configurationCount = configurationCount
        self.treeCount = treeCount
    }

    /// The worker left: its window waits for another.
    mutating func orphan(windowOf w: WorkerID) {
        if let window = windows.removeValue(forKey: w) { orphans.append(window) }
    }

    /// The next unit for `w` from its window, else from an orphaned window, else from a new window of
    /// `treesPerUnit()` trees, else from half of another window; nil when every tree is handed out and no
    /// window has a configuration left to steal. `coverage` says which trees need no unit.
    mutating func nextUnit(for w: WorkerID, coverage: [TreeCoverage], treesPerUnit: () -> Int) -> UnitSpec? {
        while true {
            if let index = windows.index(forKey: w) {
                // In place through the index: one hash lookup per unit.
                while windows.values[index].configuration < windows.values[index].configurationEnd {
                    let window = windows.values[index]
                    if let gap = coverage[window.configuration].nextGap(
                        from: window.tree, limit: window.end,
                        maxCount: window.end - window.start)
                    {
                        windows.values[index].tree = gap.upperBound
                        return UnitSpec(configuration: window.configuration, trees: gap)
                    }
                    windows.values[index].configuration += 1
                    windows.values[index].tree = window.start
                }
                windows.remove(at: index)
            }
            if !orphans.isEmpty {
                windows[w] = orphans.removeFirst()
                stealingIsOver = false
                continue
            }
            if cursor < treeCount {
                let end = min(treeCount, cursor + treesPerUnit())
                windows[w] = Window(start: cursor, end: end, configuration: 0, tree: cursor, configurationEnd: configurationCount)
                cursor = end
                continue
            }
            // Every tree is handed out: rather than idle (or duplicate work that has not even started), take
            // the upper half of the configurations another worker's window has not reached yet.
            guard !stealingIsOver, let stolen = stealHalfOfAWindow() else {
                stealingIsOver = true
                return nil
            }
            windows[w] = stolen
        }
    }

    /// Splits the window with the most configurations not yet started (ties: the lowest trees), giving the
    /// upper half of them to a new window. Nothing in the stolen half was assigned: a window hands out its
    /// configurations in order, and only its current one can have units out.
    mutating func stealHalfOfAWindow() -> Window? {
        var best: (worker: WorkerID, window: Window, waiting: Int)?
        for (worker, window) in windows {
            let waiting = window.configurationEnd - window.configuration - 1
            guard waiting >= 1 else { continue }
            if let b = best, waiting < b.waiting || (waiting == b.waiting && window.start >= b.window.start) { continue }
            best = (worker, window, waiting)
        }
        guard let (victim, window, waiting) = best else { return nil }
        let split = window.configurationEnd - (waiting + 1) / 2
        windows[victim]?.configurationEnd = split
        return Window(
            start: window.start, end: window.end, configuration: split, tree: window.start,
            configurationEnd: window.configurationEnd)
    }
}

/// Batches (docs/protocol.md §1, "Credit-based pull" and "Cancel"): units over the same trees sent to a worker in one dispatch pass form a
/// batch, as the worker groups them (at most ``maximumBatch``). The tail logic moves and copies whole batches.
struct BatchTracker: Sendable {
    /// The batch a worker's next unit may join.
    struct Open: Sendable {
        var id: Int
        var trees: Range<Int>
        var pass: Int
        var count: Int
    }

    /// At most this many units in a batch (the worker's own group limit).
    static let maximumBatch = 16
    private(set) var nextID = 0
    private(set) var pass = 0
    /// Per worker, the batch its next unit may join: same trees, same pass, fewer than `maximumBatch` units.
    private(set) var open: [WorkerID: Open] = [:]

    /// A dispatch pass begins.
    mutating func beginPass() { pass += 1 }

    /// The worker left or started over: its next unit begins a batch.
    mutating func forget(_ w: WorkerID) { open[w] = nil }

    /// The batch a unit over `trees` sent to `w` now belongs to (joined or begun).
    mutating func join(_ w: WorkerID, trees: Range<Int>) -> Int {
        var batch: Open
        if let current = open[w], current.trees == trees, current.pass == pass, current.count < Self.maximumBatch {
            batch = current
        } else {
            batch = Open(id: nextID, trees: trees, pass: pass, count: 0)
            nextID += 1
        }
        batch.count += 1
        open[w] = batch
        return batch.id
    }
}
