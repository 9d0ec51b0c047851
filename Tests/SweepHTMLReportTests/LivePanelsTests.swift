import Foundation
import SweepMetrics
import SweepNode
import SweepProtocol
import SweepReporting
import Testing

@testable import SweepHTMLReport

/// Issue 35: the live view's cells not yet run look unlike 0%, its heatmaps keep their axes between refreshes, and it
/// shows the throughput's history and the processes' CPU and memory.
@Suite struct LivePanelsTests {
    /// Three axes; the third (`cancel`) has by far the largest effect on dead buttons.
    static func snapshot(runs: [Int], elapsedMs: Int = 2500, scenarios: Int = 40) -> LiveSnapshot {
        var s = LiveViewTests.snapshot()
        var table = FactorTable(
            axes: [
                FactorTable.Axis(name: "overlay", levels: ["on", "off"]), FactorTable.Axis(name: "delay", levels: ["0", "150"]),
                FactorTable.Axis(name: "cancel", levels: ["default", "always"])
            ],
            outcomes: ["dead_button", "ghost_tap"])
        for c in 0 ..< 8 {
            let levels = [c / 4, c / 2 % 2, c % 2]
            let attempts = runs[c] > 0 ? 8 : 0
            table.append(FactorTable.Row(levels: levels, attempts: [attempts, 0], counts: [levels[2] == 1 && attempts > 0 ? 6 : 0, 0]))
        }
        s.table = table
        s.runs = runs
        s.configurationIDs = (1 ... 8).map { "c00\($0)" }
        s.status.elapsedMs = elapsedMs
        s.status.scenariosDone = scenarios
        return s
    }

    static func page(_ s: LiveSnapshot) -> String {
        LivePage.render(status: s.status, endpoint: s.endpoint, table: s.table, runs: s.runs, processes: s.processes, throughput: s.throughput)
    }

    @Test func aCellWhoseConfigurationsHaveNotRunIsDrawnApartFromZeroPercent() {
        // overlay = off has not run at all; overlay = on, delay = 150 ran once (c003), the rest of it not.
        let page = Self.page(Self.snapshot(runs: [10, 10, 10, 0, 0, 0, 0, 0]))
        let deadButton = page.components(separatedBy: "<h3>dead_button</h3>")[1].components(separatedBy: "</svg>")[0]
        #expect(deadButton.components(separatedBy: "data-state=\"not-run\"").count - 1 == 2, "overlay=off × both delays")
        #expect(deadButton.contains(">not run</text>") && deadButton.contains("overlay = off, delay = 0: not run yet"))
        // overlay = on, delay = 0 ran: c001 (cancel default) 0 of 8 and c002 (always) 6 of 8: a rate, not "not run".
        #expect(deadButton.contains("data-level=\"on\" data-axis2=\"delay\" data-level2=\"0\" data-count=\"6\" data-attempts=\"16\""))
        #expect(page.contains("Grey hatched cells have no configuration run yet"))
        // Once every configuration ran, nothing is drawn as not run.
        #expect(!Self.page(Self.snapshot(runs: Array(repeating: 10, count: 8))).contains("not-run"))
    }

    @Test func theHeatmapsKeepTheConfigsFirstTwoVariedAxesWhateverTheEffectsSoFar() {
        let early = Self.page(Self.snapshot(runs: [10, 0, 0, 0, 0, 0, 0, 0]))
        let late = Self.page(Self.snapshot(runs: Array(repeating: 10, count: 8)))
        for page in [early, late] {
            #expect(page.contains("aria-label=\"dead_button rate by overlay and delay\""), "not the largest effect, cancel")
        }
        // Not the pair with the largest effect (cancel), which moves while results come in.
        #expect(!late.contains("rate by overlay and cancel") && !late.contains("rate by cancel"))
    }

