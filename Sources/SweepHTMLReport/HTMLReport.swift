import SweepCore
import SweepReporting

/// report.html (issue 7 §4): one self-contained page (inline CSS, inline SVG drawn here, a few lines of inline
/// script for the axis-pair selectors, no external address of any kind) with a headline per defect (the axis
/// value that makes it worst, both rates), the run's metadata, the axes that drive each defect, what remains
/// where every documented seed fix is applied, heatmaps over pairs of axes on one shared colour scale, per-axis
/// effect charts, the cause kinds per defect and the worst configurations (ties grouped) with their examples'
/// repros and timelines. Rates a person reads are percentages; `data-` attributes keep the CSV figures. Everything but the duration is a function of the report files.
public enum HTMLReport {
    /// The `<meta>` that keeps the sweep's duration, so `sweep report` can redraw the page without losing it.
    public static let durationMetaName = "touchsweep-duration-seconds"

    /// The page. Throws one sentence naming the report file that does not parse.
    public static func render(_ inputs: ReportInputs) throws(CSVReader.Failure) -> String {
        let data = try ReportData(inputs)
        let plan = inputs.plan
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        if let d = inputs.durationSeconds {
            html += "<meta" + HTMLText.attributes([("name", durationMetaName), ("content", ReportNumber.fixed(d, digits: 3))]) + ">\n"
        }
        html += "<title>\(HTMLText.escape("TouchSweep report: \(plan.config.name)"))</title>\n<style>\(css)</style>\n</head>\n<body>\n"
        html += "<h1>\(HTMLText.escape("TouchSweep report: \(plan.config.name)"))</h1>\n"
        // The sections are independent given the data: drawn on every core, joined in page order.
        let top: [@Sendable () -> String] = [{ HeadlineHTML.render(data) + CategoriesHTML.render(data) + metadata(data) }]
        let middle: [@Sendable () -> String] =
            [
                { HeadlineHTML.drivers(data) }, { ResidualsHTML.render(data) }, { screens(data) }
            ]
            + heatmapSections(data) + [{ effectCharts(data) }, { causes(data) }]
        let worst: [@Sendable () -> String] = data.activeOutcomes.map { o in
            { "<h3>\(HTMLText.escape(data.table.outcomes[o]))</h3>\n" + WorstConfigurationsHTML.render(data, outcome: o) }
        }
        let sections = top + middle + worst
        let drawn = ParallelMap.map(sections.count) { sections[$0]() }
        html += drawn[..<top.count].joined()
        html +=
            "<nav><a href=\"#drivers\">Axes that drive each defect</a> · <a href=\"#residuals\">Residual after the fix</a> · "
            + "<a href=\"#heatmaps\">Heatmaps</a> · <a href=\"#effects\">Effects by axis</a> · <a href=\"#causes\">Causes</a> · "
            + "<a href=\"#worst\">Worst configurations</a></nav>\n"
        html += drawn[top.count ..< top.count + middle.count].joined()
        html +=
            "<section id=\"worst\">\n<h2>Worst configurations</h2>\n<p>Ranked by rate as on the terminal (ties in plan order); "
            + "configurations tied on every figure are one row when the axes they differ in do not matter (every configuration "
            + "with the row's other values, whatever those axes, gave the same figures: they read <em>any</em>). Each row with its "
            + "kept examples (examples.csv), a minimal repro where <code>sweep shrink</code> wrote one, and the trace timeline.</p>\n"
        html += drawn[(top.count + middle.count)...].joined()
        html += "</section>\n<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// The worst element of each real screen (by_screen.csv's rank 1 rows with defects); nothing for a sweep
    /// without screens.
    static func screens(_ data: ReportData) -> String {
        guard !data.worstElements.isEmpty else { return "" }
        var html =
            "<section id=\"screens\">\n<h2>Real screens</h2>\n<p>The worst element of each screen with a defect "
            + "(defects per run over every configuration; every element in by_screen.csv).</p>\n<table>\n"
            + "<tr><th>screen</th><th>element</th><th>class</th><th>kind</th><th>defects</th><th>per run</th><th>worst configuration</th></tr>\n"
        for w in data.worstElements {
            html +=
                "<tr>"
                + [w.screen, w.element, w.className, w.kind, String(w.defects), w.rate, w.worstConfig]
                .map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>\n"
        }
        return html + "</table>\n</section>\n"
    }

    static func metadata(_ data: ReportData) -> String {
        let plan = data.inputs.plan
        // Shown from the value the page stores (3 decimals), so a page redrawn from its own meta shows the same
        // figure: rounding the raw duration to 2 decimals can differ from rounding its 3-decimal form (1.2349 →
        // "1.23", but 1.235 → "1.24").
        let stored = data.inputs.durationSeconds.map { Double(ReportNumber.fixed($0, digits: 3)) ?? $0 }
        let duration = stored.map { ReportNumber.fixed($0, digits: 2) + " s" } ?? "unknown"
        let rows: [(String, String)] = [
            ("config hash", plan.configHash), ("engine version", data.inputs.engineVersion),
            ("configurations", String(data.configurations.count)), ("scenarios", String(data.scenarios)),
            ("trees per configuration", String(plan.treeCount)), ("duration", duration),
            (
                "runs not counted",
                zip(NotCounted.allCases, data.notCounted).map { "\($0.name) \($1)" }.joined(separator: ", ")
                    + " (docs/defects.md, \"Runs not counted\")"
            )
        ]
        return "<section id=\"metadata\">\n<table class=\"meta\">\n"
            + rows.map { "<tr><th>\(HTMLText.escape($0.0))</th><td" + HTMLText.attributes([("data-meta", $0.0)]) + ">\(HTMLText.escape($0.1))</td></tr>\n" }
            .joined()
            + "</table>\n</section>\n"
    }

    /// The heatmaps section in pieces the page draws side by side with its other sections (one level of parallel
    /// work: Dispatch would give a nested one a share of the cores, on a small machine one): its opening, each class's
    /// heatmaps, its end.
    static func heatmapSections(_ data: ReportData) -> [@Sendable () -> String] {
        let opening = "<section id=\"heatmaps\">\n<h2>Heatmaps</h2>\n"
        let varied = data.table.axes.indices.filter { data.table.axes[$0].isVaried }
        guard varied.count >= 2 else {
            return [{ opening + "<p>Fewer than two axes vary in this sweep, so there is no pair to draw; see the effects by axis.</p>\n</section>\n" }]
        }
        let intro =
            opening
            + "<p>Each cell: the rate pooled over the configurations with both values (count / attempts in its tooltip). "
            + "One colour scale for every heatmap, from white (0%) to deep red (100%), by the square root of the rate so that "
            + "a few percent stays visible; the ▲ under each scale marks that defect's highest configuration rate. The default "
            + "pair is the two axes with the largest main effects that vary independently; the selector offers every pair.</p>\n"
        return [{ intro }] + data.activeOutcomes.map { o -> @Sendable () -> String in { heatmaps(data, outcome: o, varied: varied) } } + [{ "</section>\n" }]
    }

    /// One class's heatmaps: a selector of axis pairs and a heatmap per pair, the default pair shown.
    static func heatmaps(_ data: ReportData, outcome o: Int, varied: [Int]) -> String {
        var html = ""
        let defect = data.table.outcomes[o]
        let rank = data.rankedAxes(defect)
        let position = { (a: Int) in rank.firstIndex(of: a) ?? Int.max }
        let defectMax = data.table.rows.compactMap { PooledRate(count: $0.counts[o], attempts: $0.attempts[o]).rate }.max() ?? 0
        var pairs: [(Int, Int)] = []
        for (i, a) in varied.enumerated() {
            for b in varied[(i + 1)...] { pairs.append(position(a) <= position(b) ? (a, b) : (b, a)) }
        }
        let defaultPair = Self.defaultPair(pairs, rank: rank, table: data.table, outcome: o)
        func key(_ p: (Int, Int)) -> String { data.table.axes[p.0].name + " × " + data.table.axes[p.1].name }
        html += "<h3>\(HTMLText.escape(defect))</h3>\n<label>axes <select class=\"pairs\"" + HTMLText.attributes([("data-defect", defect)]) + ">\n"
        for p in pairs {
            html +=
                "<option" + HTMLText.attributes([("value", key(p))]) + (key(p) == key(defaultPair) ? " selected" : "")
                + ">\(HTMLText.escape(key(p)))</option>\n"
        }
        html += "</select></label>\n"
        for p in pairs {
            html +=
                "<div class=\"pair\"" + HTMLText.attributes([("data-pair-of", defect), ("data-pair", key(p))])
                + (key(p) == key(defaultPair) ? "" : " hidden") + ">\n"
                + HeatmapSVG.render(data.table, outcome: o, p.0, p.1, defectMax: defectMax) + "\n</div>\n"
        }
        return html
    }

    /// The pair a heatmap opens on: the two axes with the largest main effects that vary independently (a full
    /// 2 × 2 of cells with attempts; zipped axes only fill a diagonal), pairs taken in rank order.
    static func defaultPair(_ pairs: [(Int, Int)], rank: [Int], table: FactorTable, outcome: Int) -> (Int, Int) {
        for (i, a) in rank.enumerated() {
            for b in rank[(i + 1)...] {
                if let pair = pairs.first(where: { Set([$0.0, $0.1]) == [a, b] }),
                    FactorEffects.hasFullTwoByTwo(FactorEffects.cells(table, outcome: outcome, pair.0, pair.1, moments: false))
                {
                    return pair
                }
            }
        }
        return pairs[0]
    }

    static func effectCharts(_ data: ReportData) -> String {
        var html =
            "<section id=\"effects\">\n<h2>Effects by axis</h2>\n<p>The rate at each value of each axis, pooled over the "
            + "configurations with that value that have a partner at every other value (the same settings of the other axes), "
            + "with its 95% interval over trees (effects.csv's level rows: runs of one tree count as correlated, and "
            + "configurations that ran the same trees are not independent evidence); axes by main effect.</p>\n"
        for o in data.activeOutcomes {
            let defect = data.table.outcomes[o]
            let levels = data.effects.filter { $0.defect == defect && $0.kind == "level" }
            let scaleMax = min(1, ((levels.compactMap(\.high).max() ?? 0) * 10).rounded(.up) / 10)
            html += "<h3>\(HTMLText.escape(defect))</h3>\n<div class=\"charts\">\n"
            for a in data.rankedAxes(defect) {
                let name = data.table.axes[a].name
                let main = data.effects.first { $0.defect == defect && $0.kind == "main" && $0.axis == name }
                html += EffectChartSVG.render(levels.filter { $0.axis == name }, main: main, scaleMax: scaleMax) + "\n"
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    static func causes(_ data: ReportData) -> String {
        var html =
            "<section id=\"causes\">\n<h2>Causes</h2>\n<p>What took each defect's runs away, over every configuration "
            + "(causes.csv added up): one bar per cause kind and the rule that decides it (docs/reports.md), its share of the "
            + "class's defective runs and their count.</p>\n"
        let defects = data.activeOutcomes.map { data.table.outcomes[$0] }.filter { d in data.causes.contains { $0.defect == d && $0.count > 0 } }
        guard !defects.isEmpty else { return html + "<p>No defective run, so no cause.</p>\n</section>\n" }
        html += "<div class=\"charts\">\n"
        for defect in defects { html += CausesChartSVG.render(defect: defect, causes: data.causes.filter { $0.defect == defect }) + "\n" }
        return html + "</div>\n</section>\n"
    }

    static let css = """
        body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:24px;color:#222;max-width:1400px}
        h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}h3{font-size:15px}
        table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
        th{background:#f3f3f3}svg text{font-size:12px;fill:#222}svg text.axis{font-weight:600}svg text.small{font-size:11px}
        .charts{display:flex;flex-wrap:wrap;gap:16px}pre{font-size:11px;background:#f8f8f8;padding:8px;overflow-x:auto;max-height:480px}
        .example{margin:4px 0}.cause{color:#555;font-size:12px}code{font-size:12px;overflow-wrap:anywhere}nav{margin:8px 0}
        svg{max-width:100%;height:auto}.table-wrap{max-width:100%;overflow-x:auto}
        table.worst{table-layout:fixed;width:100%}table.worst th.rank{width:3em}table.worst th.ids{width:12em}
        table.worst th.rate{width:4.5em}table.worst th.interval{width:7.5em}table.worst th.counts{width:7em}
        table.worst td.any{color:#777;font-style:italic}.free{color:#555;font-size:12px}div.examples{max-width:100%;min-width:0}
        ul.headline{font-size:16px;line-height:1.5}ul.headline li{overflow-wrap:anywhere}.note{color:#555;font-size:12px}
        td,th{overflow-wrap:anywhere}
        """

    /// Shows the heatmap of the selected pair (the default one is visible without script).
    static let script = """
        for(const s of document.querySelectorAll('select.pairs')){s.addEventListener('change',()=>{
        for(const d of document.querySelectorAll('.pair')){if(d.dataset.pairOf===s.dataset.defect){d.hidden=d.dataset.pair!==s.value;}}});}
        """
}
