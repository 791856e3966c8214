import AsyncHTTPClient
import Vapor

/// The HTTP client deliveries go out on, apart from the one calling the
/// services a user brings: it never follows a redirect (a receiver could
/// point it anywhere) and gives up on a slow connect; shut down with the app.
final class WebhookHTTPClient: LifecycleHandler, Sendable {
    let client: HTTPClient

    init() {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(5))
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdownAsync(_ application: Application) async {
        try? await client.shutdown()
    }
}
