import Foundation
import Verity
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import VerityCore

/// Calling the mobile API as an app does, for the mobile suites.
public enum MobileAPI {
    public struct Answer {
        public let status: Int
        public let json: [String: Any]
        public let headers: [String: String]
        public var code: String? { json["code"] as? String }
        public var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
        public var meta: [String: Any] { json["meta"] as? [String: Any] ?? [:] }
    }

    public static func call(_ url: URL, _ path: String, method: String = "GET", headers: [String: String] = [:],
                     json: [String: Any]? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        }
        let (data, response) = try await TestHTTP.data(for: request)
        let http = response as? HTTPURLResponse
        return Answer(status: http?.statusCode ?? 0, json: (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:],
                      headers: http?.allHeaderFields as? [String: String] ?? [:])
    }

    public static func selfie(_ path: String) throws -> String { try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString() }
    public static var johnSelfie: String { get throws { try selfie("\(DocumentFixtures.directory)/john-smith-selfie.jpg") } }
    public static var attacks: String { ProcessInfo.processInfo.environment["VERITY_ATTACKS_DIR"] ?? ".build/attacks" }

    /// A server, a client key of the acme test environment with `scopes`, and `credits` granted.
    public static func withMobile(scopes: [MobileProduct] = MobileProduct.allCases, credits: Int64 = 10, demo: Bool = false,
                    _ body: (VerityTestApp, URL, String) async throws -> Void) async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let operations = try app.operations
            let key = try await operations.mobile.createClientKey(tenant: app.tenant, environment: .test, scopes: scopes, demo: demo)
            if credits > 0 { _ = try await operations.mobile.grantCredits(tenant: app.tenant, environment: .test, amount: credits, note: "test") }
            try await body(app, url, key)
        }
    }

    public static func balance(_ app: VerityTestApp) async throws -> Int64 {
        try await app.operations.mobile.credits(tenant: app.tenant, environment: .test).balance
    }

    /// A document fixture's bytes.
    public static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "\(DocumentFixtures.directory)/\(name)"))
    }

    /// John Smith's passport, as an app hands it to the mobile SDK.
    public static var passport: MobileDocument {
        get throws { MobileDocument(front: try fixture("john-smith-passport-front.png"), type: .passport, country: "US") }
    }
}
