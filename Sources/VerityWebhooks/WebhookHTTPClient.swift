import AsyncHTTPClient
import NIOConcurrencyHelpers
import Vapor

/// The HTTP clients deliveries go out on, apart from the one calling the
/// services a user brings: they never follow a redirect (a receiver could
/// point it anywhere) and give up on a slow connect; shut down with the app.
///
/// A receiver named by a host name is reached through a client pinned to the
/// address the delivery checked (`dnsOverride`: the connection goes to that
/// address, while the Host header, SNI and the certificate check keep the
/// name). Without the pin, the client would resolve the name again to connect,
/// and a DNS server answering a public address to the check and a private one
/// to the connection (DNS rebinding) would reach the private network. One
/// client per host, replaced when its address changes; its pool keeps
/// connections to the receiver alive between batches.
package final class WebhookHTTPClient: LifecycleHandler, Sendable {
    /// For receivers named by an address literal: nothing to resolve, nothing to pin.
    let client: HTTPClient
    private let pinned = NIOLockedValueBox(PinnedClients())

    /// How many hosts keep a pinned client; the least recently used goes first.
    static let pinnedHostLimit = 32
    /// How long a replaced client lives on: attempts still on it end by their deadline first.
    static let retireAfter: Duration = .seconds(120)

    private struct PinnedClients {
        var byHost: [String: (address: String, client: HTTPClient, used: UInt64)] = [:]
        var uses: UInt64 = 0
        var retiring: [ObjectIdentifier: HTTPClient] = [:]
        var shutDown = false
    }

    package init() {
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.configuration())
    }

    private static func configuration(pinning host: String? = nil, to address: String? = nil) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5))
        configuration.decompression = .disabled
        if let host, let address { configuration.dnsOverride = [host: address] }
        return configuration
    }

    /// The client that connects `host` to `address` (an address the caller checked).
    func client(for host: String, pinnedTo address: String) -> HTTPClient {
        let (client, retired) = pinned.withLockedValue { state -> (HTTPClient, [HTTPClient]) in
            // A delivery racing the app's shutdown gets the shut client: its attempt fails as a connection error.
            guard !state.shutDown else { return (self.client, []) }
            state.uses += 1
            if let entry = state.byHost[host], entry.address == address {
                state.byHost[host]?.used = state.uses
                return (entry.client, [])
            }
            var retired: [HTTPClient] = []
            if let old = state.byHost.removeValue(forKey: host) { retired.append(old.client) }
            if state.byHost.count >= Self.pinnedHostLimit, let oldest = state.byHost.min(by: { $0.value.used < $1.value.used }) {
                state.byHost.removeValue(forKey: oldest.key)
                retired.append(oldest.value.client)
            }
            let created = HTTPClient(eventLoopGroupProvider: .singleton, configuration: Self.configuration(pinning: host, to: address))
            state.byHost[host] = (address, created, state.uses)
            for client in retired { state.retiring[ObjectIdentifier(client)] = client }
            return (created, retired)
        }
        for old in retired { retire(old) }
        return client
    }

    /// Shuts a replaced client down once the attempts still on it have had their deadline.
    private func retire(_ old: HTTPClient) {
        Task {
            try? await Task.sleep(for: Self.retireAfter)
            let mine = pinned.withLockedValue { $0.retiring.removeValue(forKey: ObjectIdentifier(old)) != nil }
            if mine { try? await old.shutdown() }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        await shutdown()
    }

    /// Shuts every client down, pinned and retiring ones too.
    package func shutdown() async {
        let all = pinned.withLockedValue { state -> [HTTPClient] in
            state.shutDown = true
            let all = state.byHost.values.map(\.client) + state.retiring.values
            state.byHost = [:]
            state.retiring = [:]
            return all
        }
        for pinnedClient in all { try? await pinnedClient.shutdown() }
        try? await client.shutdown()
    }
}
