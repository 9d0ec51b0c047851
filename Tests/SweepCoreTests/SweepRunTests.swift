import SweepPlanning
import SweepReporting
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// A small sweep run end to end in process: determinism across threads and unit sizes, replayable examples.
@Suite struct SweepRunTests {
    static let config = TinySweep.yaml

    static func plan() throws -> SweepPlan {
        SweepPlan(try SweepConfigLoader.load(yaml: config, path: "tiny.yaml"))
    }

    @Test func reportsAreByteIdenticalWhateverTheThreadsAndUnitSizes() throws {
        let plan = try Self.plan()
        func files(_ threads: Int, _ perUnit: Int?) -> [String] {
            let tallies = ParallelSweep.run(plan, threads: threads, treesPerUnit: perUnit)
            return Reports.files(plan: plan, tallies: tallies, configText: Self.config, outputDirectory: "out/tiny").map(\.contents)
        }
        let reference = files(1, 1)
        #expect(files(2, nil) == reference)
        #expect(files(3, 2) == reference)
        #expect(files(2, 5) == reference)
    }

    @Test func everyDefectiveRunHasExactlyOneCauseInCausesCSV() throws {
        let plan = try Self.plan()
        let tallies = ParallelSweep.run(plan, threads: 2)
        let csv = CausesReport.csv(plan, tallies)
        #expect(csv.hasPrefix("config_id,defect,cause_kind,rule,category,count\r\n"))
        // Sum causes.csv per configuration × class, as `causes.groupby(['config_id', 'defect']).sum()` would.
        var sums: [String: Int] = [:]
        for line in csv.split(separator: "\r\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            #expect(f.count == 6 && CauseKind.allCases.contains { $0.name == f[2] && $0.rule == f[3] }, "\(line)")
            #expect(DefectCategory.allCases.contains { $0.name == f[4] }, "\(line)")
            sums[f[0] + " " + f[1], default: 0] += Int(f[5])!
        }
        var defects = 0
        for c in plan.configurations.indices {
            for d in DefectClass.allCases {
                let count = tallies.configurations[c].total.count(d)
                #expect(sums[plan.configurations[c].id + " " + d.name, default: 0] == count, "\(plan.configurations[c].id) \(d.name)")
                defects += count
            }
        }
        #expect(defects > 0, "the sweep has defects to explain")
        // The engine names every defect of these templates: none is `unknown`.
        #expect(!csv.contains(",unknown,"), "\(csv)")
    }

    @Test func everyKeptExampleNamesACauseThatCausesCSVCountsForItsConfigurationAndClass() throws {
        let plan = try Self.plan()
        let tallies = ParallelSweep.run(plan, threads: 2)
        var counted: Set<String> = []
        for line in CausesReport.csv(plan, tallies).split(separator: "\r\n").dropFirst() {
            let f = line.split(separator: ",").map(String.init)
            counted.insert([f[0], f[1], f[2], f[3], f[4]].joined(separator: ","))
        }
        let table = try CSVReader.parse(Reports.examples(plan, tallies, outputDirectory: "out"), name: "examples.csv")
        #expect(Array(table.columns[10 ... 15]) == ["target", "cause_kind", "rule", "category", "cause", "replay"])
        #expect(table.columns[2] == "identical_runs" && table.columns[5] == "screen")
        var rows = 0
        for row in table.records {
            let key = [row["config_id"], row["defect"], row["cause_kind"], row["rule"], row["category"]].map { $0 ?? "" }
                .joined(separator: ",")
            #expect(counted.contains(key), "\(row["example_id"] ?? "") names \(key), which causes.csv does not count")
            rows += 1
        }
        #expect(rows > 4, "the sweep keeps examples to check")
    }

    @Test func unitsRunTogetherGiveExactlyTheResultsTheyGiveAlone() throws {
        let plan = try Self.plan()
        let units = plan.configurations.indices.map { SweepPlan.WorkUnit(id: "c\($0)-t1", configuration: $0, trees: 1 ..< 6) }
        var alone = UnitRunner(plan: plan)
        let one = units.map { alone.run($0) }
        for block in [1, 2, 8] {
            var together = UnitRunner(plan: plan)
            #expect(together.runTogether(units, blockTrees: block) == one, "blocks of \(block) trees")
        }
        #expect(one.contains { !$0.examples.isEmpty }, "the comparison covers kept examples too")
    }

