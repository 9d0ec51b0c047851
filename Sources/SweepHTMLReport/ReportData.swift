import SweepCore
import SweepPlanning
import SweepReporting
import TouchEngine

/// What the page is drawn from: the report files' texts as written in the output directory, the plan they
/// belong to, and the run's metadata. `ReportData.init` parses them; a file that does not parse is one sentence
/// naming it.
public struct ReportInputs: Sendable {
    public var plan: SweepPlan
    /// summary.csv, effects.csv and examples.csv, as written.
    public var summaryCSV: String
    public var effectsCSV: String
    public var examplesCSV: String
    /// residuals.csv, as written ("Residual after the fix"; empty draws the section without rows).
    public var residualsCSV: String
    /// causes.csv, as written (the causes chart; empty draws the section without bars).
    public var causesCSV: String
    /// minimal/index.csv of `sweep shrink`, when the directory has one, and the scenario files it names
    /// (keyed by the index's `file` column).
    public var minimalIndexCSV: String?
    public var minimalScenarios: [String: String]
    /// by_screen.csv as written (empty for a sweep without real screens, or when it is not at hand).
    public var byScreenCSV = ""
    /// model_bands.csv as written (empty: no model bands on the page).
    public var modelBandsCSV = ""
    public var engineVersion: String
    /// The sweep's wall-clock duration, when known (it is not part of any CSV).
    public var durationSeconds: Double?

    public init(
        plan: SweepPlan, summaryCSV: String, effectsCSV: String, examplesCSV: String, residualsCSV: String = "", causesCSV: String = "",
        minimalIndexCSV: String? = nil, minimalScenarios: [String: String] = [:], engineVersion: String, durationSeconds: Double?,
        byScreenCSV: String = "", modelBandsCSV: String = ""
    ) {
        self.byScreenCSV = byScreenCSV
        self.modelBandsCSV = modelBandsCSV
        self.plan = plan; self.summaryCSV = summaryCSV; self.effectsCSV = effectsCSV; self.examplesCSV = examplesCSV
        self.residualsCSV = residualsCSV; self.causesCSV = causesCSV
        self.minimalIndexCSV = minimalIndexCSV; self.minimalScenarios = minimalScenarios
        self.engineVersion = engineVersion; self.durationSeconds = durationSeconds
    }
}

/// The parsed report files.
struct ReportData: Sendable {
    struct Configuration {
        var id: String
        var values: [String]
        var runs: Int
        /// Per outcome, summary.csv's tree-clustered 95% interval (`nil` without attempts).
        var intervals: [(low: Double, high: Double)?]
        /// Runs counted in no class, per `NotCounted` reason (summary.csv's `runs_not_counted_…`).
        var notCounted: [Int]
    }

    /// A `level` or `main` row of effects.csv.
    struct EffectRow {
        var defect: String, kind: String, axis: String, level: String
        var attempts: Int, count: Int, rate: Double?, low: Double?, high: Double?, effect: Double?
    }

    struct Example {
        var id: String, configID: String, defect: String, cause: String, replay: String
        /// The real screen the example ran on (examples.csv's `screen`), and the view it aimed at.
        var screen = "", target = ""
        /// Its tree (examples.csv's `tree_index`) and how many runs of the sweep it stands for (`identical_runs`: every
        /// configuration that runs its tree alike; 1 in a file written before them).
        var treeIndex: Int? = nil, identicalRuns = 1
    }

    /// A screen's worst element: by_screen.csv's rank-1 row of a screen with defects.
    struct ScreenElement {
        var screen: String, element: String, className: String, kind: String, defects: Int, rate: String, worstConfig: String
    }

    /// A row of residuals.csv.
    struct Residual {
        var defect: String, causeKind: String, rule: String
        var count: Int, attempts: Int, rate: String, configurations: Int, exampleID: String
    }

    /// causes.csv's rows of one defect and cause added up over the configurations.
    struct Cause {
        var defect: String, causeKind: String, rule: String, count: Int
    }

