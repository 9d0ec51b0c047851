import SweepCore
import SweepPlanning

/// "Residual after the fix": which configurations apply every documented seed fix the config names, and the
/// defects that remain in them by class and cause (residuals.csv), each with a run to replay.
enum ResidualsHTML {
    static func render(_ data: ReportData) -> String {
        let plan = data.inputs.plan
        let fixed = plan.everyFix
        var html =
            "<section id=\"residuals\">\n<h2>Residual after the fix</h2>\n<p>What remains in the configurations that apply "
            + "every documented seed fix the config names (docs/reports.md): the defects by class and cause, with the rule that "
            + "decides the cause (residuals.csv).</p>\n"
        if let reason = ResidualReport.noConfigurationReason(fixed) {
            return html + "<p class=\"no-fix\">\(HTMLText.escape(reason))</p>\n</section>\n"
        }
        let ids = fixed.configurations.map { plan.configurations[$0].id }
        html +=
            "<p>Fixes: <code>" + HTMLText.escape(EveryFixConfigurations.fixValues(plan: plan).joined(separator: ", "))
            + "</code>; configurations: <span class=\"fixed-configurations\">" + HTMLText.escape(ids.joined(separator: " ")) + "</span>.</p>\n"
        guard !data.residuals.isEmpty else { return html + "<p>No defect remains.</p>\n</section>\n" }
        // The replay command as examples.csv words it (it names the output directory), else a placeholder.
        let prefix =
            data.examples.first.map { String($0.replay.split(separator: " ").dropLast().joined(separator: " ")) }
            ?? "sweep trace --replay OUTPUT_DIR"
        html +=
            "<div class=\"table-wrap\"><table class=\"residuals\">\n<thead><tr><th>defect</th><th>cause</th><th>rule</th><th>count / attempts</th><th>rate</th>"
            + "<th>configurations</th><th>example</th></tr></thead>\n<tbody>\n"
        for r in data.residuals {
            html +=
                "<tr"
                + HTMLText.attributes([
                    ("class", "residual"), ("data-defect", r.defect), ("data-cause", r.causeKind), ("data-rule", r.rule),
                    ("data-count", String(r.count)), ("data-attempts", String(r.attempts))
                ]) + ">"
                + "<td>\(HTMLText.escape(r.defect))</td><td>\(HTMLText.escape(r.causeKind))</td><td>\(HTMLText.escape(r.rule))</td>"
                + "<td>\(r.count) / \(r.attempts)</td><td>\(HTMLText.percent(Double(r.rate)))</td><td>\(r.configurations) of \(ids.count)</td>"
                + "<td><code>\(HTMLText.escape(prefix + " " + r.exampleID))</code>"
                + (plan.screenName(ofExample: r.exampleID).map { " on screen <b>\(HTMLText.escape($0))</b>" } ?? "") + "</td></tr>\n"
        }
        return html + "</tbody>\n</table></div>\n</section>\n"
    }
}
