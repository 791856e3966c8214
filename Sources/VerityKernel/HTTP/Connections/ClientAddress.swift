import NIOCore

/// The address a connection's limits count against: an IPv4 address, or an
/// IPv6 client's /64 (one subscriber is handed a whole /64, so counting
/// single IPv6 addresses would give them millions of shares).
enum ClientAddress {
    static func key(of address: SocketAddress?) -> String {
        switch address {
        case .v4?:
            return address?.ipAddress ?? "unknown"
        case .v6(let v6)?:
            let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            // An IPv4 client on a dual-stack socket (::ffff:a.b.c.d) counts as its IPv4 address.
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
                .joined(separator: ":") + "::/64"
        case .unixDomainSocket?:
            return "local"
        case nil:
            return "unknown"
        }
    }
}
