import SweepProtocol
import SweepTransportZMQ

/// Asks a coordinator for its progress (`sweep status`).
public enum StatusClient {
    /// The coordinator's ``StatusReport``, or a one-sentence error: nobody answered, the coordinator speaks another
    /// protocol version (an older release), it refused this client, or it sent something else.
    public static func query(endpoint: String, timeoutMs: Int, security: ClientSecurity = .plain) throws -> StatusReport {
        let context = try ZMQContext()
        defer { context.terminate() }
        var options = ZMQSocketOptions()
        options.linger = 0
        options.curve = security.role
        let socket = try ZMQSocket(context: context, type: .dealer, options: options)
        defer { socket.close() }
        try socket.connect(endpoint)
        try socket.send(FrameCodec.encode(.statusRequest))
        guard try ZMQSocket.poll([(socket, .readable)], timeoutMs: timeoutMs).first == true,
            let frames = try socket.receive(dontWait: true)
        else {
            throw CoordinatorNode.NodeError.message(
                "no coordinator answered at \(endpoint) within \(timeoutMs) ms"
                    + (security.role == nil ? "" : " (with CURVE: check --coordinator-key and that --key is on its allow-list or its --status-keys)"))
        }
        return try report(from: frames, endpoint: endpoint)
    }

    /// The report in a reply, or why there is none, in one sentence.
    public static func report(from frames: [[UInt8]], endpoint: String) throws -> StatusReport {
        let message: ProtocolMessage
        do { message = try FrameCodec.decode(frames) } catch {
            if case let .version(found, expected) = error {
                throw CoordinatorNode.NodeError.message(
                    "the coordinator at \(endpoint) speaks SWP/\(found) and this sweep speaks SWP/\(expected) (see sweep --version); "
                        + "ask it with the sweep of the coordinator's release")
            }
            throw CoordinatorNode.NodeError.message("the coordinator at \(endpoint) sent a status this sweep cannot read: \(error)")
        }
        switch message {
        case let .status(report):
            return report
        case let .refuse(reason):
            throw CoordinatorNode.NodeError.message("the coordinator at \(endpoint) refused the status request: \(reason)")
        default:
            throw CoordinatorNode.NodeError.message("the coordinator at \(endpoint) sent \(message.type.name) instead of a status")
        }
    }
}
