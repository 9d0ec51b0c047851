import SweepProtocol
import TouchEngine

/// What `sweep --version` prints: the tool's release, and the two versions a worker must share with its
/// coordinator (the engine: results from two engines never mix; the wire protocol: peers of two versions are
/// refused at their first message).
public enum Versions {
    /// Three lines, e.g. `sweep 0.1.0` / `engine touchsweep-engine-2` / `protocol SWP/4`, then what must match.
    public static func text(tool: String) -> String {
        """
        sweep \(tool)
        engine \(EngineVersion.current)
        protocol \(ProtocolVersion.name)
        A worker must have the coordinator's engine and protocol; sweep status must have its protocol.
        """
    }
}
