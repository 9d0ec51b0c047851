import SweepReporting

/// The worst configurations of each defect class, ranked as the terminal summary ranks them
/// (`RankedSummary.ranked`: rate descending, ties in plan order), with their axis values, rate and interval,
/// and their kept examples: a link to the minimal repro when `sweep shrink` wrote one, otherwise the replay
/// command, and the trace timeline in a collapsible section.
enum WorstConfigurationsHTML {
    static let top = 5
    /// Examples per ranked configuration that get a rendered timeline (the others are listed).
    static let timelinesPerRow = 2

    /// The ranked rows of one defect (outcome index).
    static func ranked(_ data: ReportData, outcome: Int) -> [RankedSummary.Row] {
        let rows = data.table.rows.enumerated().map { c, row in
            let pooled = PooledRate(count: row.counts[outcome], attempts: row.attempts[outcome])
            let ci = data.configurations[c].intervals[outcome]
            return RankedSummary.Row(configID: data.configurations[c].id, label: data.configurations[c].values.joined(separator: " "),
                                     rate: pooled.rate ?? .nan, low: ci?.low ?? 0, high: ci?.high ?? 0,
                                     count: pooled.count, attempts: pooled.attempts)
        }
        // A configuration that never showed the defect is not "worst": the terminal's ranking, without rate-0 rows.
        return RankedSummary.ranked(rows, top: top).filter { $0.count > 0 }
    }

    static func render(_ data: ReportData, outcome: Int) -> String {
        let defect = data.table.outcomes[outcome]
        let ranked = ranked(data, outcome: outcome)
        guard !ranked.isEmpty else { return "<p>No configuration showed it.</p>\n" }
        var html = "<table class=\"worst\"" + HTMLText.attributes([("data-defect", defect)]) + ">\n<thead><tr><th>rank</th><th>config</th>"
        for axis in data.table.axes { html += "<th>\(HTMLText.escape(axis.name))</th>" }
        html += "<th>rate</th><th>95% interval (trees)</th><th>count / attempts</th></tr></thead>\n<tbody>\n"
        for (i, row) in ranked.enumerated() {
            guard let c = data.configurations.firstIndex(where: { $0.id == row.configID }) else { continue }
            html += "<tr" + HTMLText.attributes([("data-config", row.configID), ("data-rate", HTMLText.rate(row.rate))])
                + "><td>\(i + 1)</td><td>\(HTMLText.escape(row.configID))</td>"
            for value in data.configurations[c].values { html += "<td>\(HTMLText.escape(value))</td>" }
            html += "<td>\(HTMLText.rate(row.rate))</td><td>[\(HTMLText.rate(row.low)), \(HTMLText.rate(row.high))]</td>"
                + "<td>\(row.count) / \(row.attempts)</td></tr>\n"
            let examples = data.examples.filter { $0.configID == row.configID && $0.defect == defect }
            if !examples.isEmpty {
                html += "<tr class=\"examples\"><td></td><td colspan=\"\(data.table.axes.count + 4)\">\n"
                for (k, example) in examples.enumerated() { html += exampleHTML(example, data: data, withTimeline: k < timelinesPerRow) }
                html += "</td></tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n"
    }

    static func exampleHTML(_ e: ReportData.Example, data: ReportData, withTimeline: Bool) -> String {
        var html = "<div class=\"example\"" + HTMLText.attributes([("data-example", e.id)]) + "><code>\(HTMLText.escape(e.id))</code> "
        if let repro = data.minimal[e.id] {
            html += "<a class=\"repro\"" + HTMLText.attributes([("href", MinimalLink.href(repro.file))]) + ">minimal repro</a> "
                + HTMLText.escape("(views \(repro.viewsBefore) → \(repro.viewsAfter), recognizers \(repro.recognizersBefore) → \(repro.recognizersAfter))")
        } else {
            html += "replay: <code>\(HTMLText.escape(e.replay))</code>"
        }
        if !e.cause.isEmpty { html += "<br><span class=\"cause\">\(HTMLText.escape(e.cause))</span>" }
        if withTimeline, let timeline = Timelines.timeline(exampleID: e.id, data: data) {
            html += "\n<details><summary>trace timeline (\(HTMLText.escape(timeline.source)))</summary>" + timeline.svg
                + "<pre>" + HTMLText.escape(timeline.text) + "</pre></details>"
        }
        return html + "</div>\n"
    }
}
