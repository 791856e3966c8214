import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityKernel

/// Posts one signed event to one endpoint: a deadline, never a redirect, and
/// only to public addresses unless the environment allows private ones. A
/// host name is resolved once per attempt, every address checked, and the
/// connection made to the address checked (`WebhookHTTPClient` pins it: the
/// client never resolves the name again). Only the answer's status and
/// latency are kept; its body is read, bounded, and dropped.
package struct WebhookPoster: Sendable {
    let clients: WebhookHTTPClient
    /// How long a receiver has to answer.
    let timeout: TimeAmount
    var resolver: any WebhookResolving = SystemWebhookResolver()

    package struct Attempt: Sendable {
        var statusCode: Int?
        var latencyMilliseconds: Int?
        /// A short code: `timeout`, `connection`, `http_503`, `redirect_refused`, `address_refused`, `dns`.
        var error: String?
    }

    func post(_ body: Data, to address: String, secrets: [String], timestamp: Int64, allowPrivate: Bool) async -> Attempt {
        guard let url = URL(string: address), let host = url.host, !host.isEmpty else { return Attempt(error: "bad_url") }
        let client: HTTPClient
        if let literal = WebhookAddress.literalBytes(host) {
            guard allowPrivate || WebhookAddress.isPublic(literal) else { return Attempt(error: "address_refused") }
            client = clients.client
        } else {
            guard let addresses = try? await resolver.addresses(of: host), let first = addresses.first,
                  let pinned = WebhookAddress.text(of: first) else { return Attempt(error: "dns") }
            guard allowPrivate || addresses.allSatisfy(WebhookAddress.isPublic) else { return Attempt(error: "address_refused") }
            client = clients.client(for: host, pinnedTo: pinned)
        }
        var request = HTTPClientRequest(url: address)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Verity-Webhooks/1")
        request.headers.add(name: WebhookSignature.header, value: WebhookSignature.header(for: body, secrets: secrets, timestamp: timestamp))
        request.body = .bytes(ByteBuffer(data: body))
        let started = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: timeout)
            // Read (and drop) at most a little of the answer: a receiver's body is never kept.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let latency = Int((ContinuousClock.now - started) / .milliseconds(1))
            let code = Int(response.status.code)
            if (300..<400).contains(code) { return Attempt(statusCode: code, latencyMilliseconds: latency, error: "redirect_refused") }
            return Attempt(statusCode: code, latencyMilliseconds: latency, error: (200..<300).contains(code) ? nil : "http_\(code)")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            return Attempt(latencyMilliseconds: Int((ContinuousClock.now - started) / .milliseconds(1)), error: "timeout")
        } catch {
            return Attempt(latencyMilliseconds: Int((ContinuousClock.now - started) / .milliseconds(1)), error: "connection")
        }
    }

    package init(clients: WebhookHTTPClient, timeout: TimeAmount, resolver: any WebhookResolving = SystemWebhookResolver()) {
        self.clients = clients
        self.timeout = timeout
        self.resolver = resolver
    }
}

/// Where a receiver's name points: the system's resolver in the product, a
/// fixed answer in tests (a DNS server is a service the user brings).
package protocol WebhookResolving: Sendable {
    /// Every address `host` resolves to, as raw bytes (4 or 16), in the resolver's order.
    func addresses(of host: String) async throws -> [[UInt8]]
}

/// `getaddrinfo`, off the event loops and NIO's shared pool (it blocks: `BlockingCalls`).
struct SystemWebhookResolver: WebhookResolving {
    func addresses(of host: String) async throws -> [[UInt8]] {
        // Names only: the poster reads an address literal (bracketed IPv6 too) itself.
        try await BlockingCalls.run {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
            defer { freeaddrinfo(list) }
            var found: [[UInt8]] = []
            var cursor: UnsafeMutablePointer<addrinfo>? = first
            while let entry = cursor {
                if let address = entry.pointee.ai_addr {
                    switch Int32(address.pointee.sa_family) {
                    case AF_INET:
                        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                            withUnsafeBytes(of: v4.pointee.sin_addr) { found.append(Array($0)) }
                        }
                    case AF_INET6:
                        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                            withUnsafeBytes(of: v6.pointee.sin6_addr) { found.append(Array($0)) }
                        }
                    default: break
                    }
                }
                cursor = entry.pointee.ai_next
            }
            return found
        }
    }
}