    /// How `minimal` is keyed: a run showing two classes (a swallowed scroll that is also a ghost tap) has a
    /// minimal repro for each, shrunk to keep that class.
    static func minimalKey(_ exampleID: String, _ defect: String) -> String { exampleID + " " + defect }

    /// The minimal repro of `exampleID` shrunk for `defect`, if `sweep` wrote one.
    func minimalRepro(_ exampleID: String, defect: String) -> MinimalRepro? { minimal[Self.minimalKey(exampleID, defect)] }

    struct MinimalRepro {
        var file: String
        var viewsBefore: String, viewsAfter: String
        var recognizersBefore: String, recognizersAfter: String
    }

    var inputs: ReportInputs
    var table: FactorTable
    /// The same table counting hazards alone (summary.csv's `<class>_hazard_count`): what the headline ranks axes by.
    /// `nil` for a summary.csv written before the categories (issue 34).
    var hazardTable: FactorTable?
    /// Per outcome, its counts over every configuration in each category (`DefectCategory` order); `nil` as above.
    var categoryTotals: [[Int]]?
    /// Per class name, model_bands.csv's changes at the range ends added up over the configurations.
    var modelBands: [String: ModelBandCounts]
    var configurations: [Configuration]
    /// The plan's configuration index of each configuration id.
    var planIndex: [String: Int]
    var effects: [EffectRow]
    var examples: [Example]
    var worstElements: [ScreenElement] = []
    var residuals: [Residual]
    /// Per defect and cause kind (in causes.csv's order of first appearance), the count over every configuration.
    var causes: [Cause]
    var minimal: [String: MinimalRepro]

