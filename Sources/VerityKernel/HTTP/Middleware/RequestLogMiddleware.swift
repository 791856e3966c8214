import Vapor
import VerityAPI

/// Gives every request an id (the caller's `X-Request-Id` if it is sane),
/// echoes it back, and logs one line per request with the route *pattern*,
/// never the concrete path: paths can carry an integrator's user reference.
package struct RequestLogMiddleware: AsyncMiddleware {
    static let header = "X-Request-Id"

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let requestID = Self.acceptableID(request.headers.first(name: Self.header)) ?? request.id
        // Vapor already tags its request logger with "request-id"; replace it
        // when the caller sent an id of its own.
        request.logger[metadataKey: "request-id"] = .string(requestID)
        let started = DispatchTime.now().uptimeNanoseconds
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: Self.header, value: requestID)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
        // A load balancer asks /healthz and /readyz every second or so: their
        // lines would bury the rest. Logged at info only when they fail.
        let probe = [OpsRoute.healthz.rawValue, OpsRoute.readyz.rawValue].contains(request.url.path.trimmingCharacters(in: ["/"]))
        let level: Logger.Level = probe && response.status == .ok ? .debug : .info
        request.logger.log(level: level, "request", metadata: [
            "method": .string(request.method.rawValue),
            "route": .string(request.route.map { "/" + $0.path.map(\.description).joined(separator: "/") } ?? "unmatched"),
            "status": .stringConvertible(response.status.code),
            "duration_ms": .string(String(format: "%.2f", elapsed)),
        ])
        return response
    }

    static func acceptableID(_ candidate: String?) -> String? {
        guard let candidate, (1...64).contains(candidate.count),
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return candidate
    }

    package init() {
    }
}
