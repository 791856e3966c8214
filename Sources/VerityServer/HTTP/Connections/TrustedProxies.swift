import Foundation
import NIOCore
import NIOHTTP1

/// The proxies whose word on a client's address Verity takes
/// (`VERITY_TRUSTED_PROXIES`): behind a TLS proxy every client connects from
/// the proxy's address, and rate limits, sign-in limits, audit lines and logs
/// would count one client. Only when the connecting peer is one of these is
/// `X-Forwarded-For` (or `Forwarded`, `VERITY_TRUSTED_PROXY_HEADER`) read,
/// right to left, past every trusted hop, as nginx's `real_ip_recursive` and
/// Express's `trust proxy` do. A hop that is not an address (`unknown`, an
/// obfuscated name, garbage) ends the walk: what came before it is kept, and
/// nothing a client wrote further left is believed.
public struct TrustedProxies: Sendable, Equatable {
    public enum Header: String, Sendable, CaseIterable {
        case xForwardedFor = "x-forwarded-for"
        case forwarded
    }

    /// An address range: the first `prefix` bits of `bytes` (4 bytes for IPv4, 16 for IPv6).
    struct Network: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var left = prefix
            for (mine, theirs) in zip(bytes, address) where left > 0 {
                let bits = min(8, left)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if mine & mask != theirs & mask { return false }
                left -= bits
            }
            return true
        }
    }

    var networks: [Network] = []
    public var header: Header = .xForwardedFor

    public init() {}

    public var isEmpty: Bool { networks.isEmpty }

    /// `text`: addresses and CIDR ranges, separated by commas (`10.0.0.0/8, 2001:db8::/32, 127.0.0.1`).
    public static func parse(_ text: String, header: Header = .xForwardedFor) -> Result<TrustedProxies, ParseFailure> {
        var proxies = TrustedProxies()
        proxies.header = header
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let parts = item.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let bytes = Self.bytes(String(parts[0])) else { return .failure(ParseFailure(item: item)) }
            let width = bytes.count * 8
            let prefix = parts.count == 2 ? Int(parts[1]) : width
            guard let prefix, (0...width).contains(prefix) else { return .failure(ParseFailure(item: item)) }
            proxies.networks.append(Network(bytes: bytes, prefix: prefix))
        }
        return .success(proxies)
    }

    public struct ParseFailure: Error, Sendable {
        public let item: String
    }

    /// The client's address for a request from `peer` with `headers`.
    func client(peer: SocketAddress?, headers: HTTPHeaders) -> SocketAddress? {
        guard let peer, !networks.isEmpty, trusts(peer) else { return peer }
        var client = peer
        for hop in hops(headers).reversed() {
            guard let hop, let address = try? SocketAddress(ipAddress: hop, port: 0) else { return client }
            client = address
            if !trusts(address) { return address }
        }
        return client
    }

    private func trusts(_ address: SocketAddress) -> Bool {
        guard let text = address.ipAddress, let bytes = Self.bytes(text) else { return false }
        return networks.contains { $0.contains(bytes) }
    }

    /// The header's hops, left to right; nil for one that is not an address.
    private func hops(_ headers: HTTPHeaders) -> [String?] {
        let entries = headers[header.rawValue].flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        switch header {
        case .xForwardedFor:
            return entries.map(Self.plainAddress)
        case .forwarded:
            return entries.map { element in
                let pairs = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                guard let node = pairs.first(where: { $0.lowercased().hasPrefix("for=") }) else { return nil }
                return Self.plainAddress(String(node.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
            }
        }
    }

    /// `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1` or `[2001:db8::1]:4711` as the address alone; nil otherwise.
    private static func plainAddress(_ text: String) -> String? {
        var address = text
        if address.hasPrefix("[") {
            guard let close = address.firstIndex(of: "]") else { return nil }
            address = String(address[address.index(after: address.startIndex)..<close])
        } else if address.filter({ $0 == ":" }).count == 1 {
            address = String(address.split(separator: ":")[0])
        }
        return bytes(address) == nil ? nil : address
    }

    /// An address's bytes: 4 for IPv4 (an IPv4-mapped IPv6 address too), 16 for IPv6.
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}
