internal import CZeroMQ

/// Facts about the libzmq this process is linked against.
public enum ZMQLibrary {
    /// The runtime libzmq version (`zmq_version`), e.g. `(4, 3, 4)`.
    public static var version: (major: Int, minor: Int, patch: Int) {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return (Int(major), Int(minor), Int(patch))
    }

    /// `"4.3.4"`.
    public static var versionString: String {
        let v = version
        return "\(v.major).\(v.minor).\(v.patch)"
    }

    /// Whether this libzmq was built with CURVE security (`zmq_has("curve")`, i.e. with libsodium).
    public static var hasCurve: Bool { zmq_has("curve") != 0 }
}
