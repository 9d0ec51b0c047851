import Foundation
import SweepReporting
import TestSupport
import Testing

@Suite struct ReportNumberTests {
    @Test func fixedDigits() {
        #expect(ReportNumber.fixed(0, digits: 4) == "0.0000")
        #expect(ReportNumber.fixed(1, digits: 4) == "1.0000")
        #expect(ReportNumber.fixed(0.5, digits: 4) == "0.5000")
        #expect(ReportNumber.fixed(0.27752, digits: 4) == "0.2775")
        #expect(ReportNumber.fixed(0.23659, digits: 4) == "0.2366")
        #expect(ReportNumber.fixed(123.456, digits: 1) == "123.5")
        #expect(ReportNumber.fixed(-2.25, digits: 1) == "-2.3")
        #expect(ReportNumber.fixed(42, digits: 0) == "42")
        #expect(ReportNumber.fixed(0.0001, digits: 4) == "0.0001")
    }

    @Test func tiesGoAwayFromZeroOnTheExactBinaryValue() {
        #expect(ReportNumber.fixed(2.5, digits: 0) == "3")
        #expect(ReportNumber.fixed(-2.5, digits: 0) == "-3")
        #expect(ReportNumber.fixed(0.125, digits: 2) == "0.13") // 0.125 is exact
        #expect(ReportNumber.fixed(1.005, digits: 2) == "1.00") // stored as 1.00499999999999989...
        #expect(ReportNumber.fixed(0.99995, digits: 4) == "1.0000") // stored as 0.99995000000000000551...
        #expect(ReportNumber.fixed(9.9999, digits: 2) == "10.00")
    }

    @Test func neverNegativeZeroNeverScientific() {
        #expect(ReportNumber.fixed(-0.0, digits: 4) == "0.0000")
        #expect(ReportNumber.fixed(-0.00004, digits: 4) == "0.0000")
        #expect(ReportNumber.fixed(-0.00005, digits: 4) == "-0.0001")
        #expect(ReportNumber.fixed(1e-300, digits: 4) == "0.0000")
        #expect(ReportNumber.fixed(.leastNonzeroMagnitude, digits: 2) == "0.00")
        #expect(ReportNumber.fixed(1e21, digits: 2) == "1000000000000000000000.00")
        #expect(ReportNumber.fixed(Double(1 << 60), digits: 0) == "1152921504606846976")
        #expect(ReportNumber.fixed(.greatestFiniteMagnitude, digits: 0).count == 309)
        #expect(ReportNumber.fixed(1e-7, digits: 8) == "0.00000010")
    }

    @Test func nonFiniteValues() {
        #expect(ReportNumber.fixed(.nan, digits: 4) == "")
        #expect(ReportNumber.fixed(nil, digits: 4) == "")
        #expect(ReportNumber.fixed(Double?.some(0.5), digits: 1) == "0.5")
        #expect(ReportNumber.fixed(.infinity, digits: 4) == "inf")
        #expect(ReportNumber.fixed(-.infinity, digits: 4) == "-inf")
    }

    @Test func integers() {
        #expect(ReportNumber.integer(0) == "0")
        #expect(ReportNumber.integer(1_234_567) == "1234567")
        #expect(ReportNumber.integer(-12) == "-12")
    }

    /// Away from ties the fixed-point text is C's `%.Nf` of the same double: 20,000 seeded values of every size the
    /// reports write, both signs, 0 to 6 digits.
    @Test func awayFromTiesTheTextIsPrintfs() {
        var rng = SplitMix64(seed: 11)
        for _ in 0 ..< 20_000 {
            let digits = rng.int(0 ... 6)
            let magnitude = [1.0, 100, 1e4, 1e7, 1e11].randomElement(using: &rng)!
            let v = (Double(rng.next() >> 11) * 0x1p-53 - 0.3) * magnitude
            var scale = 1.0
            for _ in 0 ..< digits { scale *= 10 }
            let fraction = (abs(v) * scale).truncatingRemainder(dividingBy: 1)
            guard abs(fraction - 0.5) > 1e-6 else { continue }
            var expected = String(format: "%.\(digits)f", v)
            if expected.hasPrefix("-"), expected.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { expected.removeFirst() }
            #expect(ReportNumber.fixed(v, digits: digits) == expected, "\(v), \(digits) digits")
        }
    }
}
