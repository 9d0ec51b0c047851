import Testing
import TouchEngine

/// Issue 14 §3: virtual-time arithmetic saturates instead of trapping, whatever a caller computes a time from.
@Suite struct VirtualTimeSaturationTests {
    @Test func aTimeOf1e300MillisecondsBecomesTheLimitInsteadOfTrapping() {
        #expect(VirtualTime.ms(1e16).microseconds == Duration.limit)
        #expect(VirtualTime.ms(1e300).microseconds == Duration.limit)
        #expect(VirtualTime.ms(-1e300).microseconds == -Duration.limit)
        #expect(Duration.ms(.infinity).microseconds == Duration.limit)
        #expect(Duration.ms(-.infinity).microseconds == -Duration.limit)
        #expect(Duration.ms(.nan) == .zero)
        #expect(VirtualTime.ms(3_600_000).microseconds == 3_600_000_000)
        #expect(Duration.ms(16.6667).microseconds == 16_667)
    }

    @Test func addingADurationToNeverStaysNever() {
        #expect(VirtualTime.never + .ms(1) == .never)
        #expect(VirtualTime.never + .ms(1e300) == .never)
        #expect(VirtualTime.ms(1e300) + .ms(1e300) == .never)
        #expect(VirtualTime.ms(1e300) + .ms(-1e300) == .zero)
        #expect(VirtualTime(microseconds: .min) + Duration(microseconds: -1) == VirtualTime(microseconds: .min))
        #expect(VirtualTime.ms(100) + .ms(50) == .ms(150))
    }

    @Test func subtractingTimesFarApartSaturates() {
        #expect(VirtualTime.zero - .never == Duration(microseconds: -.max))
        #expect(VirtualTime.never - VirtualTime(microseconds: .min) == Duration(microseconds: .max))
        #expect(VirtualTime(microseconds: .min) - .never == Duration(microseconds: .min))
        #expect(VirtualTime.ms(150) - .ms(100) == .ms(50))
    }
}
