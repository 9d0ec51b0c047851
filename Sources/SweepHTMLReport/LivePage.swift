import Foundation
import SweepProtocol
import SweepReporting

/// `/live` (issue 16 §6): a running sweep's progress, workers and results so far as one self-contained page (no
/// external address of any kind), drawn on the server from a status report — the one `sweep status` gets — and
/// the merged results. Its heatmaps are the report's (``HeatmapSVG``, the shared 0–100% ``HeatScale``, rates as
/// percentages). A few lines of script fetch the page again every ``refreshSeconds`` and swap its `<main>` in,
/// until the page says the sweep is finished or the coordinator stops answering; without script the page is the
/// state at the time it was served.
public enum LivePage {
    public static let refreshSeconds = 2

    /// The page. `table`: one row per configuration, one outcome per defect class (attempts and counts so far);
    /// `runs`: each configuration's scenarios merged so far (a heatmap cell whose configurations have none is drawn
    /// as not run yet, apart from a 0% one); `processes`: the processes sampled here (nil: not sampled, no section; with it, the workers' reported loads join them);
    /// `throughput`: scenarios done over time, drawn as a sparkline of the rate.
    public static func render(
        status r: StatusReport, endpoint: String, table: FactorTable, runs: [Int]? = nil, processes: [ProcessUsage]? = nil,
        throughput: [ThroughputSample] = []
    ) -> String {
        let title = "TouchSweep live: \(r.sweepID)"
        var html =
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<title>\(HTMLText.escape(title))</title>\n<style>\(HTMLReport.css)\(css)</style>\n</head>\n"
            + "<body" + HTMLText.attributes([("data-finished", r.finished ? "true" : "false")]) + ">\n"
            + "<h1>\(HTMLText.escape(title))</h1>\n<p id=\"connection\" class=\"note\">"
            + (r.finished ? "" : "Refreshed every \(refreshSeconds) s while the sweep runs.") + "</p>\n<main id=\"live\">\n"
        html += progress(r, endpoint: endpoint) + LiveCharts.throughput(throughput) + workers(r)
        if let processes { html += LiveCharts.processes(processes, workers: r.workers) }
        html += results(table) + heatmaps(table, runs: runs)
        return html + "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
    }

    static func progress(_ r: StatusReport, endpoint: String) -> String {
        let percent = r.treesTotal > 0 ? Double(r.treesDone) / Double(r.treesTotal) : 0
        let state = r.finished ? "finished: every tree is done or quarantined (the coordinator is writing the reports)" : "running"
        let rate =
            r.treesPerSecond.map {
                ReportNumber.fixed($0, digits: 2) + " trees/s, "
                    + ReportNumber.fixed(r.scenariosPerSecond ?? 0, digits: 1) + " scenarios/s"
            } ?? "no rate yet"
        let rows: [(String, String)] = [
            ("state", state), ("sweep", r.sweepID), ("config hash", r.configHash), ("endpoint", endpoint),
            ("trees", "\(r.treesDone) of \(r.treesTotal) (\(HTMLText.percent(percent)))"),
            ("scenarios", "\(r.scenariosDone) of \(r.scenariosTotal)"),
            ("units", "\(r.unitsDone) of about \(r.unitsTotal)"),
            ("rate", rate), ("ETA", r.etaSeconds.map(duration) ?? "unknown"), ("elapsed", duration(Double(r.elapsedMs) / 1000)),
            ("retries", String(r.retries)), ("quarantined", String(r.quarantinedCount))
        ]
        var html =
            "<section id=\"progress\">\n<h2>Progress</h2>\n<progress"
            + HTMLText.attributes([
                ("value", String(r.treesDone)),
                ("max", String(max(1, r.treesTotal)))
            ])
            + "></progress>\n<table class=\"meta\">\n"
        html += rows.map { "<tr><th>\(HTMLText.escape($0.0))</th><td" + HTMLText.attributes([("data-live", $0.0)]) + ">\(HTMLText.escape($0.1))</td></tr>\n" }
            .joined()
        html += "</table>\n"
        if !r.quarantinedUnits.isEmpty {
            html +=
                "<ul class=\"quarantined\">\n" + r.quarantinedUnits.map { "<li>\(HTMLText.escape("\($0.unit): \($0.reason)"))</li>\n" }.joined()
                + (r.quarantinedCount > r.quarantinedUnits.count ? "<li>… and \(r.quarantinedCount - r.quarantinedUnits.count) more</li>\n" : "")
                + "</ul>\n"
        }
        return html + "</section>\n"
    }

