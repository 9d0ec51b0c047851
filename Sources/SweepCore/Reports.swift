import SweepPlanning
import SweepReporting
import TouchEngine
import TouchScenarios

/// The report files of a finished sweep (issue 3 §6), as text, ready for `OutputDirectory.write`.
///
/// Columns are declared once here; rows follow plan order; numbers use `ReportNumber`'s fixed formats, so
/// the same plan and tallies always give the same bytes.
public enum Reports {
    /// Metric columns shared by the three summary tables. The interval columns say which interval they hold:
    /// `tree_ci95`, the 95% interval that counts runs of one tree as correlated (`TreeClusteredInterval`).
    static var metricColumns: [String] {
        var columns = ["runs"] + NotCounted.allCases.map { "runs_not_counted_\($0.name)" }
        for c in DefectClass.allCases {
            columns += ["\(c.name)_attempts", "\(c.name)_count", "\(c.name)_rate", "\(c.name)_tree_ci95_low", "\(c.name)_tree_ci95_high"]
        }
        return columns + ["highlight_latency_p50_ms", "highlight_latency_p95_ms", "action_latency_p50_ms", "action_latency_p95_ms"]
    }

    /// The metric fields of `t` (``metricColumns``), as strings (no metric field needs quoting).
    static func metrics(_ t: Tally) -> [String] {
        var writer = CSVWriter.withoutHeader(columnCount: metricColumns.count)
        metrics(t, into: &writer)
        return writer.bytes.split(separator: 0x2C, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The metric fields of `t` (``metricColumns``) appended to the record `writer` is writing.
    static func metrics(_ t: Tally, into writer: inout CSVWriter) {
        writer.integer(t.runs)
        for reason in NotCounted.allCases { writer.integer(t.notCounted(reason)) }
        for c in DefectClass.allCases {
            let n = t.attempts(c), k = t.count(c)
            let ci = t.interval95(c)
            writer.integer(n)
            writer.integer(k)
            writer.fixed(n > 0 ? Double(k) / Double(n) : nil, digits: 4)
            writer.fixed(ci?.low, digits: 4)
            writer.fixed(ci?.high, digits: 4)
        }
        writer.fixed(t.highlightLatency?.percentile(50), digits: 0)
        writer.fixed(t.highlightLatency?.percentile(95), digits: 0)
        writer.fixed(t.actionLatency?.percentile(50), digits: 0)
        writer.fixed(t.actionLatency?.percentile(95), digits: 0)
    }

    static func axisColumns(_ plan: SweepPlan) -> [String] { plan.config.axes.map(\.name) }

    static func axisFields(_ plan: SweepPlan, _ c: Int) -> [String] {
        plan.config.axes.map { plan.configurations[c][$0.name]?.description ?? "" }
    }

    /// summary.csv: the metric columns, then each class's counts and rates per category (``DefectCategory``:
    /// `dead_button_hazard_count`, `dead_button_hazard_rate`, … `dead_button_what_if_rate`), out of the class's
    /// attempts, so a class's three counts add up to its `_count`; then each class's model band (``ModelBands``):
    /// `dead_button_model_low`, `_model_high` and `_model_parameter`, the inferred parameter that moves it most.
    public static func summary(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var writer = CSVWriter(columns: ["config_id"] + axisColumns(plan) + metricColumns + categoryColumns + ModelBands.columns)
        for c in plan.configurations.indices {
            let t = tallies.configurations[c]
            let total = t.total
            writer.field(plan.configurations[c].id)
            writer.fields(axisFields(plan, c))
            metrics(total, into: &writer)
            categoryFields(total, t.causes, into: &writer)
            ModelBands.fields(t, total: total, into: &writer)
            writer.endRecord()
        }
        return writer.render()
    }

    /// Per class and category, its count and rate (summary.csv).
    public static var categoryColumns: [String] {
        DefectClass.allCases.flatMap { d in
            DefectCategory.allCases.flatMap { ["\(d.name)_\($0.name)_count", "\(d.name)_\($0.name)_rate"] }
        }
    }

    static func categoryFields(_ t: Tally, _ causes: CauseCounts, into writer: inout CSVWriter) {
        for d in DefectClass.allCases {
            let n = t.attempts(d)
            for g in DefectCategory.allCases {
                let k = causes.total(d, g)
                writer.integer(k)
                writer.fixed(n > 0 ? Double(k) / Double(n) : nil, digits: 4)
            }
        }
    }

    public static func byTemplate(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        let templates = TreeTemplate.allCases.enumerated().filter { _, t in
            plan.config.trees.templates.contains { $0.template == t && $0.weight > 0 } || (t == .screen && plan.screenCount > 0)
        }
        return cells(plan, name: "template", kinds: templates.map { ($0.offset, $0.element.rawValue) }) { tallies.configurations[$0].byTemplate[$1] }
    }

    public static func byGesture(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        let families = plan.config.gestures.families.map { f in (GestureFamily.allCases.firstIndex(of: f)!, f.rawValue) }
        return cells(plan, name: "gesture", kinds: families) { tallies.configurations[$0].byFamily[$1] }
    }

    /// One row per configuration and kind of cell (by_template.csv, by_gesture.csv): the configuration, the cell's
    /// kind under the column `name`, and the metrics of `tally(configuration, kind's position)`, in plan order. A
    /// configuration's leading fields are encoded once for all its rows.
    private static func cells(
        _ plan: SweepPlan, name: String, kinds: [(position: Int, name: String)], tally: (Int, Int) -> Tally
    ) -> String {
        let columns = ["config_id"] + axisColumns(plan) + [name] + metricColumns
        var writer = CSVWriter(columns: columns)
        for c in plan.configurations.indices {
            let leading = CSVWriter.encoded([plan.configurations[c].id] + axisFields(plan, c))
            for kind in kinds {
                writer.encodedFields(leading, count: 1 + plan.config.axes.count)
                writer.field(kind.name)
                metrics(tally(c, kind.position), into: &writer)
                writer.endRecord()
            }
        }
        return writer.render()
    }

    /// examples.csv (``ExamplesReport``), its rows replayed on every core.
    public static func examples(_ plan: SweepPlan, _ tallies: SweepTallies, outputDirectory: String) -> String {
        let report = ExamplesReport(plan: plan, tallies: tallies, outputDirectory: outputDirectory)
        return report.csv(ParallelMap.map(report.chunkCount) { report.replay(chunk: $0) })
    }

    /// The UTF-8 byte order mark `--excel` puts before every CSV file (Excel reads a CSV file without it in the
    /// system's legacy code page, so non-ASCII text is garbled).
    public static let byteOrderMark = "\u{FEFF}"

    /// `files` with every CSV file (`.csv`) prefixed by ``byteOrderMark``; the other files unchanged.
    public static func withByteOrderMarks(_ files: [(name: String, contents: String)]) -> [(name: String, contents: String)] {
        files.map { ($0.name, $0.name.hasSuffix(".csv") ? byteOrderMark + $0.contents : $0.contents) }
    }

    static func shellQuoted(_ s: String) -> String {
        let safe = s.unicodeScalars.allSatisfy { "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+:=".unicodeScalars.contains($0) }
        return safe && !s.isEmpty ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// Every CSV and YAML report file: name → contents. `configText` is the config file as given (for replay). The
    /// shrunk examples (`minimal/`, SweepShrinker's `MinimalRepros`) and report.html are added by SweepHTMLReport's
    /// `ReportWriter`.
    public static func files(plan: SweepPlan, tallies: SweepTallies, configText: String, outputDirectory: String)
        -> [(name: String, contents: String)]
    {
        builders(plan: plan, tallies: tallies, configText: configText, outputDirectory: outputDirectory).map { ($0.name, $0.make()) }
    }

    /// ``files(plan:tallies:configText:outputDirectory:)`` not yet made: each file's name and what makes it, so that a
    /// caller can say which it is writing and time each.
    public static func builders(plan: SweepPlan, tallies: SweepTallies, configText: String, outputDirectory: String)
        -> [(name: String, make: @Sendable () -> String)]
    {
        typealias Builder = (name: String, make: @Sendable () -> String)
        var builders: [Builder] = [
            ("summary.csv", { summary(plan, tallies) }),
            ("by_template.csv", { byTemplate(plan, tallies) }),
            ("by_gesture.csv", { byGesture(plan, tallies) }),
            ("effects.csv", { EffectsReport.csv(plan, tallies) }),
            ("causes.csv", { CausesReport.csv(plan, tallies) }),
            ("model_bands.csv", { ModelBands.csv(plan, tallies) }),
            ("residuals.csv", { ResidualReport.csv(plan, tallies) }),
            ("examples.csv", { examples(plan, tallies, outputDirectory: outputDirectory) })
        ]
        if plan.screenCount > 0 {
            let screens: [Builder] = [
                ("by_screen.csv", { @Sendable in ScreenReport.csv(plan, tallies) }),
                ("by_screen_config.csv", { @Sendable in ScreenReport.configCSV(plan, tallies) }),
                (ScreenSummaryReport.fileName, { @Sendable in ScreenSummaryReport.csv(plan, tallies) })
            ]
            builders += screens
        }
        let last: [Builder] = [("plan.yaml", { @Sendable in plan.resolvedYAML() }), ("config.yaml", { @Sendable in configText })]
        builders += last
        return builders
    }
}