    /// A configuration that configures a tree as an earlier configuration did (the same values of the axes that may
    /// change it) takes that configuration's runs (`UnitRunner.sharesRuns`): the results are exactly those of running
    /// every scenario on the engine, unit by unit and for the whole sweep, and the tiny sweep does share (its feed has
    /// no dismiss tap to configure).
    @Test func sharedRunsGiveExactlyTheResultsOfRunningEveryScenario() throws {
        let plan = try Self.plan()
        let units = plan.configurations.indices.map {
            SweepPlan.WorkUnit(id: "c\($0)-t0", configuration: $0, trees: 0 ..< plan.treeCount)
        }
        var sharing = UnitRunner(plan: plan), running = UnitRunner(plan: plan, sharesRuns: false)
        let shared = units.map { sharing.run($0) }
        #expect(shared == units.map { running.run($0) })
        let scenarios = shared.reduce(0) { $0 + $1.tallies.total.runs }
        #expect(sharing.sharedScenarios > 0 && sharing.sharedScenarios < scenarios, "\(sharing.sharedScenarios) of \(scenarios)")
        #expect(running.sharedScenarios == 0)
        #expect(ParallelSweep.run(plan, threads: 2, sharesRuns: false) == ParallelSweep.run(plan, threads: 2))
    }

    /// A unit gathers a tree's runs per family and adds them to the total and the template's tally when the tree
    /// closes (`TreeRuns`): its tallies must equal the runs added one by one to every cell.
    @Test func aUnitsTalliesEqualItsRunsAddedOneByOne() throws {
        let plan = try Self.plan()
        var runner = UnitRunner(plan: plan), engine = EngineRunner()
        let categories = DefectCategories(plan: plan)
        for c in plan.configurations.indices {
            let unit = SweepPlan.WorkUnit(id: "c\(c)-t0", configuration: c, trees: 0 ..< plan.treeCount)
            var expected = ConfigurationTallies()
            for t in unit.trees {
                let (tree, gestures) = runner.baseTree(t)
                let prepared = runner.preparedTree(t, configuration: c).prepared
                var all = TreeCounts()
                var families = [TreeCounts](repeating: TreeCounts(), count: GestureFamily.allCases.count)
                for entry in gestures {
                    let summary = engine.summary(prepared, script: entry.gesture.script)
                    let verdict = Classifier.classify(gesture: entry.gesture, prepared: prepared, summary: summary)
                    let causes = verdict.defects.map {
                        CauseAnalysis.cause(of: $0, gesture: entry.gesture, scene: prepared.scene, summary: summary)
                    }
                    // Each defect's category, as the table decides it for this one run.
                    let whatIf = categories.owed(verdict.defects, plan, configuration: c, tree: t, base: tree, gesture: entry.gesture)
                    let classes = verdict.defects.map { $0 }
                    let kinds = classes.indices.map { i in
                        DefectCategories.category(
                            classes[i],
                            designed: DefectCategories.isDesigned(
                                classes[i], cause: causes[i], gesture: entry.gesture, prepared: prepared, summary: summary),
                            whatIf: whatIf)
                    }
                    expected.add(verdict, template: tree.template, family: entry.family, causes: causes, categories: kinds)
                    // Model bands: the run again with each inferred parameter it read alone at each end of its range.
                    for parameter in summary.inferredReads.intersection(ModelBands.considered(plan)).members {
                        for end in RangeEnd.allCases where end.value(of: parameter) != parameter.value(in: prepared.scene.parameters) {
                            var scene = prepared.scene
                            scene.parameters = parameter.setting(end.value(of: parameter), in: scene.parameters)
                            let there = PreparedScene(scene)
                            let defects = Classifier.classify(
                                gesture: entry.gesture, prepared: there, summary: engine.summary(there, script: entry.gesture.script)
                            ).defects
                            var changes = ModelBandCounts()
                            for d in DefectClass.allCases where defects.contains(d) != verdict.defects.contains(d) {
                                changes.add(parameter, end, d, defects.contains(d) ? 1 : -1)
                            }
                            expected.addModelBands(changes)
                        }
                    }
                    all.add(verdict)
                    families[entry.family.position].add(verdict)
                }
                expected.closeTree(template: tree.template, tree: all, families: families)
            }
            let result = runner.run(unit)
            #expect(result.tallies == expected, "configuration \(c)")
            #expect(result.tallies.total.runs > 0 && result.tallies.total.highlightLatency != nil)
        }
    }

    @Test func everyPlannedScenarioWithATargetRunsOnce() throws {
        let plan = try Self.plan()
        let tallies = ParallelSweep.run(plan, threads: 2)
        var expected = 0
        var runner = UnitRunner(plan: plan)
        for t in 0 ..< plan.treeCount { expected += runner.baseTree(t).gestures.count }
        #expect(tallies.runs == expected * plan.configurations.count)
        #expect(tallies.runs > 0 && tallies.runs <= plan.totalRuns)
    }

