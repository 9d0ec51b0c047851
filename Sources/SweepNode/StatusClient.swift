import SweepProtocol
import SweepTransportZMQ

/// Asks a coordinator for its progress (`sweep status`).
public enum StatusClient {
    public static func query(endpoint: String, timeoutMs: Int, security: ClientSecurity = .plain) throws -> String {
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
              let frames = try socket.receive(dontWait: true) else {
            throw CoordinatorNode.NodeError.message("no coordinator answered at \(endpoint) within \(timeoutMs) ms"
                + (security.role == nil ? "" : " (with CURVE: check --coordinator-key and that --key is on its allow-list)"))
        }
        guard case let .status(unitsDone, unitsTotal, done, total, workers, retries, failures) = try FrameCodec.decode(frames) else {
            throw CoordinatorNode.NodeError.message("the coordinator at \(endpoint) sent something other than a status")
        }
        let percent = total > 0 ? done * 100 / total : 0
        return "\(endpoint): trees \(done)/\(total) (\(percent)%), units \(unitsDone) of about \(unitsTotal), \(workers) workers, "
            + "\(retries) retries, \(failures) failures" + (total > 0 && done == total ? "; every tree is done" : "")
    }
}
