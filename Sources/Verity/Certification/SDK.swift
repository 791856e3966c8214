import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The specification's entry point: `SDK.getClient` is the app's one
/// certification client, set up once where the app starts.
///
/// ```swift
/// SDK.configure(baseURL: url, entity: "bank", keyStore: KeychainKeyStore()) { try await backend.userToken() }
///
/// SDK.getClient.requestUser(
///     onSuccess: { (user) in … }, onNoConnection: { … },
///     onInvalidToken: { (error) in … }, onClientError: { (error) in … })
/// ```
///
/// Configuring again replaces the client: an app that lets the user pick
/// another entity configures the SDK for it. The device's verification and
/// its key store are shared by every entity, as the specification says.
public enum SDK {
    /// The client ``configure(_:)`` set up.
    ///
    /// Reading it before then is a mistake in the app, not something a user
    /// did: it stops with a message that says so, as a missing outlet would.
    public static var getClient: CertificationClient {
        guard let client = configured.client else {
            preconditionFailure("SDK.getClient was read before SDK.configure(…): configure the certification SDK once, where the app starts")
        }
        return client
    }

    /// Whether ``configure(_:)`` has been called.
    public static var isConfigured: Bool { configured.client != nil }

    /// Makes `client` the one `getClient` returns.
    public static func configure(_ client: CertificationClient) {
        configured.client = client
    }

    /// Makes the client for `entity` at `baseURL`, with the device's `keyStore`
    /// and the app backend's `userTokenProvider` (see ``CertificationClient``'s
    /// initialiser for the rest), and makes it the one `getClient` returns.
    public static func configure(baseURL: URL, entity: String, keyStore: any KeyStore, session: URLSession? = nil,
                                 requestTimeout: TimeInterval = 60, retries: ServiceRetries = ServiceRetries(),
                                 callbackQueue: DispatchQueue = .main,
                                 userTokenProvider: @escaping @Sendable () async throws -> String) {
        configure(CertificationClient(baseURL: baseURL, entity: entity, keyStore: keyStore, session: session, requestTimeout: requestTimeout,
                                      retries: retries, callbackQueue: callbackQueue, userTokenProvider: userTokenProvider))
    }

    private static let configured = ConfiguredClient()
}

/// The configured client, read from any thread.
private final class ConfiguredClient: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: CertificationClient?

    var client: CertificationClient? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
