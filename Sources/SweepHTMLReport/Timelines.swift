import ScenarioKit
import SweepCore
import TouchEngine

/// The trace timeline shown under an example: its minimal repro's scenario file run through the engine when
/// `sweep shrink` left one, otherwise the example itself replayed from the plan (what `sweep trace --replay`
/// prints). `nil` when neither can be had.
enum Timelines {
    struct Timeline {
        /// Where the scenario came from, e.g. `minimal/c0003-t4-fastSwipe-p0.yaml` or `replayed example c0003-…`.
        var source: String
        var text: String
        var svg: String

        init(source: String, scene: Scene) {
            let trace = Engine.trace(scene)
            self.source = source
            text = TraceText.render(scene: scene, trace: trace)
            svg = TimelineSVG.render(scene: scene, trace: trace)
        }
    }

    /// The timeline of `exampleID`: its minimal repro for `defect` when there is one, else the replayed run.
    static func timeline(exampleID: String, defect: String, data: ReportData) -> Timeline? {
        if let repro = data.minimalRepro(exampleID, defect: defect), let yaml = data.inputs.minimalScenarios[repro.file] {
            let path = MinimalLink.href(repro.file)
            if let loaded = try? ScenarioLoader.load(yaml: yaml, path: path) {
                return Timeline(source: path, scene: loaded.scene)
            }
        }
        guard let scenario = Replay.scenario(plan: data.inputs.plan, exampleID: exampleID) else { return nil }
        return Timeline(source: "replayed example \(exampleID)", scene: scenario.scene)
    }
}

/// Where a minimal repro's file is, relative to the output directory (report.html's own directory): the
/// index's `file` as given when it names a folder, otherwise inside `minimal/`.
enum MinimalLink {
    static func href(_ file: String) -> String { file.contains("/") ? file : "minimal/" + file }
}
