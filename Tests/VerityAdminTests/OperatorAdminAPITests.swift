import Foundation
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// `/admin/v1/operators`: a backend manages its console operators with a
/// live key; a test key, another tenant's key and bad bodies change nothing.
@Suite("The admin API manages console operators")
struct OperatorAdminAPITests {
    @Test func aLiveKeyAddsListsResetsAndDisablesOperators() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let live = try await app.operations.tenants.createKey(tenant: "acme", environment: .live)
            let created = try await http.send("POST", OperatorRoute.operators.path, bearer: live,
                                              json: OperatorInput(email: "Case.Reviewer@example.com", role: .reviewer, secondFactor: true))
            #expect(created.status == 201)
            let credentials = try created.decode(OperatorCredentials.self)
            #expect(credentials.operator.email == "case.reviewer@example.com" && credentials.operator.role == .reviewer && credentials.operator.active)
            #expect(credentials.password.count == 20 && credentials.totpURI?.hasPrefix("otpauth://totp/") == true)
            let id = credentials.operator.id.uuidString

            let listed = try await http.send("GET", OperatorRoute.operators.path, bearer: live)
            #expect(try listed.decode([OperatorView].self).map(\.id) == [credentials.operator.id])
            #expect(!String(decoding: listed.body, as: UTF8.self).contains(credentials.password))

            let reset = try await http.send("POST", OperatorRoute.resetPassword(id: id).path, bearer: live)
            #expect(try reset.decode(OperatorCredentials.self).password != credentials.password)
            let disabled = try await http.send("POST", OperatorRoute.disable(id: id).path, bearer: live)
            #expect(try disabled.decode(OperatorView.self).active == false)
            #expect(try await http.send("POST", OperatorRoute.enable(id: id).path, bearer: live).decode(OperatorView.self).active)

            // Each change is in the audit trail, by key.
            let trail = try await app.operations.tenants.audit(tenant: "acme", environment: .live, limit: 20).map(\.action)
            for action in ["operator.create", "operator.reset_password", "operator.disable", "operator.enable"] {
                #expect(trail.contains(action), "\(action)")
            }
        }
    }

    @Test func aTestKeyAnotherTenantAndBadBodiesAreRefused() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let live = try await app.operations.tenants.createKey(tenant: "acme", environment: .live)
            let otherLive = try await app.operations.tenants.createKey(tenant: "globex", environment: .live)
            let made = try await http.send("POST", OperatorRoute.operators.path, bearer: live,
                                           json: OperatorInput(email: "admin@example.com", role: .admin))
            let id = try made.decode(OperatorCredentials.self).operator.id.uuidString

            // A test key can touch test data only: an operator sees both environments.
            for (method, path) in [("GET", OperatorRoute.operators.path), ("POST", OperatorRoute.disable(id: id).path),
                                   ("POST", OperatorRoute.resetPassword(id: id).path)] {
                let refused = try await http.send(method, path, bearer: app.secretKey)
                #expect(refused.status == 403 && refused.error?.code == "LIVE_KEY_REQUIRED", "\(method) \(path)")
            }
            let byTest = try await http.send("POST", OperatorRoute.operators.path, bearer: app.secretKey,
                                             json: OperatorInput(email: "sneaky@example.com", role: .admin))
            #expect(byTest.status == 403)

            // Another tenant sees none of acme's operators and cannot touch them.
            #expect(try await http.send("GET", OperatorRoute.operators.path, bearer: otherLive).decode([OperatorView].self).isEmpty)
            for route in [OperatorRoute.disable(id: id), .enable(id: id), .resetPassword(id: id)] {
                #expect(try await http.send("POST", route.path, bearer: otherLive).status == 404, "\(route.path)")
            }
            #expect(try await http.send("POST", OperatorRoute.disable(id: "not-a-uuid").path, bearer: live).error?.field == "operatorId")

            // A taken address is a conflict, in any tenant: 409 OPERATOR_EXISTS on the field.
            for (key, email) in [(live, "admin@example.com"), (live, "Admin@Example.com"), (otherLive, "admin@example.com")] {
                let taken = try await http.send("POST", OperatorRoute.operators.path, bearer: key, json: OperatorInput(email: email, role: .viewer))
                #expect(taken.status == 409 && taken.error?.code == "OPERATOR_EXISTS" && taken.error?.field == "email", "\(email) → \(taken.status)")
            }

            // Bodies: missing, empty, wrong type, unknown role, malformed address, too long.
            for (body, field) in [(#"{}"#, "email"), (#"{"email":"","role":"viewer"}"#, "email"), (#"{"email":42,"role":"viewer"}"#, "email"),
                                  (#"{"email":"a@example.com","role":"root"}"#, "role"), (#"{"email":"a@example.com"}"#, "role"),
                                  (#"{"email":"<b>@example","role":"viewer"}"#, "email"),
                                  (#"{"email":"a@example.com","role":"viewer","secondFactor":"yes"}"#, "secondFactor"),
                                  ("{\"email\":\"\(String(repeating: "a", count: 300))@example.com\",\"role\":\"viewer\"}", "email")] {
                let refused = try await http.send("POST", OperatorRoute.operators.path, bearer: live, rawJSON: body)
                #expect(refused.status == 400 && refused.error?.field == field, "\(body.prefix(60)) → \(refused.status) \(refused.error?.field ?? "-")")
            }
            #expect(try await http.send("GET", OperatorRoute.operators.path, bearer: live).decode([OperatorView].self).count == 1)
        }
    }
}
