import Foundation
import Logging
import SweepCore
import SweepDistributed
import SweepPlanning
import SweepProtocol
import SweepResultCodec

extension CoordinatorLoop {
    /// One message from the transport: refused (over its limit, a status key's anything but a status request,
    /// another protocol version), decoded and answered (status), or handed to the state machine with its result
    /// payload decoded.
    func handle(_ inbound: InboundFrames, now: Int64) throws {
        let worker = inbound.peer
        if let oversize = inbound.oversize {
            // Counted and freed by the transport, never decoded; a status key's is answered as below.
            if inbound.isStatusKey { return try refuseStatusKey(inbound, type: oversize.header.flatMap { try? FrameCodec.decodeHeader($0) }, now: now) }
            log(
                .warning(
                    "refused a message over the limit",
                    [
                        "worker": .text(worker.description), "frames": .number(oversize.frames), "bytes": .number(oversize.bytes),
                        "most_frames": .number(oversize.mostFrames), "most_bytes": .number(oversize.mostBytes)
                    ]),
                about: worker, now: now)
            return
        }
        do {
            var message = try FrameCodec.decode(inbound.frames)
            if let answer = statusAnswer(to: message, nowMs: now) {
                try perform([.send(worker, answer)], now: now)
                return
            }
            // A status key's limit is a status request's size, which no other message fits (each has a body).
            if inbound.isStatusKey { return try refuseStatusKey(inbound, type: message.type, now: now) }
            // Decode a result's payload before the state machine sees it: a payload that does not decode (or
            // belongs to another unit) is an error result, retried like any failure.
            if case let .result(unit, attempt, .ok, elapsed, payload, _) = message {
                do {
                    arrived = (unit, try ResultCodec.decode(payload, for: unit))
                } catch {
                    log(
                        .warning(
                            "rejected a result payload that does not decode",
                            ["worker": .text(worker.description), "unit": .text(unit.id), "reason": .text("\(error)")]),
                        about: worker, now: now)
                    message = .result(
                        unit: unit, attempt: attempt, status: .error, elapsedMicroseconds: elapsed, payload: [],
                        detail: "its result payload did not decode")
                }
            }
            try perform(machine.handle(.received(worker, message), nowMs: now), now: now, peer: worker)
            arrived = nil
        } catch let error as ProtocolError {
            try perform(machine.handle(.malformed(worker, "\(error)"), nowMs: now), now: now, peer: worker)
            // A peer of another protocol version gets a refusal it can read (the magic and the version field never
            // move), once a second at most.
            if case let .version(found, expected) = error, versionReplies.admit(worker, nowMs: now) {
                _ = try send(
                    .refuse(
                        reason: "this coordinator speaks SWP/\(expected) only and the message was SWP/\(found); "
                            + "run a worker built from the same release"), to: worker, now: now)
            }
        }
    }

    /// A status key reads and never works: whatever else it sends is refused, and said so (its type named when its
    /// header was within the limit).
    func refuseStatusKey(_ inbound: InboundFrames, type: MessageType?, now: Int64) throws {
        let worker = inbound.peer
        log(
            .warning(
                "refused a message from a status key, which may ask for status only",
                ["worker": .text(worker.description), "type": .text(type?.name ?? "unread"), "key": .text(inbound.key)]),
            about: worker, now: now)
        try perform([.send(worker, .refuse(reason: "this key is a status key: it may ask for status but never take work"))], now: now)
    }

    /// Sends one message; false when its worker is unreachable (gone).
    func send(_ message: ProtocolMessage, to worker: WorkerID, now: Int64) throws -> Bool {
        switch try transport.send(FrameCodec.encode(message), to: worker) {
        case .sent: return true
        case .unreachable:
            outbox.forget(worker)
            return false
        case .dropped(let reason):
            log(.warning("dropped a message to a slow worker", ["worker": .text(worker.description), "error": .text(reason)]), about: worker, now: now)
            return true
        }
    }

    /// Sends what the outbox holds (and whatever an unreachable worker's units lead to), until it is empty.
    func flush(now: Int64) throws {
        while !outbox.isEmpty {
            for (worker, message) in outbox.drain() where try !send(message, to: worker, now: now) {
                try perform(machine.handle(.unreachable(worker), nowMs: now), now: now, peer: worker)
            }
        }
    }

    /// Logs an event about a peer through ``PeerLogThrottle``: at most one line a second per peer, and four about its
    /// joining or leaving besides (events of kind `membership`, so a worker's registration, death and replacement show
    /// even after a line about its messages); at most 100 a second for all peers. The peer is `peer`, whose message or
    /// lost connection led to the event, else the worker the event names (a worker a tick declared dead). Quarantines
    /// are always logged. An event below the log level is dropped before the throttle, so it neither takes a peer's
    /// line nor is counted as held back (a finished sweep's debug lines about workers leaving led to "held back"
    /// notices).
    func log(_ event: NodeEvent, about peer: WorkerID?, now: Int64) {
        guard event.level.swiftLog >= options.logger.logLevel else { return }
        if event.kind != .quarantine, let subject = peer ?? event.metadata["worker"].map({ WorkerID(Array($0.description.utf8)) }) {
            let admitted =
                event.kind == .membership ? peerLog.admitMembership(subject, nowMs: now) : peerLog.admit(subject, nowMs: now)
            guard admitted else { return }
        }
        options.logger.log(event)
    }

    /// Performs actions as a worklist: handling one may add more (an unreachable worker's units move on).
    /// `peer`: whose message led to them (its log lines are rate-limited).
    func perform(_ initial: [CoordinatorAction], now: Int64, peer: WorkerID? = nil) throws {
        var work = initial
        var i = 0
        while i < work.count {
            let action = work[i]
            i += 1
            switch action {
            case let .send(worker, message):
                for (w, m) in outbox.add(message, to: worker) where try !send(m, to: w, now: now) {
                    work += machine.handle(.unreachable(w), nowMs: now)
                }
            case let .commit(unit, payload):
                let result: UnitResult
                if let a = arrived.take(), a.unit == unit { result = a.result } else { result = try ResultCodec.decode(payload, for: unit) }
                tallies.merge(result)
                try journal.append(kind: .committed, key: unit.id, payload: UnitRecordCodec.encode(unit: unit, payload: payload), nowMs: now)
            case let .quarantine(unit, reason):
                quarantined.append((unit, reason))
                try journal.append(kind: .quarantined, key: unit.id, payload: UnitRecordCodec.encode(unit: unit, payload: Array(reason.utf8)))
            case let .log(event):
                log(event, about: peer, now: now)
            case let .recordLease(unit, worker):
                // Not synced on its own: a lease lost with a crash only costs its worker's result after the restart.
                try journal.append(kind: .leased, key: unit.id, payload: UnitRecordCodec.encode(unit: unit, payload: worker.bytes), nowMs: now)
            case .finished:
                finished = true
                // The lines about them are rate-limited per peer (a flood right after a hello may show only as held
                // back): the count is said once, whatever the throttle let through.
                if machine.unleasedResults > 0 {
                    options.logger.log(
                        .warning(
                            "discarded results for units never leased to the peers that sent them",
                            ["results": .number(machine.unleasedResults)]))
                }
            }
        }
    }
}
