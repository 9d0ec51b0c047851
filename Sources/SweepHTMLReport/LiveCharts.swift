import SweepProtocol
import SweepReporting

/// The live view's panels beside its tables (issue 35, as Dask's and Ray's dashboards show them): the throughput
/// history as a sparkline, and the CPU and memory of the coordinator and of every worker.
enum LiveCharts {
    static let sparkWidth = 360.0, sparkHeight = 48.0

    /// Scenarios per second between successive samples, drawn as a line over the samples' elapsed time, with the
    /// latest and highest rates written beside it. Fewer than two samples: a sentence instead.
    static func throughput(_ samples: [ThroughputSample]) -> String {
        var html = "<section id=\"throughput\">\n<h2>Throughput</h2>\n"
        let rates = ThroughputSample.rates(samples)
        guard rates.count >= 1, let first = samples.first, let last = samples.last, last.elapsedMs > first.elapsedMs else {
            return html + "<p>The rate's history starts after the first second.</p>\n</section>\n"
        }
        let top = max(rates.max() ?? 0, 1)
        let span = Double(last.elapsedMs - first.elapsedMs)
        let points = zip(samples.dropFirst(), rates).map { sample, rate in
            let x = Double(sample.elapsedMs - first.elapsedMs) / span * (sparkWidth - 4) + 2
            let y = sparkHeight - 2 - rate / top * (sparkHeight - 4)
            return HTMLText.coordinate(x) + "," + HTMLText.coordinate(y)
        }
        // One point is a dot: a line needs two.
        let line = points.count == 1 ? ["2," + points[0].split(separator: ",")[1]] + points : points
        html +=
            "<svg class=\"sparkline\" width=\"\(HTMLText.coordinate(sparkWidth))\" height=\"\(HTMLText.coordinate(sparkHeight))\" role=\"img\""
            + HTMLText.attributes([
                ("aria-label", "scenarios per second over the last \(LivePage.duration(span / 1000))"),
                ("data-samples", String(samples.count)), ("data-latest", ReportNumber.fixed(rates.last, digits: 1)),
                ("data-highest", ReportNumber.fixed(rates.max(), digits: 1))
            ])
            + ">\n<rect width=\"100%\" height=\"100%\" fill=\"#f7f7f7\"/>\n"
            + "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"1.5\" points=\"\(line.joined(separator: " "))\"/>\n</svg>\n"
        html +=
            "<p class=\"note\">Scenarios per second over the last \(LivePage.duration(span / 1000)): now "
            + "\(ReportNumber.fixed(rates.last, digits: 1)), highest \(ReportNumber.fixed(rates.max(), digits: 1)).</p>\n"
        return html + "</section>\n"
    }

    /// One row per process: those sampled here (the coordinator) and every worker as it last reported itself (`load`,
    /// once a heartbeat interval, wherever it runs): name, pid, CPU (percent of one core over the last interval) and
    /// resident memory. A worker that has not reported yet (or cannot read its `/proc`) shows dashes.
    static func processes(_ usage: [ProcessUsage], workers: [StatusReport.Worker]) -> String {
        var html = "<section id=\"processes\">\n<h2>Processes</h2>\n"
        guard !usage.isEmpty || !workers.isEmpty else { return html + "<p>No process has been sampled yet.</p>\n</section>\n" }
        html += "<table class=\"processes\">\n<tr><th>process</th><th>pid</th><th>CPU</th><th>memory</th></tr>\n"
        let rows =
            usage.map { (name: $0.name, pid: String($0.pid), cpu: $0.cpuPercent, resident: Optional($0.residentBytes)) }
            + workers.map { (name: $0.id, pid: $0.load.map { String($0.pid) } ?? "–", cpu: $0.load?.cpuPercent, resident: $0.load?.residentBytes) }
        for p in rows {
            html +=
                "<tr" + HTMLText.attributes([("data-process", p.name)] + (p.resident.map { [("data-resident-bytes", String($0))] } ?? [])) + ">"
                + "<td>\(HTMLText.escape(p.name))</td><td>\(p.pid)</td>"
                + "<td>\(p.cpu.map { ReportNumber.fixed($0, digits: 0) + "%" } ?? "–")</td>"
                + "<td>\(p.resident.map { ReportNumber.fixed(Double($0) / 1_048_576, digits: 1) + " MiB" } ?? "–")</td></tr>\n"
        }
        html +=
            "</table>\n<p class=\"note\">CPU is per core (200% is two cores busy). Workers measure themselves and report "
            + "once a heartbeat interval, wherever they run.</p>\n"
        return html + "</section>\n"
    }
}
