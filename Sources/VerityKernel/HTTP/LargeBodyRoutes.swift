import Vapor

extension RoutesBuilder {
    /// A POST whose body may be larger than the JSON routes' 64 KiB (images in
    /// base64, a document to sign): collected up to `maxBytes`. The route
    /// carries its limit, because an `Idempotency-Key` check reads the body
    /// before the route does and must refuse what the route would.
    @discardableResult
    package func postCollecting<Answer: AsyncResponseEncodable>(_ path: [PathComponent], maxBytes: Int,
                                                        use closure: @Sendable @escaping (Request) async throws -> Answer) -> Route {
        // One of the server's large-body slots is taken before the body is read (`LargeBodies`).
        let route = grouped(LargeBodyGate()).on(.POST, path, body: .collect(maxSize: ByteCount(integerLiteral: maxBytes)), use: closure)
        route.userInfo[RouteBodyLimit.key] = maxBytes
        return route
    }
}

enum RouteBodyLimit {
    static let key = "verity.bodyLimit"

    /// The most `request`'s route collects: its own limit, or the JSON routes'.
    static func of(_ request: Request) -> Int {
        request.route?.userInfo[key] as? Int ?? RequestBody.maxBytes
    }
}
