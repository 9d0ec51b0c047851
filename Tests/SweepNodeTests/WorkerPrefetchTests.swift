import Testing

@testable import SweepNode

/// A worker asks for whole windows of trees (one unit per configuration, at most `maximumGroup`): its slots plus
/// its prefetch are a multiple of a window, at least a window ahead per slot, so no credit request ends inside a
/// window and each window runs as one group.
@Suite struct WorkerPrefetchTests {
    @Test func slotsAndPrefetchAreWholeWindowsWithAWindowAheadPerSlot() {
        for slots in [1, 2, 3, 16, 40] {
            for configurations in [1, 2, 5, 16, 17, 300] {
                let group = min(WorkerNode.maximumGroup, configurations)
                let prefetch = WorkerLoop.prefetch(slots: slots, configurations: configurations)
                #expect((slots + prefetch) % group == 0, "\(slots) slots, \(configurations) configurations")
                #expect(prefetch >= slots * group && prefetch < slots * group + group, "\(slots) slots, \(configurations) configurations")
            }
        }
    }

    @Test func aOneSlotWorkerOfSixteenConfigurationsAsksForTwoWindows() {
        #expect(1 + WorkerLoop.prefetch(slots: 1, configurations: 16) == 32)
        #expect(16 + WorkerLoop.prefetch(slots: 16, configurations: 16) == 17 * 16)
    }
}
