import SweepReporting
import Testing

@Suite struct RankedSummaryTests {
    private func row(_ id: String, _ label: String, _ count: Int, _ attempts: Int) -> RankedSummary.Row {
        let interval = WilsonInterval.interval95(successes: count, trials: attempts)
        return RankedSummary.Row(
            configID: id, label: label, rate: attempts == 0 ? .nan : Double(count) / Double(attempts),
            low: interval?.low ?? .nan, high: interval?.high ?? .nan, count: count, attempts: attempts)
    }

    @Test func topNByRateTiesInConfigOrder() {
        let rows = [
            row("c1", "a", 1, 10), row("c2", "b", 5, 10), row("c3", "c", 0, 0), row("c4", "d", 50, 100),
            row("c5", "e", 9, 10)
        ]
        #expect(RankedSummary.ranked(rows, top: 3).map(\.configID) == ["c5", "c2", "c4"])
        #expect(RankedSummary.ranked(rows, top: 10).map(\.configID) == ["c5", "c2", "c4", "c1"]) // no attempts: left out
        #expect(RankedSummary.ranked(rows, top: 0).isEmpty)
    }

    @Test func alignedTable() {
        let rows = [
            row("c0001", "delay=150 cancel=never", 5, 100), row("c0003", "delay=300\tcancel=never", 412, 1000),
            row("c0002", "delay=0", 0, 100)
        ]
        let expected = """
            dead button: highest rates
            rank  config  label                    rate  95% CI (trees)  count / attempts
               1  c0003   delay=300 cancel=never  41.2%  38.2–44.3%        412 / 1000
               2  c0001   delay=150 cancel=never   5.0%  2.2–11.2%           5 / 100
               3  c0002   delay=0                  0.0%  0.0–3.7%            0 / 100

            """
        #expect(RankedSummary.render(title: "dead button: highest rates", rows: rows, top: 5) == expected)
    }

    @Test func nothingToRank() {
        #expect(
            RankedSummary.render(title: "swallowed scroll", rows: [row("c1", "x", 0, 0)], top: 3)
                == "swallowed scroll\n  (no configuration had attempts)\n")
    }

    @Test func unicodeLabelsAlignByCharacter() {
        let text = RankedSummary.render(title: "t", rows: [row("c1", "Überblick", 1, 2), row("c2", "e\u{301}", 1, 4)], top: 2)
        let lines = text.split(separator: "\n")
        #expect(lines[2].hasPrefix("   1  c1      Überblick  50.0%"))
        #expect(lines[3].hasPrefix("   2  c2      e\u{301}          25.0%"))
    }
}
