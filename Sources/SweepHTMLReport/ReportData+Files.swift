import SweepReporting

/// The report's tables read from the smaller CSV files, one function per file, and a summary.csv row's axis levels.
extension ReportData {
    /// A summary.csv row's level of each axis (the position of its value among the axis's values).
    static func levels(
        _ fields: [String], axes: [FactorTable.Axis], columns: [Int?], id: String?
    ) throws(CSVReader.Failure) -> [Int] {
        var levels: [Int] = []
        for (a, axis) in axes.enumerated() {
            guard let i = columns[a], let l = axis.levels.firstIndex(of: fields[i]) else {
                throw CSVReader.Failure(
                    description: "summary.csv does not match plan.yaml: axis \(axis.name) of configuration \(id ?? "?") is not one of its values.")
            }
            levels.append(l)
        }
        return levels
    }

    /// effects.csv's level and main-effect rows.
    static func effects(_ csv: String) throws(CSVReader.Failure) -> [EffectRow] {
        try CSVReader.parse(csv, name: "effects.csv").records.compactMap { r in
            guard r["kind"] == "level" || r["kind"] == "main" else { return nil }
            return EffectRow(
                defect: r["defect"] ?? "", kind: r["kind"] ?? "", axis: r["axis"] ?? "", level: r["level"] ?? "",
                attempts: Int(r["attempts"] ?? "") ?? 0, count: Int(r["count"] ?? "") ?? 0,
                rate: Double(r["rate"] ?? ""), low: Double(r["tree_ci95_low"] ?? ""), high: Double(r["tree_ci95_high"] ?? ""),
                effect: Double(r["effect"] ?? ""))
        }
    }

    /// examples.csv's rows.
    static func examples(_ csv: String) throws(CSVReader.Failure) -> [Example] {
        try CSVReader.parse(csv, name: "examples.csv").records.map { (r: CSVReader.Record) -> Example in
            Example(
                id: r["example_id"] ?? "", configID: r["config_id"] ?? "", defect: r["defect"] ?? "", cause: r["cause"] ?? "",
                replay: r["replay"] ?? "", screen: r["screen"] ?? "", target: r["target"] ?? "",
                treeIndex: Int(r["tree_index"] ?? ""), identicalRuns: Int(r["identical_runs"] ?? "") ?? 1)
        }
    }

    /// by_screen.csv's worst element of each screen with defects (none without the file).
    static func worstElements(_ csv: String) throws(CSVReader.Failure) -> [ScreenElement] {
        guard !csv.isEmpty else { return [] }
        return try CSVReader.parse(csv, name: "by_screen.csv").records.compactMap { r in
            guard r["rank"] == "1", let defects = Int(r["defects"] ?? ""), defects > 0 else { return nil }
            return ScreenElement(
                screen: r["screen"] ?? "", element: r["element"] ?? "", className: r["class"] ?? "", kind: r["kind"] ?? "",
                defects: defects, rate: r["defects_per_run"] ?? "", worstConfig: r["worst_config"] ?? "")
        }
    }

    /// residuals.csv's rows (none without the file).
    static func residuals(_ csv: String) throws(CSVReader.Failure) -> [Residual] {
        guard !csv.isEmpty else { return [] }
        return try CSVReader.parse(csv, name: "residuals.csv").records.map { r in
            Residual(
                defect: r["defect"] ?? "", causeKind: r["cause_kind"] ?? "", rule: r["rule"] ?? "",
                count: Int(r["count"] ?? "") ?? 0, attempts: Int(r["attempts"] ?? "") ?? 0, rate: r["rate"] ?? "",
                configurations: Int(r["configurations"] ?? "") ?? 0, exampleID: r["example_id"] ?? "")
        }
    }

    /// causes.csv's rows of each defect, cause kind and rule added up over the configurations, in the order of their
    /// first row.
    static func causes(_ csv: String) throws(CSVReader.Failure) -> [Cause] {
        var causes: [Cause] = []
        guard !csv.isEmpty else { return causes }
        for r in try CSVReader.parse(csv, name: "causes.csv").records {
            let defect = r["defect"] ?? "", kind = r["cause_kind"] ?? "", rule = r["rule"] ?? ""
            let count = Int(r["count"] ?? "") ?? 0
            if let i = causes.firstIndex(where: { $0.defect == defect && $0.causeKind == kind && $0.rule == rule }) {
                causes[i].count += count
            } else {
                causes.append(Cause(defect: defect, causeKind: kind, rule: rule, count: count))
            }
        }
        return causes
    }

    /// minimal/index.csv's repros by example and defect (`minimalKey`); none without the file.
    static func minimalIndex(_ csv: String?) throws(CSVReader.Failure) -> [String: MinimalRepro] {
        var minimal: [String: MinimalRepro] = [:]
        guard let csv else { return minimal }
        for r in try CSVReader.parse(csv, name: "minimal/index.csv").records {
            guard let id = r["example_id"], let file = r["file"], !file.isEmpty else { continue }
            minimal[minimalKey(id, r["defect"] ?? "")] = MinimalRepro(
                file: file, viewsBefore: r["views_before"] ?? "", viewsAfter: r["views_after"] ?? "",
                recognizersBefore: r["recognizers_before"] ?? "", recognizersAfter: r["recognizers_after"] ?? "")
        }
        return minimal
    }
}
