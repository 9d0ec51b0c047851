import Foundation
import NIOCore
import SweepMetrics
import SweepNode
import SweepProtocol
import SweepReporting
import Testing

@testable import SweepHTMLReport

/// The live view of a running sweep (issue 16 §6) from one snapshot: `/live.json` carries the `sweep status --json`
/// document and the results so far; `/live` shows progress, workers and the report's heatmaps.
@Suite struct LiveViewTests {
    /// A sweep of 2 × 2 configurations, 5 of its 20 trees done, one worker, dead buttons only where overlay = on.
    static func snapshot(finished: Bool = false) -> LiveSnapshot {
        var table = FactorTable(
            axes: [
                FactorTable.Axis(name: "overlay", levels: ["on", "off"]),
                FactorTable.Axis(name: "delay", levels: ["0", "150"])
            ],
            outcomes: ["dead_button", "ghost_tap"])
        for (levels, dead) in [([0, 0], 4), ([0, 1], 2), ([1, 0], 0), ([1, 1], 0)] {
            table.append(FactorTable.Row(levels: levels, attempts: [8, 0], counts: [dead, 0]))
        }
        let status = StatusReport(
            sweepID: "live-demo", configHash: "0123456789abcdef", unitsDone: 3, unitsTotal: 12,
            treesDone: finished ? 20 : 5, treesTotal: 20, scenariosDone: 40, scenariosTotal: 160, treesThisRun: 5,
            elapsedMs: 2500, retries: 1, quarantinedCount: 0, quarantinedUnits: [], finished: finished,
            workers: [.init(id: "worker-a", host: "node-1", slots: 2, unitsDone: 3, unitsHeld: 2, lastHeardMsAgo: 300)])
        return LiveSnapshot(
            endpoint: "tcp://coordinator:5555", status: status, configurationIDs: ["c0", "c1", "c2", "c3"],
            runs: [10, 10, 10, 10], table: table)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test func theJSONHoldsTheStatusDocumentAndEachConfigurationsCountsSoFar() throws {
        let s = Self.snapshot()
        let document = try Self.object(LiveJSON.render(s))
        #expect(document["format"] as? String == "touchsweep-live/1")
        // The status is `sweep status --json`'s document, field for field.
        let status = try #require(document["status"] as? NSDictionary)
        #expect(status == (try Self.object(StatusText.json(s.status, endpoint: s.endpoint)) as NSDictionary))
        #expect((status["trees"] as? [String: Int]) == ["done": 5, "total": 20] && status["format"] as? String == "touchsweep-status/1")
        #expect(document["defects"] as? [String] == ["dead_button", "ghost_tap"])
        let axes = try #require(document["axes"] as? [[String: Any]])
        #expect(axes.map { $0["name"] as? String } == ["overlay", "delay"] && axes[1]["values"] as? [String] == ["0", "150"])
        let configurations = try #require(document["configurations"] as? [[String: Any]])
        #expect(configurations.map { $0["id"] as? String } == ["c0", "c1", "c2", "c3"])
        let first = configurations[0]
        #expect(first["values"] as? [String: String] == ["overlay": "on", "delay": "0"] && first["runs"] as? Int == 10)
        let defects = try #require(first["defects"] as? [String: [String: Any]])
        #expect(defects["dead_button"]?["attempts"] as? Int == 8 && defects["dead_button"]?["count"] as? Int == 4)
        #expect(defects["dead_button"]?["rate"] as? Double == 0.5)
        #expect(defects["ghost_tap"]?["rate"] is NSNull, "no attempts: no rate")
    }

    @Test func thePageShowsProgressWorkersAndAHeatmapOfPercentagesAndRefreshesWhileRunning() throws {
        let s = Self.snapshot()
        let page = LivePage.render(status: s.status, endpoint: s.endpoint, table: s.table)
        let text = AtAGlanceTests.text(page)
        #expect(page.contains("<body data-finished=\"false\">") && page.contains("setTimeout(refresh,2000)"))
        #expect(text.contains("staterunning") && text.contains("trees5 of 20 (25.0%)") && text.contains("retries1"), "\(text)")
        #expect(text.contains("rate2.00 trees/s, 16.0 scenarios/s") && text.contains("ETA7.5 s"), "\(text)")
        #expect(page.contains("<progress value=\"5\" max=\"20\">"))
        #expect(text.contains("Workers (1)") && text.contains("worker-anode-12320.3 s ago"), "\(text)")
        // Dead buttons pooled: 6 of 32; ghost taps never applied, so they have a row and no heatmap.
        #expect(text.contains("dead_button18.8%632") && text.contains("ghost_tap–00"), "\(text)")
        #expect(page.components(separatedBy: "<svg class=\"heatmap\"").count == 2)
        // The report's cells: overlay = on, delay = 0 is 4 of 8.
        #expect(page.contains("data-level=\"on\" data-axis2=\"delay\" data-level2=\"0\" data-count=\"4\" data-attempts=\"8\" data-rate=\"0.5000\""))
        #expect(text.contains("50.0%") && text.contains("25.0%") && text.contains("0.0%"))
        #expect(text.contains("rate, one scale for all; ▲ highest configuration 50.0%"))
        // Self-contained: nothing is fetched but the page itself.
        #expect(!page.contains("src=") && !page.contains("href=\"http") && !page.contains("@import"))
    }

    @Test func aFinishedSweepsPageSaysSoAndStopsRefreshing() throws {
        let s = Self.snapshot(finished: true)
        let page = LivePage.render(status: s.status, endpoint: s.endpoint, table: s.table)
        #expect(page.contains("<body data-finished=\"true\">"))
        #expect(AtAGlanceTests.text(page).contains("statefinished: every tree is done or quarantined"))
        #expect(!AtAGlanceTests.text(page).contains("Refreshed every"))
    }

    /// The page laid out by Chromium as report.html is (``Chromium/layoutProbe``): nothing overflows, no label is cut off,
    /// the heatmap has labelled axes.
    @Test(
        .enabled(if: Chromium.path != nil, "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)"),
        arguments: [1024, 1440])
    func atThisWidthTheLivePageFitsAndItsHeatmapHasLabelledAxes(width: Int) throws {
        let s = Self.snapshot()
        let page = LivePage.render(status: s.status, endpoint: s.endpoint, table: s.table)
        let check = try #require(try Chromium.layoutChecks([("live", page)], width: width).first ?? nil, "the probe ran")
        #expect(check.width == width && check.charts == 1)
        #expect(check.problems == [], "at \(width) px")
    }

    @Test func theLiveViewServesNothingUntilTheFirstSnapshotThenTheLatest() throws {
        let view = LiveView()
        #expect(view.pages.map(\.path) == ["/live", "/live.json"])
        #expect(view.pages.allSatisfy { $0.body() == nil })
        view.update(Self.snapshot())
        view.update(Self.snapshot(finished: true))
        let json = try Self.object(try #require(view.pages[1].body().map { String(buffer: $0) }))
        #expect((json["status"] as? [String: Any])?["finished"] as? Bool == true)
        #expect(view.pages[0].body().map { String(buffer: $0) }?.contains("data-finished=\"true\"") == true)
    }

    /// Issue 30: eight clients polling a large sweep's live view while it computes must not draw its pages eight
    /// times over. Each page is drawn once per snapshot, whatever the number of requests.
    @Test func eachPageIsDrawnOncePerSnapshotWhateverTheRequests() throws {
        let view = LiveView()
        view.update(Self.snapshot())
        let first = (0 ..< 8).map { _ in view.pages.map { $0.body().map { String(buffer: $0) } } }
        #expect(view.pagesDrawn == 2, "one /live and one /live.json for the first snapshot")
        #expect(Set(first.map { $0.compactMap { $0 } }).count == 1, "every request got the same pages")
        view.update(Self.snapshot(finished: true))
        #expect(view.pagesDrawn == 2, "a new snapshot is drawn only when asked for")
        let second = (0 ..< 8).map { _ in view.pages[1].body().map { String(buffer: $0) } }
        #expect(view.pagesDrawn == 3)
        #expect(second.allSatisfy { $0?.contains("\"finished\": true") == true }, "the new snapshot is served, not the old drawing")
    }
}
