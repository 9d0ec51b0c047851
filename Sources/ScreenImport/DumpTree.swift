/// Builds the view tree from the dump's lines as they arrive. Indentation alone decides a line's superview:
/// it is the nearest line above it that is indented less. When that line was skipped (a cut or unreadable
/// record, a second root, an elision that stands for left-out views), the line goes with it.
struct DumpTree {
    /// A line whose subtree may still go on.
    enum Entry {
        /// A kept view: its record index.
        case view(Int)
        /// A skipped line and the lines skipped under it so far.
        case skipped(line: Int, count: Int, elision: Bool)
    }

    var records: [DumpRecord] = []
    var warnings: [ImportWarning] = []
    /// Depth of the first record as printed: depths are relative to it.
    var rootDepth: Int?
    /// The open lines from the root down, each with its printed depth. A skipped line is always the last one:
    /// nothing opens under it.
    var open: [(depth: Int, entry: Entry)] = []

    mutating func warn(_ line: Int, _ message: String) { warnings.append(ImportWarning(line: line, message)) }

    /// Ends the subtrees of the open lines indented as much as `depth` or more, reporting what a skipped line
    /// took with it.
    mutating func close(to depth: Int) {
        while let last = open.last, last.depth >= depth {
            open.removeLast()
            guard case let .skipped(line, count, elision) = last.entry, count > 0 else { continue }
            if elision {
                warn(line, "\(plural(count, "view")) nested under the elision at this line skipped (their superview is not in the dump)")
            } else {
                warn(line, "\(plural(count, "subview")) of the view skipped at this line skipped with it")
            }
        }
    }

    /// The end of the dump: every open subtree ends (a skipped line's count is reported as for one in the middle).
    mutating func finish() { close(to: .min) }

    /// Whether a line at `depth` lies under a skipped line (it is then counted and skipped with it).
    mutating func skippedWithLineAbove(depth: Int) -> Bool {
        close(to: depth)
        guard let last = open.last, case let .skipped(line, count, elision) = last.entry else { return false }
        open[open.count - 1].entry = .skipped(line: line, count: count + 1, elision: elision)
        return true
    }

    /// Skips the line at `line` (printed `depth`) with a warning, and later the lines nested under it.
    mutating func skip(_ line: Int, depth: Int, _ message: String) {
        let nested = skippedWithLineAbove(depth: depth)
        warn(line, message)
        if !nested { open.append((depth, .skipped(line: line, count: 0, elision: false))) }
    }

    /// An elision line at `depth`. Indented below the root it stands for views of its superview, so lines nested
    /// under it belong to views that are not in the dump and are skipped; at the root's level (or without `|`)
    /// it says nothing about depths.
    mutating func elide(_ line: Int, depth: Int, text: Substring) {
        warn(line, "an elision ('\(text)') stands for views that are not in the dump; skipped")
        guard let rootDepth, depth > rootDepth else { return }
        if !skippedWithLineAbove(depth: depth) { open.append((depth, .skipped(line: line, count: 0, elision: true))) }
    }

    mutating func add(_ record: DumpRecord) {
        if skippedWithLineAbove(depth: record.depth) { return }
        var record = record
        guard let rootDepth else {
            rootDepth = record.depth
            record.depth = 0
            records.append(record)
            open = [(rootDepth!, .view(0))]
            return
        }
        guard let last = open.last, case .view(let parent) = last.entry else {
            // Every open line ended: this one is as shallow as the root, or shallower.
            skip(
                record.line, depth: record.depth,
                record.depth == rootDepth
                    ? "a second top-level view (\(record.className)); a dump has one root; skipped"
                    : "\(record.className) is indented less than the dump's root; skipped")
            return
        }
        if record.depth > last.depth + 1 {
            warn(
                record.line,
                "\(record.className) is indented \(record.depth - last.depth) levels below "
                    + "\(records[parent].className) (line \(records[parent].line)), the nearest view above it that is indented "
                    + "less; attached to that view")
        }
        let printed = record.depth
        record.depth = records[parent].depth + 1
        record.parent = parent
        records.append(record)
        open.append((printed, .view(records.count - 1)))
    }
}
