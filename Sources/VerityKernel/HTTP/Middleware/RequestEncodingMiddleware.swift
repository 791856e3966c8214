import Vapor
import VerityCore

/// Refuses a request body sent compressed (`Content-Encoding` other than
/// `identity`), before it is read: no client of Verity compresses its
/// requests, and inflating one is how a 10 KB body becomes 10 MB of work.
/// The server's own decompression is off (`VerityApp`); this gives the
/// client a typed 415 instead of a body it cannot have meant.
package struct RequestEncodingMiddleware: AsyncMiddleware {
    package init() {}

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let encodings = request.headers[.contentEncoding].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard encodings.allSatisfy({ $0.isEmpty || $0 == "identity" }) else {
            throw VerityError(.unsupportedMediaType, "Request bodies are accepted unencoded only: send it without Content-Encoding.",
                              field: "Content-Encoding")
        }
        return try await next.respond(to: request)
    }
}