    static func workers(_ r: StatusReport) -> String {
        var html = "<section id=\"workers\">\n<h2>Workers (\(r.workers.count))</h2>\n"
        guard !r.workers.isEmpty else { return html + "<p>No worker is connected.</p>\n</section>\n" }
        html += "<table class=\"workers\">\n<tr><th>worker</th><th>host</th><th>slots</th><th>units done</th><th>held</th><th>last heard</th></tr>\n"
        for w in r.workers {
            html +=
                "<tr" + HTMLText.attributes([("data-worker", w.id)]) + "><td>\(HTMLText.escape(w.id))</td><td>\(HTMLText.escape(w.host))</td>"
                + "<td>\(w.slots)</td><td>\(w.unitsDone)</td><td>\(w.unitsHeld)</td><td>\(duration(Double(w.lastHeardMsAgo) / 1000)) ago</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    /// Each defect class's rate over every configuration so far.
    static func results(_ table: FactorTable) -> String {
        var html =
            "<section id=\"results\">\n<h2>Results so far</h2>\n<table class=\"results\">\n"
            + "<tr><th>defect</th><th>rate</th><th>count</th><th>attempts</th></tr>\n"
        for o in table.outcomes.indices {
            let pooled = table.pooled(outcome: o)
            html +=
                "<tr"
                + HTMLText.attributes([
                    ("data-defect", table.outcomes[o]), ("data-count", String(pooled.count)),
                    ("data-attempts", String(pooled.attempts))
                ])
                + "><td>\(HTMLText.escape(table.outcomes[o]))</td><td>\(HTMLText.percent(pooled.rate))</td>"
                + "<td>\(pooled.count)</td><td>\(pooled.attempts)</td></tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    /// One heatmap per defect with attempts, over the first two varied axes of the config: the same pair at every
    /// refresh (report.html opens on the pair with the largest effects, which moves while results come in).
    static func heatmaps(_ table: FactorTable, runs: [Int]?) -> String {
        var html = "<section id=\"heatmaps\">\n<h2>Heatmaps so far</h2>\n"
        let varied = table.axes.indices.filter { table.axes[$0].isVaried }
        guard varied.count >= 2 else {
            return html + "<p>Fewer than two axes vary in this sweep, so there is no pair to draw.</p>\n</section>\n"
        }
        html +=
            "<p>As in report.html: each cell the rate pooled over the configurations with both values (count / attempts in "
            + "its tooltip), one colour scale from white (0%) to deep red (100%) for every heatmap.</p>\n"
        let active = table.outcomes.indices.filter { table.pooled(outcome: $0).attempts > 0 }
        if active.isEmpty { html += "<p>No result has been merged yet.</p>\n" }
        let notRun = runs.map { runs in Set(runs.indices.filter { runs[$0] == 0 }) }
        if notRun?.isEmpty == false {
            html += "<p>Grey hatched cells have no configuration run yet; plain grey ones ran without an attempt of that defect.</p>\n"
        }
        for o in active {
            let pair = (varied[0], varied[1])
            let defectMax = table.rows.compactMap { PooledRate(count: $0.counts[o], attempts: $0.attempts[o]).rate }.max() ?? 0
            html +=
                "<h3>\(HTMLText.escape(table.outcomes[o]))</h3>\n<div class=\"pair\">\n"
                + HeatmapSVG.render(table, outcome: o, pair.0, pair.1, defectMax: defectMax, notRun: notRun) + "\n</div>\n"
        }
        return html + "</section>\n"
    }

    /// A duration for people: `0.2 s`, `42 s`, `3 min 5 s`, `2 h 10 min`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return ReportNumber.fixed(seconds, digits: 1) + " s" }
        let s = Int(seconds.rounded())
        return s < 60 ? "\(s) s" : s < 3600 ? "\(s / 60) min \(s % 60) s" : "\(s / 3600) h \(s % 3600 / 60) min"
    }

    static let css = "progress{width:100%;max-width:640px;height:18px}table.meta th{width:9em}"

    /// Fetches the page again every few seconds and swaps `<main>` in; stops when the sweep is finished or the
    /// coordinator does not answer (and says which). `data-refreshes` counts the swaps.
    static let script = """
        (function(){const body=document.body;const note=document.getElementById('connection');
        function next(){if(body.dataset.finished==='false')setTimeout(refresh,\(refreshSeconds * 1000));}
        async function refresh(){try{const r=await fetch(location.pathname+location.search,{cache:'no-store'});
        if(!r.ok)throw new Error('HTTP '+r.status);
        const doc=new DOMParser().parseFromString(await r.text(),'text/html');
        document.getElementById('live').replaceWith(document.adoptNode(doc.getElementById('live')));
        body.dataset.finished=doc.body.dataset.finished;note.textContent=doc.getElementById('connection').textContent;
        body.dataset.refreshes=String(Number(body.dataset.refreshes||0)+1);next();}
        catch(e){body.dataset.finished='unknown';note.textContent='The coordinator no longer answers ('+e.message+
        '): the sweep ended or stopped; this is its last state.';}}
        next();})();
        """
}
