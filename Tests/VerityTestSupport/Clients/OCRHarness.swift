import Crypto
import DocgenManifest
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import VerityAPI

/// The document OCR service as its SDK uses it: a session's key agreement,
/// sides sealed under their own keys, the generated national-ID cards.
public enum OCRHarness {
    public static var cards: String { ProcessInfo.processInfo.environment["VERITY_DOCGEN_DIR"] ?? ".build/docgen" }
    public static func card(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: "\(cards)/\(name)")) }
    public static let front = "egypt_id-000-clean-front.png", back = "egypt_id-000-clean-back.png"
    /// A clean card whose every field reads, so the service's requirements
    /// pass (card 000's back leaves four fields for review in this engine).
    public static let passingFront = "egypt_id-001-clean-front.png", passingBack = "egypt_id-001-clean-back.png"
    /// A card's printed fields (card 000 unless named), from the generator's truth.json.
    public static func truth(_ field: String, of id: String = "egypt_id-000-clean") throws -> String {
        let sample = try #require(manifest?.samples.first { $0.id == id }, "no \(id) in \(cards)/truth.json")
        return try #require(sample.truth[field]?.text)
    }
    private static let manifest = try? DocgenManifest.load(directory: URL(fileURLWithPath: cards))

    public struct Answer {
        public let status: Int
        public let body: Data
        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        public var code: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    /// The SDK's side of a session: its key pair and the three derived keys.
    public struct Client {
        public let url: URL
        public let token: String
        public let session: OCRSessionInfo
        public let keys: [OCRTransport.Purpose: SymmetricKey]

        public static func open(_ url: URL, token: String) async throws -> Client {
            let key = Curve25519.KeyAgreement.PrivateKey()
            let answer = try await post(url, token, "sessions", OCRSessionRequest(clientPublicKey: key.publicKey.rawRepresentation.base64EncodedString()))
            try #require(answer.status == 200, "\(answer.json)")
            let session = try JSONDecoder().decode(OCRSessionInfo.self, from: answer.body)
            let keys = try OCRTransport.keys(privateKey: key, peerPublicKey: try #require(Data(base64Encoded: session.serverPublicKey)),
                                             sessionID: session.sessionID)
            return Client(url: url, token: token, session: session, keys: keys)
        }

        public func sealed(_ image: Data, as purpose: OCRTransport.Purpose) throws -> String {
            try OCRTransport.seal(try JSONEncoder().encode(OCRSidePayload(image: image.base64EncodedString())), key: keys[purpose]!,
                                  purpose: purpose, sessionID: session.sessionID)
        }

        public func side(_ path: String, sealed: String, session id: String? = nil) async throws -> Answer {
            try await post(url, token, path, OCRSideRequest(sessionID: id ?? session.sessionID, sealedRequest: sealed))
        }

        public func combine(front: String, back: String) async throws -> Answer {
            try await post(url, token, "combine", OCRCombineRequest(sessionID: session.sessionID, transactionIdFront: front, transactionIdBack: back))
        }
    }

    public static func post<T: Encodable>(_ url: URL, _ token: String, _ path: String, _ body: T) async throws -> Answer {
        try await postRaw(url, token, path, try JSONEncoder().encode(body))
    }

    public static func postRaw(_ url: URL, _ token: String, _ path: String, _ body: Data) async throws -> Answer {
        var request = URLRequest(url: url.appendingPathComponent("v1/documents/ocr/\(path)"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        let (data, response) = try await TestHTTP.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    public static func publicKey(_ url: URL, bearer: String?) async throws -> Answer {
        var request = URLRequest(url: url.appendingPathComponent("admin/v1/documents/ocr/public-key"))
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await TestHTTP.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    public static func withOCR(_ body: (VerityTestApp, URL, Data) async throws -> Void) async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let hmacKey = try #require(Data(base64Encoded: try await app.operations.tenants.createHMACKey(tenant: app.tenant, environment: .test)))
            try await body(app, url, hmacKey)
        }
    }
}
