import SweepReporting
import Testing

@Suite struct WilsonIntervalTests {
    private func rounded(_ i: (low: Double, high: Double)?) -> [String] {
        guard let i else { return [] }
        return [ReportNumber.fixed(i.low, digits: 4), ReportNumber.fixed(i.high, digits: 4)]
    }

    @Test func knownValues() {
        #expect(rounded(WilsonInterval.interval95(successes: 0, trials: 10)) == ["0.0000", "0.2775"])
        #expect(rounded(WilsonInterval.interval95(successes: 5, trials: 10)) == ["0.2366", "0.7634"])
        #expect(rounded(WilsonInterval.interval95(successes: 10, trials: 10)) == ["0.7225", "1.0000"])
        #expect(rounded(WilsonInterval.interval95(successes: 1, trials: 1)) == ["0.2065", "1.0000"])
        #expect(rounded(WilsonInterval.interval95(successes: 412, trials: 1000)) == ["0.3819", "0.4428"])
    }

    @Test func edgesAreExact() throws {
        let none = try #require(WilsonInterval.interval95(successes: 0, trials: 7))
        #expect(none.low == 0)
        let all = try #require(WilsonInterval.interval95(successes: 7, trials: 7))
        #expect(all.high == 1)
    }

    @Test func noTrialsNoInterval() {
        #expect(WilsonInterval.interval95(successes: 0, trials: 0) == nil)
    }

    @Test func boundsContainTheRate() throws {
        for n in [1, 2, 3, 10, 99, 1000, 1_000_000] {
            for s in Set([0, 1, n / 3, n / 2, n - 1, n]) where s >= 0 && s <= n {
                let i = try #require(WilsonInterval.interval95(successes: s, trials: n))
                let p = Double(s) / Double(n)
                #expect(0 <= i.low && i.low <= p && p <= i.high && i.high <= 1, "\(s)/\(n)")
            }
        }
    }
}
