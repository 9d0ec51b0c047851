import SweepCore
import SweepReporting

/// The worst configurations of each defect class, ranked as the terminal summary ranks them
/// (`RankedSummary.ranked`: rate descending, ties in plan order), tied configurations that differ only in axes
/// that do not matter to them grouped into one row (``TiedConfigurations``; those axes read "any"), with their
/// axis values, rate and interval, and their kept examples: a link to the minimal repro when `sweep shrink` wrote one, otherwise the replay
/// command, and the trace timeline in a collapsible section.
enum WorstConfigurationsHTML {
    /// Rows (groups of tied configurations) per defect.
    static let top = 5
    /// Examples per row that get a rendered timeline (the others are listed).
    static let timelinesPerRow = 2
    /// Examples listed per row (a row of tied configurations has those of each).
    static let examplesPerRow = 6

    /// One row of the table: tied configurations whose free axes do not matter (``TiedConfigurations``).
    struct Row {
        var ranked: [RankedSummary.Row]
        var configurations: [Int]
        var freeAxes: [Int]
    }

    /// Every configuration that showed the defect (outcome index), ranked as the terminal ranks them.
    static func rankedAll(_ data: ReportData, outcome: Int) -> [RankedSummary.Row] {
        let rows = data.table.rows.enumerated().map { c, row in
            let pooled = PooledRate(count: row.counts[outcome], attempts: row.attempts[outcome])
            let ci = data.configurations[c].intervals[outcome]
            return RankedSummary.Row(
                configID: data.configurations[c].id, label: data.configurations[c].values.joined(separator: " "),
                rate: pooled.rate ?? .nan, low: ci?.low ?? 0, high: ci?.high ?? 0,
                count: pooled.count, attempts: pooled.attempts)
        }
        // A configuration that never showed the defect is not "worst": the terminal's ranking, without rate-0 rows.
        return RankedSummary.ranked(rows, top: rows.count).filter { $0.count > 0 }
    }

    /// The table's rows: the ranking with tied configurations grouped, at most ``top`` of them.
    static func rows(_ data: ReportData, outcome: Int) -> [Row] {
        let ranked = rankedAll(data, outcome: outcome)
        let index = Dictionary(uniqueKeysWithValues: data.configurations.enumerated().map { ($0.element.id, $0.offset) })
        struct Figures: Equatable { var count: Int, attempts: Int, low: Double, high: Double }
        let figures = data.table.rows.enumerated().map { c, row in
            let ci = data.configurations[c].intervals[outcome]
            return Figures(count: row.counts[outcome], attempts: row.attempts[outcome], low: ci?.low ?? 0, high: ci?.high ?? 0)
        }
        let groups = TiedConfigurations.group(
            ranked: ranked.compactMap { index[$0.configID] }, levels: data.table.rows.map(\.levels),
            figures: figures,
            units: TiedConfigurations.units(axes: data.table.axes.map(\.name), zip: data.inputs.plan.config.zip), limit: top)
        let byID = Dictionary(uniqueKeysWithValues: ranked.map { ($0.configID, $0) })
        return groups.map { g in
            Row(ranked: g.configurations.compactMap { byID[data.configurations[$0].id] }, configurations: g.configurations, freeAxes: g.freeAxes)
        }
    }

