import Foundation
import NIOCore
import VerityCore
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
            guard parts.count <= 2, let bytes = ForwardedHops.addressBytes(String(parts[0])) else { return .failure(ParseFailure(item: item)) }
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
        guard let text = address.ipAddress, let bytes = ForwardedHops.addressBytes(text) else { return false }
        return networks.contains { $0.contains(bytes) }
    }

    /// The header's hops, left to right; nil for one that is not an address.
    private func hops(_ headers: HTTPHeaders) -> [String?] {
        let values = headers[header.rawValue]
        switch header {
        case .xForwardedFor: return ForwardedHops.xForwardedFor(values)
        case .forwarded: return ForwardedHops.forwarded(values)
        }
    }
}