    @Test func theDismissTapsTextFieldVictimsAreNotCounted() throws {
        let plan = try Self.plan()
        let tallies = ParallelSweep.run(plan, threads: 2)
        func configurations(_ cancels: Bool) -> [Int] {
            plan.configurations.indices.filter { plan.configurations[$0]["dismissTap.cancelsTouchesInView"] == .bool(cancels) }
        }
        func dead(_ cancels: Bool) -> Int { configurations(cancels).reduce(0) { $0 + tallies.configurations[$1].total.count(.deadButton) } }
        func textInputs(_ cancels: Bool) -> Int {
            configurations(cancels).reduce(0) { $0 + tallies.configurations[$1].total.notCounted(.textInput) }
        }
        // Seed 000: the tap-to-dismiss recognizer with cancelsTouchesInView kills taps on cells and custom controls, never
        // fewer with the flag on. The form's text fields, which the plain-control model would call dead under it, are
        // counted in no class either way (docs/defects.md, "Runs not counted").
        #expect(dead(true) >= dead(false))
        #expect(textInputs(true) > 0 && textInputs(true) == textInputs(false))
    }

    @Test func everyKeptExampleReplaysToTheSameDefect() throws {
        let plan = try Self.plan()
        let tallies = ParallelSweep.run(plan, threads: 2)
        var checked = 0
        for c in plan.configurations.indices {
            for d in DefectClass.allCases {
                for e in tallies.examples[c][d.rawValue] {
                    let id = e.id(configurationID: plan.configurations[c].id)
                    let s = try #require(Replay.scenario(plan: plan, exampleID: id), "\(id)")
                    let summary = Engine.summary(s.scene)
                    let verdict = Classifier.classify(gesture: s.gesture, prepared: PreparedScene(s.scene), summary: summary)
                    #expect(verdict.defects.contains(d), "\(id) should show \(d.name)")
                    #expect(!CauseFinder.cause(of: d, gesture: s.gesture, scene: s.scene).isEmpty)
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }

    @Test func exampleIDsRoundTrip() throws {
        let id = try #require(Replay.ExampleID("c012-t41-holdThenDrag-p3"))
        #expect(id.configurationID == "c012" && id.treeIndex == 41 && id.family == .holdThenDrag && id.placement == 3)
        #expect(Replay.ExampleID("c012-t41-nope-p3") == nil)
        #expect(Replay.ExampleID("garbage") == nil)
    }

    @Test func tallyMemoryDoesNotGrowWithScenarios() {
        var small = Tally(), large = Tally()
        var verdict = ScenarioVerdict()
        verdict.applicable.insert(.deadButton)
        verdict.highlightLatency = 40
        small.add(verdict)
        for _ in 0 ..< 100_000 { large.add(verdict) }
        #expect(large.runs == 100_000)
        #expect(MemoryLayout.size(ofValue: small) == MemoryLayout.size(ofValue: large))
        #expect(small.highlightLatency?.percentile(50) == large.highlightLatency?.percentile(50))
    }
}

@Suite struct TerminalSummaryTests {
    @Test func theSummaryRanksConfigurationsAndAxes() throws {
        let plan = try SweepRunTests.plan()
        let tallies = ParallelSweep.run(plan, threads: 2)
        let text = TerminalSummary.render(plan: plan, tallies: tallies)
        #expect(text.contains("Highest dead_button rates"))
        #expect(text.contains("Highest swallowed_scroll rates"))
        #expect(text.contains("Axes that drive each defect"))
        let textInputs = tallies.configurations.reduce(0) { $0 + $1.total.notCounted(.textInput) }
        #expect(
            textInputs > 0 && text.contains("Runs counted in no class (docs/defects.md): text_input \(textInputs) "),
            "the tiny sweep's form has text fields")
        // Each defect with attempts names its axes, largest main effect first, as effects.csv's main rows give them.
        let table = EffectsReport.table(plan, tallies)
        let lateOutcome = try #require(table.outcomes.firstIndex(of: "late_feedback"))
        let ranked = FactorEffects.ranked(FactorEffects.mainEffects(table, outcome: lateOutcome)).filter { ($0.effect ?? 0) > 0 }
        #expect(!ranked.isEmpty, "the tiny sweep's late feedback depends on an axis (the content delay)")
        let block = try #require(text.components(separatedBy: "late_feedback:\n").last)
        let axisLines = block.split(separator: "\n").prefix { $0.hasPrefix("  ") && !$0.contains("interaction") }
        #expect(axisLines.map { String($0.split(separator: " ")[0]) } == ranked.prefix(3).map { table.axes[$0.axis].name })
        #expect(TerminalSummary.render(plan: plan, tallies: tallies) == text, "deterministic")
    }
}
