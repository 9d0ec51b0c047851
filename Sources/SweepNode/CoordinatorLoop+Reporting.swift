import SweepDistributed
import SweepProtocol

extension CoordinatorLoop {
    /// The machine's report, with the scenario counts and the rate's inputs: what `sweep status` and the live view see.
    func statusReport(nowMs: Int64) -> StatusReport {
        var report = machine.statusReport(nowMs: nowMs)
        report.scenariosDone = tallies.runs
        report.scenariosTotal = scenariosTotal
        report.treesThisRun = max(0, machine.committedTrees - treesAtStart)
        report.elapsedMs = Int(max(0, nowMs - startMs))
        return report
    }

    /// The answer to `message` when it is a status request, from anyone (a status key, a worker, `sweep status`), during
    /// the sweep or after it: the one place one is answered. Nil for any other message.
    func statusAnswer(to message: ProtocolMessage, nowMs: Int64) -> ProtocolMessage? {
        guard case .statusRequest = message else { return nil }
        return .status(statusReport(nowMs: nowMs))
    }

    /// Progress and the live view, every `progressIntervalMs`; the last call of each is the one that sees the
    /// sweep finished.
    func report(now: Int64) {
        if let onProgress = options.onProgress, let last = lastProgress, now - last >= options.progressIntervalMs || finished {
            lastProgress = finished ? nil : now
            onProgress(
                CoordinatorNode.Progress(
                    unitsDone: machine.committedUnits, treesDone: machine.committedTrees, treesTotal: machine.totalTrees,
                    scenariosDone: tallies.runs, workers: machine.liveWorkers, retries: machine.retries, failures: quarantined.count,
                    elapsedMs: now, unitsLeased: machine.leasedUnits, unitsQueued: machine.queuedRetries, treesUnassigned: machine.unassignedTrees,
                    slots: machine.liveSlots, leaseExpiries: machine.leaseExpiries, refusals: transport.refusals,
                    workersJoined: machine.joinedWorkers.count))
        }
        if let onLive = options.onLive, let last = lastLive, now - last >= options.progressIntervalMs || finished {
            lastLive = finished ? nil : now
            onLive(LiveSnapshot(plan: plan, tallies: tallies, status: statusReport(nowMs: now), endpoint: endpoint))
        }
    }

    /// After the sweep finished (and its done messages are queued, which the socket's linger delivers): answers
    /// what crossed them on the wire — a late credit or heartbeat gets another done, `sweep status` its report —
    /// until the line is quiet for 20 ms, at most 200 ms.
    func answerLateMessages(clock: any NodeClock) throws {
        let deadline = clock.nowMs + 200
        var turns = 0
        while clock.nowMs < deadline && turns < 1000 {
            turns += 1
            let waitedFrom = clock.nowMs
            if try !transport.wait(timeoutMs: 20) {
                if clock.nowMs - waitedFrom >= 20 { break }
                // Something else woke the wait (a connection event, a handshake).
                try transport.housekeeping(nowMs: clock.nowMs)
                _ = try transport.connectionEvents(nowMs: clock.nowMs)
                continue
            }
            while let next = try transport.receive() {
                guard let message = try? FrameCodec.decode(next.frames) else { continue }
                if let answer = statusAnswer(to: message, nowMs: clock.nowMs) {
                    _ = try? transport.send(FrameCodec.encode(answer), to: next.peer)
                    continue
                }
                if next.isStatusKey { continue } // a status key never works, even now
                for case let .send(w, m) in machine.handle(.received(next.peer, message), nowMs: clock.nowMs) {
                    _ = try? transport.send(FrameCodec.encode(m), to: w)
                }
            }
        }
    }
}