    @Test func theThroughputHistoryIsASparklineOfScenariosPerSecond() throws {
        let live = LiveView()
        for (ms, done) in [(0, 0), (400, 20), (1000, 50), (2000, 150), (3000, 200)] {
            live.update(Self.snapshot(runs: Array(repeating: 10, count: 8), elapsedMs: ms, scenarios: done))
        }
        let served = try #require(live.snapshot)
        // About one sample a second: 400 ms is skipped.
        #expect(
            served.throughput == [
                .init(elapsedMs: 0, scenariosDone: 0), .init(elapsedMs: 1000, scenariosDone: 50),
                .init(elapsedMs: 2000, scenariosDone: 150), .init(elapsedMs: 3000, scenariosDone: 200)
            ])
        let page = Self.page(served)
        #expect(page.contains("data-samples=\"4\" data-latest=\"50.0\" data-highest=\"100.0\""))
        #expect(page.contains("<polyline") && page.contains("now 50.0, highest 100.0"))
        #expect(Self.page(Self.snapshot(runs: [1, 1, 1, 1, 1, 1, 1, 1])).contains("The rate's history starts after the first second."))
        let json = LiveJSON.render(served)
        #expect(json.contains("\"throughput\": [\n    {\"elapsed_ms\": 0, \"scenarios_done\": 0},"))
    }

    @Test func theProcessesTableShowsTheCoordinatorsCPUAndMemoryFromProc() throws {
        let me = getpid()
        let sampler = ProcessSampler { [("coordinator", me), ("gone", Int32.max)] }
        let first = sampler.sample(at: 0)
        #expect(first.map(\.name) == ["coordinator"], "a process that does not exist is left out")
        #expect(first[0].cpuPercent == nil && first[0].residentBytes > 1_000_000)
        var spin = 0.0
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .milliseconds(300) { spin += spin.squareRoot() + 1 }
        let second = sampler.sample(at: 0.3)
        let cpu = try #require(second.first?.cpuPercent, "\(spin)")
        #expect(cpu > 10 && cpu < 10_000, "\(cpu)")

        let live = LiveView(sampler: sampler)
        live.update(Self.snapshot(runs: Array(repeating: 10, count: 8)))
        let served = try #require(live.snapshot)
        let page = Self.page(served)
        #expect(page.contains("<section id=\"processes\">") && page.contains("<tr data-process=\"coordinator\" data-resident-bytes=\""))
        // The snapshot's worker has not reported its load yet: its row says so with dashes.
        #expect(page.contains("<tr data-process=\"worker-a\"><td>worker-a</td><td>–</td><td>–</td><td>–</td></tr>"))
        #expect(LiveJSON.render(served).contains("\"processes\": [\n    {\"name\": \"coordinator\", \"pid\": \(me), "))
    }

    /// Issue 35: a worker on any host measures itself and reports it (`load`); the processes table shows it beside the
    /// coordinator, and the JSON's status carries it.
    @Test func everyWorkerShowsTheCPUAndMemoryItReported() throws {
        var s = Self.snapshot(runs: Array(repeating: 10, count: 8))
        s.status.workers[0].load = WorkerLoad(pid: 4250, cpuPermille: 1985, residentBytes: 62_914_560)
        s.status.workers.append(
            .init(
                id: "node-7", host: "node-7", slots: 16, unitsDone: 1, unitsHeld: 16, lastHeardMsAgo: 20,
                load: WorkerLoad(pid: 77, cpuPermille: nil, residentBytes: 1_048_576)))
        s.processes = [ProcessUsage(name: "coordinator", pid: 4242, cpuPercent: 3.1, residentBytes: 118_534_144)]
        let page = Self.page(s)
        #expect(
            page.contains(
                "<tr data-process=\"coordinator\" data-resident-bytes=\"118534144\"><td>coordinator</td><td>4242</td><td>3%</td><td>113.0 MiB</td></tr>"))
        #expect(
            page.contains("<tr data-process=\"worker-a\" data-resident-bytes=\"62914560\"><td>worker-a</td><td>4250</td><td>199%</td><td>60.0 MiB</td></tr>"))
        #expect(page.contains("<tr data-process=\"node-7\" data-resident-bytes=\"1048576\"><td>node-7</td><td>77</td><td>–</td><td>1.0 MiB</td></tr>"))
        #expect(page.contains("Workers measure themselves and report once a heartbeat interval, wherever they run."))
        let json = LiveJSON.render(s)
        #expect(json.contains("\"lastHeardSeconds\": 0.300, \"pid\": 4250, \"cpuPercent\": 198.5, \"residentBytes\": 62914560}"))
        #expect(json.contains("\"pid\": 77, \"cpuPercent\": null, \"residentBytes\": 1048576}"))
    }
}
