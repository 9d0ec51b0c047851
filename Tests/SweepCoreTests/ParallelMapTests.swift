import SweepCore
import Testing

/// The reports are made side by side with `ParallelMap`: what it returns must not depend on which item ends first.
struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1000])
    func resultsComeInIndexOrderWhateverOrderTheItemsEnd(count: Int) {
        // Earlier items take longer, so on more than one core they end last.
        let mapped = ParallelMap.map(count) { i -> String in
            var spin = 0
            for k in 0 ..< (count - i) * 200 { spin &+= k }
            return "item \(i) \(spin & 0)"
        }
        #expect(mapped == (0 ..< count).map { "item \($0) 0" })
    }
}
