import Foundation
import Testing
import Vapor
import VerityAPI
import VerityTestSupport
@testable import VerityKernel

@Suite("Bad input gets a 4xx with a stable code, never a 500 or a partial write")
struct BadInputTests {
    static let valid = #"{"firstName":"John","lastName":"Smith","address":"222333 Peachtree Place","postalCode":"30318","country":"US","dateOfBirth":"1975-02-28"}"#

    static func replacing(_ field: String, with value: String) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(valid.utf8)) as! [String: Any]
        object[field] = try! JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func removing(_ field: String) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(valid.utf8)) as! [String: Any]
        object[field] = nil
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static let cases: [(body: String, code: String, field: String?)] = [
        (removing("firstName"), "INVALID_INPUT", "firstName"),
        (removing("dateOfBirth"), "INVALID_INPUT", "dateOfBirth"),
        (replacing("firstName", with: #""""#), "INVALID_INPUT", "firstName"),
        (replacing("lastName", with: "42"), "INVALID_INPUT", "lastName"),
        (replacing("lastName", with: "null"), "INVALID_INPUT", "lastName"),
        (replacing("city", with: "[1]"), "INVALID_INPUT", "city"),
        (replacing("firstName", with: "\"\(String(repeating: "x", count: 101))\""), "INVALID_INPUT", "firstName"),
        (replacing("address", with: "\"\(String(repeating: "x", count: 201))\""), "INVALID_INPUT", "address"),
        (replacing("dateOfBirth", with: #""2023-02-30""#), "INVALID_INPUT", "dateOfBirth"),
        (replacing("dateOfBirth", with: #""1800-01-01""#), "INVALID_INPUT", "dateOfBirth"),
        (replacing("dateOfBirth", with: #""2999-01-01""#), "INVALID_INPUT", "dateOfBirth"),
        (replacing("country", with: #""FR""#), "UNSUPPORTED_COUNTRY", "country"),
        (replacing("country", with: #""U S""#), "INVALID_INPUT", "country"),
        (replacing("postalCode", with: #""<script>alert(1)</script>""#), "INVALID_INPUT", "postalCode"),
        (replacing("lastName", with: #""Robert'); DROP TABLE end_users;--""#), "NONE", nil),
        ("{", "INVALID_INPUT", nil),
        ("[]", "INVALID_INPUT", "body"),
        ("\"just a string\"", "INVALID_INPUT", "body"),
        ("", "INVALID_INPUT", nil),
        (String(repeating: "[", count: 60_000), "INVALID_INPUT", nil),
        (String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000), "INVALID_INPUT", nil),
        (#"{"firstName":"Jo\u0000hn","lastName":"Smith","address":"1 Main St","postalCode":"30318","country":"US","dateOfBirth":"1975-02-28"}"#, "INVALID_INPUT", "firstName"),
    ]

    @Test func everyFieldProblemIsNamed() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let token = try await app.token(for: "fuzzed")
            for (body, code, field) in Self.cases {
                let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, rawJSON: body)
                if code == "NONE" {
                    #expect(reply.status == 200, "\(body)")
                    continue
                }
                #expect((400..<500).contains(reply.status), "\(body)")
                #expect(reply.error?.code == code, "\(body)")
                #expect(reply.error?.field == field, "\(body)")
                #expect(reply.error?.retryable == false)
            }
            // Only the SQL-looking name was a real attempt; nothing else cost one.
            let state = try await http.send("GET", IdentityRoute.verification.path, bearer: token).decode(VerifiedIdentity.self)
            #expect(state.attemptsRemaining == 2)
        }
    }

    @Test func bodiesOver64KiBAreRefused() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "big")
            let huge = Self.replacing("address", with: "\"\(String(repeating: "x", count: 70_000))\"")
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: token, rawJSON: huge)
            #expect(reply.status == 413)
            #expect(reply.error?.code == "PAYLOAD_TOO_LARGE")
        }
    }

    @Test func jsonBodiesAreRecognisedByTheirMediaType() {
        func accepts(_ value: String?) -> Bool {
            RequestBody.isJSON(value.map { HTTPHeaders([("Content-Type", $0)]) } ?? HTTPHeaders())
        }
        for json in [nil, "application/json", "Application/JSON", "application/json; charset=utf-8", "application/problem+json"] {
            #expect(accepts(json), "\(json ?? "no header")")
        }
        for other in ["application/xml", "text/plain", "multipart/form-data; boundary=x", "application/jsonx"] {
            #expect(!accepts(other), "\(other)")
        }
    }

    @Test func aLinkUsesTheHostHeaderOnlyWhenItIsAPlainName() {
        for plain in ["example.com", "127.0.0.1:8080", "[::1]:8080", "verity-test.local"] {
            #expect(CaptureLinkAddresses.isPlainHost(plain), "\(plain)")
        }
        for odd in ["", "evil.com/path", "a b", "exämple.com", "x@y", String(repeating: "a", count: 256), "host\r\nX: y"] {
            #expect(!CaptureLinkAddresses.isPlainHost(odd), "\(odd.debugDescription)")
        }
    }

    @Test func wrongContentTypeAndUnknownRoutes() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "u")
            let xml = try await http.send("POST", IdentityRoute.verify.path, bearer: token, body: Data("<a/>".utf8),
                                          contentType: "application/xml")
            #expect(xml.status == 415)
            #expect(xml.error?.code == "UNSUPPORTED_MEDIA_TYPE")
            let missing = try await http.send("GET", "/v1/identity/nope", bearer: token)
            #expect(missing.status == 404)
            #expect(missing.error?.code == "NOT_FOUND")
        }
    }

    @Test func aGzipBombIsRefusedTypedBeforeItIsInflatedOnEveryKindOfRoute() async throws {
        // given: 10 MiB of zeros, gzipped to about 10 KB, as a stranger would send it
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "head -c 10485760 /dev/zero | gzip -9"]
        let out = Pipe()
        gzip.standardOutput = out
        try gzip.run()
        let bomb = out.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        #expect(bomb.count < 20_000)
        try await withVerityApp { app async throws in
            var http = RawHTTP(baseURL: try await app.startServer())
            http.headers["Content-Encoding"] = "gzip"
            let token = try await app.token(for: "u")
            // when: it is sent, over a real connection, to a JSON route, an image route and the mobile API
            for path in [IdentityRoute.verify.path, IdentityRoute.documentVerify.path, "/api/mobile/v1/verifyhuman"] {
                let reply = try await http.send("POST", path, bearer: token, body: bomb)
                // then: a typed 415 every time, never a reset or a 500
                #expect(reply.status == 415, "\(path)")
                #expect(reply.error?.code == "UNSUPPORTED_MEDIA_TYPE" && reply.error?.field == "Content-Encoding", "\(path)")
            }
            // and a body sent as it is still goes through
            http.headers["Content-Encoding"] = "identity"
            let plain = try await http.send("POST", IdentityRoute.verify.path, bearer: token, body: Data(Self.valid.utf8))
            #expect(plain.status != 415)
        }
    }

    @Test func badConsentInput() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "u")
            let badLocale = try await http.send("GET", IdentityRoute.consentContent.path + "?preferredLocale=%3Cx%3E", bearer: token)
            #expect(badLocale.error?.field == "preferredLocale")
            let noContent = try await http.send("POST", IdentityRoute.consent.path, bearer: token,
                                                rawJSON: #"{"content":"","contentType":"text/plain","locale":"en-US"}"#)
            #expect(noContent.error?.field == "content")
            let badType = try await http.send("POST", IdentityRoute.consent.path, bearer: token,
                                              rawJSON: #"{"content":"x","contentType":7,"locale":"en-US"}"#)
            #expect(badType.error?.field == "contentType")
        }
    }

    @Test func userReferencesAreChecked() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let long = String(repeating: "r", count: 129)
            let reply = try await http.send("POST", AdminRoute.userToken(userRef: long).path, bearer: app.secretKey)
            #expect(reply.error?.field == "userRef")
            let control = try await http.send("POST", AdminRoute.userToken(userRef: "a\u{1}b").path, bearer: app.secretKey)
            #expect(control.error?.field == "userRef")
            let slashes = try await http.send("POST", AdminRoute.userToken(userRef: "team/42?x=%").path, bearer: app.secretKey)
            #expect(slashes.status == 200)
        }
    }
}