    init(_ inputs: ReportInputs) throws(CSVReader.Failure) {
        self.inputs = inputs
        let plan = inputs.plan
        let summary = try CSVReader.parse(inputs.summaryCSV, name: "summary.csv")
        var table = FactorTable(
            axes: plan.config.axes.map { FactorTable.Axis(name: $0.name, levels: $0.values.map(\.description)) },
            outcomes: DefectClass.allCases.map(\.name))
        var configurations: [Configuration] = []
        let hasCategories = summary.columns.contains(DefectClass.deadButton.name + "_hazard_count")
        var hazardTable = table
        var categoryTotals = [[Int]](repeating: Array(repeating: 0, count: DefectCategory.allCases.count), count: table.outcomes.count)
        // Every column is found once, by name; each record is then read by position.
        let position = Dictionary(summary.columns.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let named = { (name: String) in (name: name, index: position[name]) }
        let idColumn = position["config_id"]
        let axisColumns = table.axes.map { named($0.name) }
        let attemptColumns = table.outcomes.map { named($0 + "_attempts") }
        let countColumns = table.outcomes.map { named($0 + "_count") }
        let categoryColumns = table.outcomes.map { outcome in DefectCategory.allCases.map { named("\(outcome)_\($0.name)_count") } }
        let intervalColumns = table.outcomes.map { (position[$0 + "_tree_ci95_low"], position[$0 + "_tree_ci95_high"]) }
        let runsColumn = named("runs")
        let notCountedColumns = NotCounted.allCases.map { named("runs_not_counted_\($0.name)") }
        for fields in summary.rows {
            let id = idColumn.map { fields[$0] }
            func int(_ column: (name: String, index: Int?)) throws(CSVReader.Failure) -> Int {
                guard let i = column.index, let v = Int(fields[i]) else {
                    throw CSVReader.Failure(description: "summary.csv has no whole number in column \(column.name) of configuration \(id ?? "?").")
                }
                return v
            }
            let levels = try Self.levels(fields, axes: table.axes, columns: axisColumns.map(\.index), id: id)
            var attempts: [Int] = [], counts: [Int] = []
            for o in table.outcomes.indices {
                attempts.append(try int(attemptColumns[o]))
                counts.append(try int(countColumns[o]))
            }
            guard zip(counts, attempts).allSatisfy({ 0 <= $0 && $0 <= $1 }) else {
                throw CSVReader.Failure(description: "summary.csv has a count above its attempts for configuration \(id ?? "?").")
            }
            table.append(FactorTable.Row(levels: levels, attempts: attempts, counts: counts))
            if hasCategories {
                var hazards: [Int] = []
                for (o, outcome) in table.outcomes.enumerated() {
                    var byCategory: [Int] = []
                    for column in categoryColumns[o] { byCategory.append(try int(column)) }
                    guard byCategory.reduce(0, +) == counts[o] else {
                        throw CSVReader.Failure(
                            description: "summary.csv's category counts of \(outcome) do not add up to its count for "
                                + "configuration \(id ?? "?").")
                    }
                    for g in byCategory.indices { categoryTotals[o][g] += byCategory[g] }
                    hazards.append(byCategory[DefectCategory.hazard.rawValue])
                }
                hazardTable.append(FactorTable.Row(levels: levels, attempts: attempts, counts: hazards))
            }
            let intervals = intervalColumns.map { columns -> (low: Double, high: Double)? in
                guard let l = columns.0, let h = columns.1, let low = Double(fields[l]), let high = Double(fields[h]) else { return nil }
                return (low, high)
            }
            configurations.append(
                Configuration(
                    id: id ?? "", values: table.axes.indices.map { table.axes[$0].levels[levels[$0]] },
                    runs: try int(runsColumn), intervals: intervals,
                    notCounted: try notCountedColumns.map { column throws(CSVReader.Failure) in try int(column) }))
        }
        self.table = table
        self.hazardTable = hasCategories ? hazardTable : nil
        self.categoryTotals = hasCategories ? categoryTotals : nil
        self.configurations = configurations
        planIndex = Dictionary(plan.configurations.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
        effects = try Self.effects(inputs.effectsCSV)
        examples = try Self.examples(inputs.examplesCSV)
        worstElements = try Self.worstElements(inputs.byScreenCSV)
        residuals = try Self.residuals(inputs.residualsCSV)
        causes = try Self.causes(inputs.causesCSV)
        modelBands = try Self.modelBands(inputs.modelBandsCSV)
        minimal = try Self.minimalIndex(inputs.minimalIndexCSV)
    }

    /// Defect classes (outcome indices) that applied to at least one scenario.
    var activeOutcomes: [Int] { table.outcomes.indices.filter { table.pooled(outcome: $0).attempts > 0 } }

    /// The varied axes of `defect`, largest main effect first, as effects.csv's `main` rows give them.
    func rankedAxes(_ defect: String) -> [Int] {
        let mains = effects.filter { $0.defect == defect && $0.kind == "main" }
        let order = mains.enumerated().sorted { x, y in
            let a = x.element.effect ?? -1, b = y.element.effect ?? -1
            return a != b ? a > b : x.offset < y.offset
        }
        return order.compactMap { m in table.axes.firstIndex { $0.name == m.element.axis } }
    }

    /// The whole-sweep scenario count (summary.csv's runs).
    var scenarios: Int { configurations.reduce(0) { $0 + $1.runs } }

    /// Whole-sweep runs counted in no class, per `NotCounted` reason.
    var notCounted: [Int] {
        NotCounted.allCases.indices.map { i in configurations.reduce(0) { $0 + $1.notCounted[i] } }
    }
}

extension ReportData {
    /// model_bands.csv's rows added up per class: each row's counts at the range ends less its count.
    static func modelBands(_ csv: String) throws(CSVReader.Failure) -> [String: ModelBandCounts] {
        guard !csv.isEmpty else { return [:] }
        var bands: [String: ModelBandCounts] = [:]
        for r in try CSVReader.parse(csv, name: "model_bands.csv").records {
            guard let defect = DefectClass.allCases.first(where: { $0.name == r["defect"] }),
                let parameter = InferredParameter.allCases.first(where: { $0.name == r["parameter"] }),
                let count = Int(r["count"] ?? ""), let low = Int(r["count_at_low"] ?? ""), let high = Int(r["count_at_high"] ?? "")
            else { continue }
            bands[defect.name, default: ModelBandCounts()].add(parameter, .low, defect, low - count)
            bands[defect.name, default: ModelBandCounts()].add(parameter, .high, defect, high - count)
        }
        return bands
    }
}
