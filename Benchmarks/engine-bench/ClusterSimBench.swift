import Foundation
import SweepCore
import SweepDistributed
import SweepPlanning
import SweepProtocol
import SweepResultCodec

/// `engine-bench --cluster-sim [--latency-ms L]`: the real coordinator state machine with up to thousands of
/// simulated workers in virtual time (``ClusterSimulation``), its CPU charged with what its work measurably takes
/// on this machine. Prints, per unit duration and cluster size, the coordinator's CPU share, dispatch rate, unit
/// latency and tail, then the largest cluster one coordinator serves below half its CPU (docs/operations.md,
/// "Sizing").
enum ClusterSimBench {
    static let slots = 16
    /// Four configurations: `sweep worker` then asks for slots × 4 = 64 units beyond its slots.
    static let configurations = 4
    static let durationsMs = [10, 100, 1000]
    static let sizes = [10, 100, 1000]
    /// Coordinator CPU (charged) after which a run is cut: its steady part is measured by then, its tail may not be.
    static let busyLimit: Int64 = 12_000_000_000

    /// Prints at once (each row as it is measured, also through a pipe).
    static func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// A plan with `configurations` configurations for the tallies the coordinator merges results into.
    static func plan(configurations: Int, trees: Int) -> SweepPlan {
        let yaml = DispatchBench.feedConfig(name: "cluster-sim", configurations: configurations, trees: trees)
        do { return SweepPlan(try SweepConfigLoader.load(yaml: yaml, path: "cluster-sim.yaml")) } catch {
            say("engine-bench: \(error)"); exit(2)
        }
    }

    /// One simulated sweep: `workers` × 16 slots, units of one tree taking `unitMs`, about `unitsPerSlot` units
    /// per slot, the coordinator's CPU measured (or `cpu`).
    static func simulate(
        workers: Int, unitMs: Int, latencyNs: Int64, unitsPerSlot: Int, steadyOnly: Bool = false,
        cpu: ClusterSimulation.CPU = .measured(now)
    ) -> ClusterSimulation.Report {
        let trees = max(1, workers * slots * unitsPerSlot / configurations)
        var config = ClusterSimulation.Config(
            workers: workers, slots: slots, configurations: configurations, trees: trees,
            treeNanoseconds: Int64(unitMs) * 1_000_000, latencyNanoseconds: latencyNs)
        config.coordinator.maximumTreesPerUnit = 1
        // What the coordinator merges results into, as `CoordinatorNode` does: each payload decoded and merged.
        // (Its tree count does not matter to the tallies, and a config allows at most 100,000.)
        var tallies = SweepTallies(plan: plan(configurations: configurations, trees: min(trees, 100_000)))
        let payloads = (0 ..< configurations).map { ResultCodec.encode(UnitResult(configuration: $0)) }
        var simulation = ClusterSimulation(config, cpu: cpu)
        simulation.payload = { payloads[$0.configuration] }
        simulation.onCommit = { unit, payload in
            if let result = try? ResultCodec.decode(payload, for: unit) { tallies.merge(result) }
        }
        // At most `busyLimit` of coordinator CPU per run: a saturated coordinator's tail takes long on this machine too.
        // And at most twice the virtual time the units would take on idle slots.
        let report = simulation.run(
            limitNanoseconds: 2 * Int64(unitsPerSlot) * config.treeNanoseconds + 1_000_000_000,
            busyLimitNanoseconds: busyLimit, stopAfterSteady: steadyOnly)
        if tallies.runs < 0 { say("") } // keep the merges observable
        return report
    }

    static func ms(_ ns: Int64) -> String {
        let v = Double(ns) / 1e6
        return v >= 100 ? String(format: "%.0f", v) : String(format: "%.1f", v)
    }

