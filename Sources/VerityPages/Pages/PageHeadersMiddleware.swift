import Vapor

/// Headers of every page and page call: a capture link is a credential in the
/// address bar, so no referrer carries it away and no cache keeps a page; the
/// pages load nothing from elsewhere, run no inline script and cannot be
/// framed. Only the console posts forms (to itself).
package struct PageHeadersMiddleware: AsyncMiddleware {
    var formsPostToSelf: Bool = false

    /// The two policies, made once.
    static let capturePolicy = contentSecurityPolicy(formsPostToSelf: false)
    static let consolePolicy = contentSecurityPolicy(formsPostToSelf: true)

    static func contentSecurityPolicy(formsPostToSelf: Bool) -> String {
        [
            "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
            "media-src 'self' blob:", "connect-src 'self'", "form-action \(formsPostToSelf ? "'self'" : "'none'")", "base-uri 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: formsPostToSelf ? Self.consolePolicy : Self.capturePolicy)
        response.headers.replaceOrAdd(name: "Referrer-Policy", value: "no-referrer")
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.replaceOrAdd(name: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()")
        if response.headers.first(name: .cacheControl) == nil {
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        }
        return response
    }

    package init(formsPostToSelf: Bool = false) {
        self.formsPostToSelf = formsPostToSelf
    }
}
