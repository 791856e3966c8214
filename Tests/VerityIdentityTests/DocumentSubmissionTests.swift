import Foundation
import HostileImageSet
import SQLKit
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// Document submissions over raw HTTP: every bad request is a typed 4xx
/// naming the field, with nothing written and the status unchanged; and
/// what a settled check leaves behind.
@Suite("Document submissions: bad input and what is stored", .heavy)
struct DocumentSubmissionTests {
    static let path = "/v1/identity/document/verify"

    /// A user with a PII attempt on file (no consent asked in this environment).
    static func userWithAttempt(_ app: VerityTestApp, _ http: RawHTTP) async throws -> String {
        try await app.configure { $0.consentRequired = false }
        let token = try await app.token(for: "u")
        var typo = TestData.johnSmith
        typo.postalCode = "30319"
        let attempt = try await http.send("POST", "/v1/identity/verify", bearer: token, json: typo)
        #expect(attempt.status == 200)
        return token
    }

    /// A busy machine answers pending: the check followed to its end, as an app does.
    static func settled(_ submitted: VerifiedIdentity, http: RawHTTP, token: String) async throws -> VerifiedIdentity {
        if submitted.documentVerificationStatus != .pending { return submitted }
        return try await waitFor("the document check to settle", every: .milliseconds(200)) {
            let identity = try await http.send("GET", "/v1/identity/verification", bearer: token).decode(VerifiedIdentity.self)
            return identity.documentVerificationStatus == .pending ? .notYet("pending") : .ready(identity)
        }
    }

    static func body(front: String? = nil, back: String? = nil, face: String? = nil, country: Any = "US",
                     documentType: Any = "passport", omit: String? = nil) throws -> Data {
        let page = try DocumentFixtures.data("john-smith-passport-front.png").base64EncodedString()
        var fields: [String: Any] = ["imageBase64": front ?? page, "backImageBase64": back ?? page, "country": country,
                                     "documentType": documentType]
        if let face { fields["faceImageBase64"] = face }
        if let omit { fields[omit] = nil }
        return try JSONSerialization.data(withJSONObject: fields)
    }