    static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }

    static func row(_ unitMs: Int, _ workers: Int, _ r: ClusterSimulation.Report) -> String {
        let sound =
            !r.finished
            ? "  (cut after \(busyLimit / 1_000_000_000) s of coordinator CPU, \(r.units) units in)"
            : r.treesCommittedTwice == 0 && r.treesNeverCommitted == 0
                ? ""
                : "  (NOT SOUND: trees committed twice \(r.treesCommittedTwice), never \(r.treesNeverCommitted))"
        return String(format: "%7d ms %8d %7d %8d %8.1f%% %12.0f ", unitMs, workers, workers * slots, r.units, 100 * r.cpuShare, r.dispatchRate)
            + pad(ms(r.latency(quantile: 0.5)), 9) + pad(ms(r.latency(quantile: 0.99)), 10) + pad(r.finished ? ms(r.tailNanoseconds) : "cut", 10)
            + String(
                format: " %8.1f %7d %7d %7d", Double(r.messagesReceived + r.messagesSent) / Double(max(1, r.units)), r.leaseExpiries, r.batchesMoved,
                r.stragglersCopied) + sound
    }

    static func run(latencyMs: Double) {
        let latencyNs = Int64(latencyMs * 1e6)
        let clock = ContinuousClock()
        let began = clock.now
        say(
            "cluster simulation: the real coordinator state machine and one real worker state machine per worker, in virtual time; "
                + "\(slots) slots per worker, units of 1 tree, \(configurations) configurations (each worker asks for "
                + "\(slots * min(16, configurations)) units beyond its slots), one-way latency \(latencyMs) ms. The coordinator's CPU is "
                + "the wall time its work takes here (frames decoded, handle, outbox, result payloads decoded and merged, frames "
                + "encoded; journal writes not counted), on one core. Steady part: a quarter to half of the trees committed (before the tail, which begins once every tree "
                + "is handed out, at about three quarters).")
        say("   unit  workers   slots    units  CPU share  dispatch u/s  lat. med   lat. p99  tail (ms) msg/unit expired   moved  copied")
        var measured: [Int: [(workers: Int, share: Double)]] = [:]
        for unitMs in durationsMs {
            for workers in sizes {
                // Enough units per slot for a steady part beyond the 5 each slot holds from the start.
                let r = simulate(workers: workers, unitMs: unitMs, latencyNs: latencyNs, unitsPerSlot: 20)
                say(row(unitMs, workers, r))
                measured[unitMs, default: []].append((workers, r.cpuShare))
            }
        }
        say(
            "latency: assign sent → result committed, in ms (it includes the units queued ahead of it on its worker); "
                + "tail: the last assign sent → the sweep finished; expired: leases that ended without a result; moved: batches an idle "
                + "worker took from another's queue; copied: stragglers re-run on an idle worker.")
        for unitMs in durationsMs {
            let (workers, share, probes, above) = largestCluster(unitMs: unitMs, latencyNs: latencyNs, from: measured[unitMs] ?? [])
            say(
                "largest cluster one coordinator serves below 50% of its CPU, \(unitMs) ms units: \(workers) workers × \(slots) slots "
                    + String(format: "(%.1f%% CPU at that size", 100 * share) + above + "; \(probes) probes)")
        }
        let d = clock.now - began
        say(String(format: "cluster simulation took %.1f s", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18))
    }

    /// The most workers whose steady CPU share stays at or below 50%, within about 10%: bounded by the sizes
    /// already measured, then bisected (at most `maximumWorkers`; beyond it the answer is "> maximumWorkers").
    static func largestCluster(
        unitMs: Int, latencyNs: Int64, from known: [(workers: Int, share: Double)],
        maximumWorkers: Int = 4000, maximumProbes: Int = 4
    ) -> (String, Double, Int, String) {
        var low = known.filter { $0.share <= 0.5 }.max { $0.workers < $1.workers } ?? (1, 0)
        var high = known.filter { $0.share > 0.5 }.min { $0.workers < $1.workers }
        var probes = 0
        func probe(_ n: Int) -> Double {
            probes += 1
            return simulate(workers: n, unitMs: unitMs, latencyNs: latencyNs, unitsPerSlot: 20, steadyOnly: true).cpuShare
        }
        // Above every measured size: grow, guided by the share per worker so far, until past 50%.
        while high == nil, probes < maximumProbes {
            let guess = low.share > 0 ? Int(Double(low.workers) * 0.5 / low.share) : low.workers * 4
            let n = min(maximumWorkers, max(low.workers * 5 / 4, min(low.workers * 4, guess)))
            let share = probe(n)
            if share > 0.5 { high = (n, share) } else { low = (n, share) }
            if high == nil && n >= maximumWorkers { return ("> \(maximumWorkers)", share, probes, "") }
        }
        while var h = high, probes < maximumProbes, Double(h.workers) > Double(low.workers) * 1.1, h.workers - low.workers > 1 {
            let n = (low.workers + h.workers) / 2
            let share = probe(n)
            if share > 0.5 { h = (n, share); high = h } else { low = (n, share) }
        }
        let bound = high.map { "; \($0.workers) workers: \(String(format: "%.0f%%", 100 * $0.share))" } ?? ""
        return ("\(low.workers)", low.share, probes, bound)
    }
}

extension ClusterSimBench {
    /// `engine-bench --cluster-sim-one WORKERS UNIT_MS`: one row (for looking at one size).
    static func one(workers: Int, unitMs: Int) {
        let clock = ContinuousClock()
        let began = clock.now
        let r = simulate(workers: workers, unitMs: unitMs, latencyNs: 500_000, unitsPerSlot: 20)
        say(row(unitMs, workers, r))
        say(
            "moved \(r.batchesMoved), copied \(r.stragglersCopied), retries \(r.retries), reconnects \(r.reconnects), longest inbox \(r.longestInbox), ticks \(r.ticks), virtual \(ms(r.nanoseconds)) ms, busy \(ms(r.busyNanoseconds)) ms, \(clock.now - began)"
        )
    }
}
