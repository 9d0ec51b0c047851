import SweepCore
import Testing

/// The bit set of defect classes a verdict carries, and the per-class lanes tallies add it into.
@Suite struct DefectSetTests {
    @Test func everyClassHasALaneOfItsOwn() {
        #expect(DefectClass.allCases.count <= ClassLanes.scalarCount, "a class past the last lane would be counted nowhere")
        for c in DefectClass.allCases {
            let set = DefectSet([c])
            #expect(Array(set) == [c])
            var tally = Tally()
            var verdict = ScenarioVerdict()
            verdict.applicable = set
            verdict.defects = set
            tally.add(verdict)
            #expect(tally.attempts == DefectClass.allCases.map { $0 == c ? 1 : 0 }, "\(c.name)")
            #expect(tally.counts == DefectClass.allCases.map { $0 == c ? 1 : 0 }, "\(c.name)")
        }
    }

    @Test func aSetOfSeveralClassesIteratesInClassOrder() {
        let set = DefectSet([.swallowedZoom, .deadButton, .wrongScroller])
        #expect(Array(set) == [.deadButton, .wrongScroller, .swallowedZoom])
        #expect(set.contains(.wrongScroller) && !set.contains(.ghostTap))
    }
}
