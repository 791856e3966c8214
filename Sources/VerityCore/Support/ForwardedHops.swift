import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The hops a proxy's header names, left to right: `X-Forwarded-For`
/// (`192.0.2.1, [2001:db8::1]:4711`) or RFC 7239's `Forwarded`
/// (`for=192.0.2.1;proto=https, for="[2001:db8::1]:4711"`). Each hop is its
/// address alone, or nil for one that is not an address (`unknown`, an
/// obfuscated name, garbage). Bytes from the outside: `TrustedProxies` decides
/// whom to believe; this only reads.
public enum ForwardedHops {
    public static func xForwardedFor(_ values: [String]) -> [String?] {
        entries(values).map(plainAddress)
    }

    public static func forwarded(_ values: [String]) -> [String?] {
        entries(values).map { element in
            let pairs = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let node = pairs.first(where: { $0.lowercased().hasPrefix("for=") }) else { return nil }
            return plainAddress(String(node.dropFirst(4)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
    }

    /// An address's bytes: 4 for IPv4 (an IPv4-mapped IPv6 address too), 16 for IPv6; nil for anything else.
    public static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    private static func entries(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1` or `[2001:db8::1]:4711` as the address alone; nil otherwise.
    private static func plainAddress(_ text: String) -> String? {
        var address = text
        if address.hasPrefix("[") {
            guard let close = address.firstIndex(of: "]") else { return nil }
            address = String(address[address.index(after: address.startIndex)..<close])
        } else if address.filter({ $0 == ":" }).count == 1 {
            address = String(address.split(separator: ":", omittingEmptySubsequences: false)[0])
        }
        return addressBytes(address) == nil ? nil : address
    }
}
