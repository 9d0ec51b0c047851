import SweepPlanning
import SweepReporting

/// How the terminal summary is laid out (`sweep run`, `submit`, `merge`): as wide as its content (`--wide`, and the
/// reports' tests), or fitted to a terminal's width.
public enum TerminalLayout: Sendable, Equatable {
    /// Every label whole, every tied configuration on its own rank, lines as long as they come.
    case wide
    /// At most `width − 1` characters a line: the ranked tables name only the axes the sweep varies, by letters a
    /// legend spells out; tied configurations share a rank; longer lines wrap at spaces, indented.
    case fitted(width: Int)

    /// `text` with every line longer than the layout allows wrapped at spaces, the continuation indented two spaces
    /// more than the line (a word longer than the room is left whole).
    public func wrap(_ text: String) -> String {
        guard case .fitted(let width) = self else { return text }
        let room = max(width - 1, 20)
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.count > room else {
                out.append(line)
                continue
            }
            // The line's own indent stays on its first part; runs of spaces inside it (column alignment) stay too.
            let leading = String(line.prefix { $0 == " " })
            let indent = leading + "  "
            var current = leading, first = true
            for word in line.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = first ? current + word : current + " " + word
                if candidate.count > room && !first && !current.trimmingCharacters(in: .whitespaces).isEmpty {
                    out.append(current)
                    current = indent + word
                } else {
                    current = candidate
                }
                first = false
            }
            out.append(current)
        }
        return out.joined(separator: "\n")
    }
}

/// The ranked tables of a fitted terminal summary: short labels over the varied axes, ties grouped.
enum FittedRanking {
    /// The letter of the `i`-th varied axis: A … Z, then AA, AB, …
    static func letter(_ i: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ").map(String.init)
        return i < 26 ? letters[i] : letter(i / 26 - 1) + letters[i % 26]
    }

    /// The indices (in axis order) of the axes whose value differs between configurations.
    static func variedAxes(_ plan: SweepPlan) -> [Int] {
        guard let first = plan.configurations.first else { return [] }
        return first.values.indices.filter { a in plan.configurations.contains { $0.values[a].value != first.values[a].value } }
    }

    /// `Axes in the tables: A = contentTouchDelay, B = …; every configuration has overlay.panMoved=true, …`.
    static func legend(_ plan: SweepPlan) -> String {
        let varied = variedAxes(plan)
        guard let first = plan.configurations.first, !varied.isEmpty else { return "" }
        let names = varied.enumerated().map { "\(letter($0.offset)) = \(first.values[$0.element].axis)" }
        let fixed = first.values.indices.filter { !varied.contains($0) }.map { first.values[$0].description }
        return "Axes in the tables: " + names.joined(separator: ", ")
            + (fixed.isEmpty ? "" : "; every configuration has " + fixed.joined(separator: ", ")) + "\n"
    }

    /// The short label of configuration `c`: `A=0 B=2 C=true`.
    static func label(_ plan: SweepPlan, _ c: Int, varied: [Int]) -> String {
        varied.enumerated().map { "\(letter($0.offset))=\(plan.configurations[c].values[$0.element].value)" }.joined(separator: " ")
    }

    /// `rows` (one per configuration, in plan order) ranked, with consecutive configurations of the same figures in
    /// one row: its config is the first's id and `+N`, its label keeps the values they share and puts `*` where they
    /// differ; the tied ids follow as lines of their own. At most `top` rows.
    static func render(title: String, plan: SweepPlan, rows: [RankedSummary.Row], top: Int) -> String {
        let varied = variedAxes(plan)
        let ranked = RankedSummary.ranked(rows, top: rows.count)
        let index = Dictionary(uniqueKeysWithValues: plan.configurations.map { ($0.id, $0.index) })
        var groups: [[RankedSummary.Row]] = []
        for row in ranked {
            if let last = groups.last?.first, last.rate == row.rate, last.low == row.low, last.high == row.high,
                last.count == row.count, last.attempts == row.attempts
            {
                groups[groups.count - 1].append(row)
            } else {
                groups.append([row])
            }
        }
        var merged: [RankedSummary.Row] = []
        var tiedLines: [String] = []
        for group in groups.prefix(top) {
            var row = group[0]
            let members = group.compactMap { index[$0.configID] }
            let labels = members.map { label(plan, $0, varied: varied).split(separator: " ").map(String.init) }
            row.label = labels[0].indices.map { i in labels.allSatisfy { $0[i] == labels[0][i] } ? labels[0][i] : labels[0][i].prefix { $0 != "=" } + "=*" }
                .joined(separator: " ")
            if group.count > 1 {
                row.configID += " +\(group.count - 1)"
                tiedLines.append("  \(row.configID): tied, \(group.map(\.configID).joined(separator: " "))")
            }
            merged.append(row)
        }
        var text = RankedSummary.render(title: title, rows: merged, top: top, compact: true)
        if !tiedLines.isEmpty { text += tiedLines.joined(separator: "\n") + "\n" }
        return text
    }
}