    /// A PNG whose header declares `width` × `height` (a decompression bomb's trick: the header is all a decoder trusts).
    static func pngDeclaring(width: UInt32, height: UInt32) throws -> String {
        var bytes = [UInt8](try DocumentFixtures.data("john-smith-passport-front.png"))
        for (offset, value) in [(16, width), (20, height)] {
            for index in 0..<4 { bytes[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
        }
        return Data(bytes).base64EncodedString()
    }

    @Test func everyBadSubmissionIsATypedErrorAndChangesNothing() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await Self.userWithAttempt(app, http)
            let png = try DocumentFixtures.data("john-smith-passport-front.png")
            let cases: [(String, Data, Int, String, String?)] = [
                ("no front", try Self.body(omit: "imageBase64"), 400, "INVALID_INPUT", "imageBase64"),
                ("no back", try Self.body(omit: "backImageBase64"), 400, "INVALID_INPUT", "backImageBase64"),
                ("empty front", try Self.body(front: ""), 400, "INVALID_INPUT", "imageBase64"),
                ("not base64", try Self.body(front: "%%%not base64%%%"), 400, "INVALID_IMAGE", "imageBase64"),
                ("text, not an image", try Self.body(back: Data("hello, I am not a picture".utf8).base64EncodedString()),
                 400, "INVALID_IMAGE", "backImageBase64"),
                ("a BMP", try Self.body(front: (Data("BM".utf8) + Data(count: 64)).base64EncodedString()), 415, "UNSUPPORTED_IMAGE", "imageBase64"),
                ("a GIF's header cut short", try Self.body(front: Data("GIF89a\u{1}".utf8).base64EncodedString()), 400, "INVALID_IMAGE", "imageBase64"),
                ("truncated PNG", try Self.body(front: png.prefix(png.count / 2).base64EncodedString()), 400, "INVALID_IMAGE", "imageBase64"),
                ("decompression bomb", try Self.body(front: try Self.pngDeclaring(width: 60_000, height: 60_000)), 413, "IMAGE_TOO_LARGE", "imageBase64"),
                ("over 5 MB", try Self.body(front: (png + Data(count: 5 * 1024 * 1024)).base64EncodedString()), 413, "IMAGE_TOO_LARGE", "imageBase64"),
                ("unknown type", try Self.body(documentType: "selfie"), 400, "INVALID_INPUT", "documentType"),
                ("type not a string", try Self.body(documentType: 7), 400, "INVALID_INPUT", "documentType"),
                ("no country", try Self.body(country: ""), 400, "INVALID_INPUT", "country"),
                ("not a country", try Self.body(country: "ZZ"), 400, "INVALID_INPUT", "country"),
                ("country too long", try Self.body(country: String(repeating: "U", count: 300)), 400, "INVALID_INPUT", "country"),
                ("unsupported country", try Self.body(country: "FR"), 400, "UNSUPPORTED_COUNTRY", "country"),
                ("face not asked for", try Self.body(face: png.base64EncodedString()), 400, "INVALID_INPUT", "faceImageBase64"),
                ("malicious text", try Self.body(country: "<script>alert(1)</script>"), 400, "INVALID_INPUT", "country"),
            ]
            for (name, body, status, code, field) in cases {
                let reply = try await http.send("POST", Self.path, bearer: token, body: body)
                #expect(reply.status == status, "\(name): \(String(decoding: reply.body.prefix(300), as: UTF8.self))")
                #expect(reply.error?.code == code && reply.error?.field == field, "\(name)")
            }
            // The environment's rules: a selfie it asks for, a document type it accepts.
            try await app.configure { $0.documents.faceImageRequiredForVerification = true }
            let noFace = try await http.send("POST", Self.path, bearer: token, body: try Self.body())
            #expect(noFace.status == 400 && noFace.error?.field == "faceImageBase64")
            try await app.configure {
                $0.documents.faceImageRequiredForVerification = false
                $0.policy.acceptableDocumentTypes = [.driverLicense]
            }
            let notAccepted = try await http.send("POST", Self.path, bearer: token, body: try Self.body())
            #expect(notAccepted.status == 400 && notAccepted.error?.field == "documentType")
            let anonymous = try await http.send("POST", Self.path, body: try Self.body())
            #expect(anonymous.status == 401)
            let tooBig = try await http.send("POST", Self.path, bearer: token, body: Data(count: 24 * 1024 * 1024))
            #expect(tooBig.status == 413 && tooBig.error?.code == "PAYLOAD_TOO_LARGE")

            // Nothing was written: no check, no document status.
            let state = try await http.send("GET", "/v1/identity/verification", bearer: token).decode(VerifiedIdentity.self)
            #expect(state.documentCheck == nil && state.documentVerificationStatus == .notRequired)
            let rows = try await (app.app.db as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM document_checks").first()
            #expect(try rows?.decode(column: "n", as: Int.self) == 0)
        }
    }

    /// The hostile-image set (tools/hostile) as a front and as a back: each
    /// file the intake refuses is that typed 4xx here, naming the field, and
    /// nothing is written.
    @Test func filesMadeToBreakDecodersAreRefusedBeforeAnythingIsStored() async throws {
        let set = try HostileImageSet()
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await Self.userWithAttempt(app, http)
            for image in set.images where image.size > 0 {
                guard let (status, code) = HostileImageSet.refusal(of: image, formats: ["png", "jpeg", "gif"]) else { continue }
                let encoded = try set.bytes(image).base64EncodedString()
                for (field, body) in [("imageBase64", try Self.body(front: encoded)), ("backImageBase64", try Self.body(back: encoded))] {
                    let reply = try await http.send("POST", Self.path, bearer: token, body: body)
                    #expect(reply.status == status && reply.error?.code == code && reply.error?.field == field,
                            "\(image.file) as \(field): \(reply.status) \(String(decoding: reply.body.prefix(300), as: UTF8.self))")
                }
            }
            let rows = try await (app.app.db as! any SQLDatabase).raw("SELECT COUNT(*) AS n FROM document_checks").first()
            #expect(try rows?.decode(column: "n", as: Int.self) == 0)
        }
    }

    /// `identity-verification.md`: "PNG, JPG or GIF".
    @Test func aGIFPageIsAcceptedAndReadLikeAnyOther() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await Self.userWithAttempt(app, http)
            let gif = try DocumentFixtures.data("john-smith-passport-front.gif")
            #expect(gif.starts(with: Data("GIF8".utf8)))
            let reply = try await http.send("POST", Self.path, bearer: token,
                                            body: try Self.body(front: gif.base64EncodedString(), back: gif.base64EncodedString()))
            #expect(reply.status == 200, "\(String(decoding: reply.body.prefix(300), as: UTF8.self))")
            let identity = try await Self.settled(try reply.decode(VerifiedIdentity.self), http: http, token: token)
            #expect(identity.documentVerificationStatus == .succeeded)
        }
    }

    @Test func aSettledCheckKeepsNoImageAndNoPlaintextPII() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await Self.userWithAttempt(app, http)
            let reply = try await http.send("POST", Self.path, bearer: token, body: try Self.body())
            let identity = try await Self.settled(try reply.decode(VerifiedIdentity.self), http: http, token: token)
            #expect(identity.documentVerificationStatus == .succeeded)
            // The images' columns are empty once the check ended…
            let sql = app.app.db as! any SQLDatabase
            let row = try await sql.raw("""
                SELECT COUNT(*) AS n FROM document_checks
                WHERE sealed_front IS NULL AND sealed_back IS NULL AND sealed_face IS NULL AND sealed_evidence IS NOT NULL
                """).first()
            #expect(try row?.decode(column: "n", as: Int.self) == 1)
            // …and no byte run of the image, nor the name or date of birth read from it, is anywhere in the database or data folder.
            let png = try DocumentFixtures.data("john-smith-passport-front.png")
            let slice = png.subdata(in: (png.count / 2)..<(png.count / 2 + 48))
            var everything = Data(try await DatabaseText.dump(app).utf8)
            for file in try FileManager.default.subpathsOfDirectory(atPath: app.settings.dataDirectory) {
                everything += FileManager.default.contents(atPath: app.settings.dataDirectory + "/" + file) ?? Data()
            }
            #expect(everything.range(of: slice) == nil)
            #expect(everything.range(of: Data("PEACHTREE".utf8)) == nil && everything.range(of: Data("1975-02-28".utf8)) == nil)
        }
    }
}
