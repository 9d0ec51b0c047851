import Logging
import SweepDistributed
import SweepTransportZMQ

/// The log lines of the coordinator's ``InboundRelay``, written on the coordinator's thread: a connection closed at
/// its limit is a warning at most once a second (those held back are counted in the next line), the relay's own
/// troubles (connections over the cap, failed accepts) once a minute per kind.
struct RelayLog {
    private var closedLine = LogThrottle.everySecond
    private var troubleLines = LogThrottle()
    private var closedHeldBack = 0
    /// Connections the relay closed at their limit or refused as they came.
    private(set) var refusals = 0

    mutating func log(_ events: [InboundRelayEvent], logger: Logger, nowMs: Int64) {
        for event in events {
            switch event {
            case let .closedAtLimit(peer, limit):
                refusals += 1
                guard closedLine.allows("closed", nowMs: nowMs) else {
                    closedHeldBack += 1
                    continue
                }
                var fields: [String: NodeEvent.Value] = ["peer": .text(peer), "limit_bytes": .number(limit)]
                if closedHeldBack > 0 { fields["more_closed"] = .number(closedHeldBack) }
                closedHeldBack = 0
                logger.log(
                    .warning("closed a connection that reached its limit without completing a message (what libzmq held of it is freed)", fields))
            case let .refused(peer, open):
                refusals += 1
                if troubleLines.allows("refused", nowMs: nowMs) {
                    logger.log(.warning("refused a connection: too many open (one line a minute)", ["peer": .text(peer), "open": .number(open)]))
                }
            case let .acceptFailed(error):
                if troubleLines.allows("accept", nowMs: nowMs) {
                    logger.log(.warning("could not accept a connection; trying again in 100 ms (one line a minute)", ["error": .text("\(error)")]))
                }
            case let .upstreamFailed(peer, error):
                if troubleLines.allows("upstream", nowMs: nowMs) {
                    logger.log(.warning("could not pass a connection on to the ROUTER (one line a minute)", ["peer": .text(peer), "error": .text("\(error)")]))
                }
            }
        }
    }
}