    static func render(_ data: ReportData, outcome: Int) -> String {
        let defect = data.table.outcomes[outcome]
        let rows = rows(data, outcome: outcome)
        guard !rows.isEmpty else { return "<p>No configuration showed it.</p>\n" }
        var sameRuns = SameRuns(plan: data.inputs.plan)
        var html =
            "<div class=\"table-wrap\"><table class=\"worst\"" + HTMLText.attributes([("data-defect", defect)]) + ">\n<thead><tr><th class=\"rank\">rank</th>"
            + "<th class=\"ids\">configurations</th>"
        // Long axis names may break after their dots (the columns share what the fixed ones leave).
        for axis in data.table.axes {
            html += "<th>" + HTMLText.escape(axis.name).split(separator: ".", omittingEmptySubsequences: false).joined(separator: ".<wbr>") + "</th>"
        }
        html += "<th class=\"rate\">rate</th><th class=\"interval\">95% interval (trees)</th><th class=\"counts\">count / attempts</th></tr></thead>\n<tbody>\n"
        for (i, row) in rows.enumerated() {
            guard let best = row.ranked.first, let c = row.configurations.first else { continue }
            let ids = row.ranked.map(\.configID)
            html +=
                "<tr"
                + HTMLText.attributes([
                    ("class", "ranked"), ("data-config", best.configID), ("data-configs", ids.joined(separator: " ")),
                    ("data-free-axes", row.freeAxes.map { data.table.axes[$0].name }.joined(separator: " ")),
                    ("data-rate", HTMLText.rate(best.rate))
                ])
                + "><td>\(i + 1)</td><td class=\"ids\">\(HTMLText.escape(ids.joined(separator: " ")))"
            if !row.freeAxes.isEmpty {
                let names = row.freeAxes.map { data.table.axes[$0].name }
                html +=
                    "<br><span class=\"free\">\(HTMLText.escape("\(ids.count) tied configurations: \(names.joined(separator: ", ")) \(names.count == 1 ? "does" : "do") not matter"))</span>"
            }
            html += "</td>"
            for (a, value) in data.configurations[c].values.enumerated() {
                html += row.freeAxes.contains(a) ? "<td class=\"any\">any</td>" : "<td>\(HTMLText.escape(value))</td>"
            }
            html +=
                "<td>\(HTMLText.percent(best.rate))</td><td>\(HTMLText.interval(best.low, best.high))</td>"
                + "<td>\(best.count) / \(best.attempts)\(ids.count > 1 ? " each" : "")</td></tr>\n"
            let examples = standingFor(ids, defect: defect, data: data, sameRuns: &sameRuns)
            if !examples.isEmpty {
                html += "<tr class=\"examples\"><td></td><td colspan=\"\(data.table.axes.count + 4)\"><div class=\"examples\">\n"
                for (k, example) in examples.prefix(examplesPerRow).enumerated() {
                    html += exampleHTML(example, data: data, withTimeline: k < timelinesPerRow)
                }
                if examples.count > examplesPerRow {
                    html += "<p class=\"more\">\(examples.count - examplesPerRow) more of these configurations in examples.csv</p>\n"
                }
                html += "</div></td></tr>\n"
            }
        }
        return html + "</tbody>\n</table></div>\n"
    }

    /// The kept examples of `defect` that stand for a configuration of `ids`: kept there, or kept in an earlier
    /// configuration that runs the example's tree alike (examples.csv keeps one row per distinct run, `SameRuns`).
    static func standingFor(_ ids: [String], defect: String, data: ReportData, sameRuns: inout SameRuns) -> [ReportData.Example] {
        let plan = data.inputs.plan
        let index = ids.compactMap { data.planIndex[$0] }
        let members = Set(ids)
        // Per tree, the keys the row's configurations give it: an example stands for the row when its own is one.
        var keysByTree: [Int: Set<[Int]>] = [:]
        return data.examples.filter { e in
            guard e.defect == defect else { return false }
            if members.contains(e.configID) { return true }
            guard e.identicalRuns > 1, let t = e.treeIndex, t < plan.treeCount, let first = data.planIndex[e.configID] else { return false }
            if keysByTree[t] == nil { keysByTree[t] = Set(index.map { sameRuns.key(tree: t, configuration: $0) }) }
            return keysByTree[t]!.contains(sameRuns.key(tree: t, configuration: first))
        }
    }

    static func exampleHTML(_ e: ReportData.Example, data: ReportData, withTimeline: Bool) -> String {
        var html =
            "<div class=\"example\"" + HTMLText.attributes([("data-example", e.id), ("data-defect", e.defect)]) + "><code>\(HTMLText.escape(e.id))</code> "
        if !e.screen.isEmpty { html += "on screen <b>\(HTMLText.escape(e.screen))</b>, \(HTMLText.escape(e.target)): " }
        if let repro = data.minimalRepro(e.id, defect: e.defect) {
            html +=
                "<a class=\"repro\"" + HTMLText.attributes([("href", MinimalLink.href(repro.file))]) + ">minimal repro</a> "
                + HTMLText.escape("(views \(repro.viewsBefore) → \(repro.viewsAfter), recognizers \(repro.recognizersBefore) → \(repro.recognizersAfter))")
        } else {
            html += "replay: <code>\(HTMLText.escape(e.replay))</code>"
        }
        if e.identicalRuns > 1 { html += " <span class=\"repeats\">(the same run in \(e.identicalRuns) configurations)</span>" }
        if !e.cause.isEmpty { html += "<br><span class=\"cause\">\(HTMLText.escape(e.cause))</span>" }
        if withTimeline, let timeline = Timelines.timeline(exampleID: e.id, defect: e.defect, data: data) {
            html +=
                "\n<details><summary>trace timeline (\(HTMLText.escape(timeline.source)))</summary>" + timeline.svg
                + "<pre>" + HTMLText.escape(timeline.text) + "</pre></details>"
        }
        return html + "</div>\n"
    }
}
