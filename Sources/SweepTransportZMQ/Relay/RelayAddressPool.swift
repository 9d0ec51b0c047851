/// The loopback source addresses the relay connects from, one per live connection, so that the `Peer-Address`
/// libzmq gives each message (an IP address, without the port) names the connection it came over.
///
/// Linux routes all of 127.0.0.0/8 to the loopback interface, so any address in it can be bound as a source.
/// The pool hands out 127.42.x.y (y from 1 to 254) in turn, skipping those in use: an address comes back only
/// after every other one has been handed out, so a message libzmq still holds from a closed connection is not
/// mistaken for one of a new connection's.
struct RelayAddressPool: Sendable {
    static let prefix: UInt32 = (127 << 24) | (42 << 16)
    static let capacity = 256 * 254

    private var inUse = Set<UInt32>()
    private var next = 0

    /// The address for a new connection (host byte order), or nil when every address is in use.
    mutating func take() -> UInt32? {
        guard inUse.count < Self.capacity else { return nil }
        while true {
            let address = Self.address(at: next)
            next = (next + 1) % Self.capacity
            if inUse.insert(address).inserted { return address }
        }
    }

    /// `address` is free again (its connection closed).
    mutating func release(_ address: UInt32) {
        inUse.remove(address)
    }

    var count: Int { inUse.count }

    /// The `index`th address: 127.42.(index / 254).(index % 254 + 1).
    static func address(at index: Int) -> UInt32 {
        prefix | UInt32(index / 254) << 8 | UInt32(index % 254 + 1)
    }

    /// Dotted text of a host-order IPv4 address.
    static func text(_ address: UInt32) -> String {
        "\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF)"
    }

    /// The host-order address of dotted text in the pool's range; nil for anything else.
    static func parse(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt32($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 <= 255 }) else { return nil }
        let address = parts[0] << 24 | parts[1] << 16 | parts[2] << 8 | parts[3]
        return address & 0xFFFF_0000 == prefix ? address : nil
    }
}
