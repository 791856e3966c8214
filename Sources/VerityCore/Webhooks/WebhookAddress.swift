import Foundation

/// The rules a webhook endpoint's address follows, and which network
/// addresses a delivery may reach.
public enum WebhookAddress {
    public static let maximumURLLength = 2048

    /// A checked endpoint URL: `https://`, or `http://` to a loopback host
    /// (a receiver on the developer's own machine); no credentials in it, no fragment.
    public static func validatedURL(_ text: String) throws(VerityError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalid("url", "url is required") }
        guard trimmed.count <= maximumURLLength else { throw .invalid("url", "url is at most \(maximumURLLength) characters") }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, let url = components.url else {
            throw .invalid("url", "url must be an absolute URL such as https://example.com/webhooks/verity")
        }
        guard components.user == nil, components.password == nil else { throw .invalid("url", "url must not carry credentials") }
        guard components.fragment == nil else { throw .invalid("url", "url must not have a fragment") }
        switch scheme {
        case "https": break
        case "http":
            guard isLoopbackName(host) else {
                throw .invalid("url", "url must use https; plain http is only for a receiver on this machine (localhost, 127.0.0.1, [::1])")
            }
        default:
            throw .invalid("url", "url must use https")
        }
        return url
    }

    /// `localhost` or a loopback literal.
    public static func isLoopbackName(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        if let v4 = ipv4(name) { return v4[0] == 127 }
        return name == "::1"
    }

    /// Whether a delivery may connect to this address when private ones are
    /// not allowed: public unicast only (no loopback, private, shared,
    /// link-local, multicast, reserved or unspecified addresses).
    public static func isPublic(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return isPublicIPv4(bytes)
        case 16: return isPublicIPv6(bytes)
        default: return false
        }
    }

    /// An IPv6 address that carries an IPv4 one (mapped, translated, NAT64,
    /// 6to4) is judged by the IPv4 address, since that is where a packet ends
    /// up; tunnels that hide it (Teredo) and ranges that are not public
    /// unicast are refused.
    private static func isPublicIPv6(_ b: [UInt8]) -> Bool {
        let zeros = { (range: Range<Int>) in b[range].allSatisfy { $0 == 0 } }
        // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated, RFC 2765)
        if zeros(0..<10) && b[10] == 0xff && b[11] == 0xff { return isPublicIPv4(Array(b[12..<16])) }
        if zeros(0..<8) && b[8] == 0xff && b[9] == 0xff && zeros(10..<12) { return isPublicIPv4(Array(b[12..<16])) }
        if zeros(0..<8) { return false }                                  // ::, ::1, compatible, and the rest of ::/64
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b {   // NAT64: 64:ff9b::/96 well-known, 64:ff9b:1::/48 local
            return zeros(4..<12) && isPublicIPv4(Array(b[12..<16]))
        }
        if b[0] == 0x01 && b[1] == 0x00 && zeros(2..<8) { return false }    // 100::/64 discard-only
        if b[0] == 0x20 && b[1] == 0x02 { return isPublicIPv4(Array(b[2..<6])) } // 2002::/16 6to4 carries its IPv4
        if b[0] == 0x20 && b[1] == 0x01 && b[2] & 0xfe == 0 { return false } // 2001::/23 IETF: Teredo, benchmarking, ORCHID
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return false } // 2001:db8::/32 documentation
        if b[0] & 0xfe == 0xfc { return false }                           // fc00::/7 unique local
        if b[0] == 0xfe && b[1] & 0x80 == 0x80 { return false }           // fe80::/10 link-local, fec0::/10 site-local
        if b[0] == 0xff { return false }                                  // multicast
        return true
    }

    private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return false
        case (100, 64...127): return false          // shared address space (carrier NAT)
        case (169, 254): return false               // link-local, cloud metadata
        case (172, 16...31): return false
        case (192, 168): return false
        case (192, 0) where b[2] == 0 || b[2] == 2: return false  // IETF, documentation
        case (192, 88) where b[2] == 99: return false  // 6to4 relay anycast (deprecated)
        case (198, 18...19): return false           // benchmarking
        case (198, 51) where b[2] == 100: return false
        case (203, 0) where b[2] == 113: return false
        case (224...255, _): return false           // multicast, reserved, broadcast
        default: return true
        }
    }

    /// The bytes (4 or 16) of an IP literal host (`203.0.113.7`, `[2001:db8::1]`
    /// or without brackets); nil for a name, which must be resolved.
    public static func literalBytes(_ host: String) -> [UInt8]? {
        let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        if inet_pton(AF_INET6, name, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        return nil
    }

    /// An address's text (`203.0.113.7`, `2001:db8::1`): what a connection is pinned to.
    public static func text(of bytes: [UInt8]) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return nil
        }
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return written == nil ? nil : String(cString: buffer)
    }

    /// The four bytes of a dotted IPv4 literal.
    static func ipv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { UInt8($0) }
        return bytes.count == 4 ? bytes : nil
    }
}
