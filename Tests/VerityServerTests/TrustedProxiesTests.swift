import Foundation
import NIOCore
import NIOHTTP1
import Testing
import VerityTestSupport
@testable import VerityKernel

/// Behind a TLS proxy every client connects from the proxy's address: the
/// client's own is taken from the proxy's header, and only from a proxy
/// named in `VERITY_TRUSTED_PROXIES`.
@Suite("Trusted proxies: the client's address behind a proxy, and no one else's word for it")
struct TrustedProxiesTests {
    static func proxies(_ text: String, header: TrustedProxies.Header = .xForwardedFor) throws -> TrustedProxies {
        try TrustedProxies.parse(text, header: header).get()
    }

    static func client(_ proxies: TrustedProxies, peer: String, _ headers: [(String, String)]) throws -> String? {
        proxies.client(peer: try SocketAddress(ipAddress: peer, port: 40_000), headers: HTTPHeaders(headers))?.ipAddress
    }

    @Test func aTrustedProxysHeaderIsReadRightToLeftPastEveryTrustedHop() throws {
        let proxies = try Self.proxies("10.0.0.0/8, 192.0.2.7, 2001:db8::/32")
        // the proxy in front adds the client; a client's own claims further left are not believed
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "6.6.6.6, 203.0.113.9")]) == "203.0.113.9")
        // two trusted proxies in a row: the first untrusted hop is the client
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "203.0.113.9, 192.0.2.7")]) == "203.0.113.9")
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "203.0.113.9"), ("X-Forwarded-For", "10.9.9.9")])
                == "203.0.113.9")
        // IPv6, bracketed with a port, and an IPv4 with a port
        #expect(try Self.client(proxies, peer: "2001:db8::1", [("X-Forwarded-For", "[2001:db9::5]:4711")]) == "2001:db9::5")
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "198.51.100.4:5555")]) == "198.51.100.4")
        // every hop trusted: the leftmost
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "10.4.4.4, 10.5.5.5")]) == "10.4.4.4")
        // no header: the proxy itself
        #expect(try Self.client(proxies, peer: "10.1.2.3", []) == "10.1.2.3")
    }

    @Test func anUntrustedPeersHeaderIsIgnoredAndAHopThatIsNoAddressEndsTheWalk() throws {
        let proxies = try Self.proxies("10.0.0.0/8")
        // a client that writes the header itself, straight to the server
        #expect(try Self.client(proxies, peer: "203.0.113.9", [("X-Forwarded-For", "10.0.0.1")]) == "203.0.113.9")
        // what is not an address is not trusted, and nothing left of it is believed
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "198.51.100.4, unknown")]) == "10.1.2.3")
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "6.6.6.6, <script>, 10.2.2.2")]) == "10.2.2.2")
        // with none configured, the connecting address, whatever the header says
        #expect(try Self.client(TrustedProxies(), peer: "10.1.2.3", [("X-Forwarded-For", "198.51.100.4")]) == "10.1.2.3")
        // the other header is not read
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("Forwarded", "for=198.51.100.4")]) == "10.1.2.3")
    }

    @Test func theForwardedHeaderWhenTheProxySendsThatOne() throws {
        let proxies = try Self.proxies("10.0.0.0/8", header: .forwarded)
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("Forwarded", #"for=6.6.6.6, for="[2001:db8:cafe::17]:4711";proto=https"#)])
                == "2001:db8:cafe::17")
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("Forwarded", "for=_hidden")]) == "10.1.2.3")
        #expect(try Self.client(proxies, peer: "10.1.2.3", [("X-Forwarded-For", "198.51.100.4")]) == "10.1.2.3")
    }

    @Test func aListThatIsNotAddressesIsRefusedNamingTheItem() {
        for bad in ["10.0.0.0/33", "proxy.internal", "10.0.0.1/", "::1/129", "1.2.3"] {
            guard case .failure(let failure) = TrustedProxies.parse("127.0.0.1, \(bad)") else {
                Issue.record("\(bad) was taken")
                continue
            }
            #expect(failure.item == bad)
        }
    }

    @Test func behindATrustedProxyEachClientHasItsOwnLimit() async throws {
        // given: a server behind a proxy at 127.0.0.1, 5 capture requests a minute per client address
        var proxies = try Self.proxies("127.0.0.1")
        proxies.header = .xForwardedFor
        try await withVerityApp(settings: {
            $0.captureRequestsPerAddressPerMinute = 5
            $0.trustedProxies = proxies
        }) { app async throws in
            var stranger = RawHTTP(baseURL: try await app.startServer())
            stranger.headers["X-Forwarded-For"] = "203.0.113.66"
            var client = stranger
            client.headers["X-Forwarded-For"] = "198.51.100.4"
            // when: a stranger behind the same proxy uses up its limit
            for index in 0..<5 {
                #expect(try await stranger.send("GET", "/capture/\(String(repeating: "B", count: 42))\(index)/status").status == 410)
            }
            #expect(try await stranger.send("GET", "/capture/\(String(repeating: "B", count: 43))/status").status == 429)
            // then: another client behind it is not limited by that
            #expect(try await client.send("GET", "/capture/\(String(repeating: "C", count: 43))/status").status == 410)
        }
    }
}
