import Fluent
import Foundation
import FoundationNetworking
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityConsole

/// Issue 67: operators, settings, consent texts and a user's verification
/// are changed one way whichever door asks (the admin API, the CLI, the
/// console), and each change writes the same audit row naming who asked. Before,
/// each door wrote its own row: the admin API's named no operator, the CLI's
/// said nothing of what changed, and accreditation decisions through the admin
/// API wrote none.
@Suite("Changes: one audited way through every door")
struct ChangeAuditE2ETests {
    typealias Browser = ConsoleSignInTests.Browser

    static func rows(_ app: VerityTestApp, _ action: String) async throws -> [AuditEventModel] {
        try await AuditEventModel.query(on: app.app.db).filter(\.$action == action).sort(\.$at).all()
    }

    static func row(_ app: VerityTestApp, _ action: String, about detail: String,
                    sourceLocation: SourceLocation = #_sourceLocation) async throws -> AuditEventModel {
        let found = try await rows(app, action).filter { $0.reason?.contains(detail) == true }
        try #require(found.count == 1, "\(action) about \(detail): \(found.count) rows", sourceLocation: sourceLocation)
        return found[0]
    }

    @Test func anOperatorChangedThroughEachDoorLeavesTheSameRow() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let live = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .live)
            let tenantID = try #require(try await TenantRepository(db: app.app.db).tenant(named: app.tenant)?.id)
            let bearer = ["Authorization": "Bearer \(live)"]

            // The admin API.
            let made = try await MobileAPI.call(url, OperatorRoute.operators.path, method: "POST", headers: bearer,
                                                json: ["email": "api@example.com", "role": "viewer"])
            let apiID = try #require((made.json["operator"] as? [String: Any])?["id"] as? String, "\(made.json)")
            #expect(try await MobileAPI.call(url, OperatorRoute.disable(id: apiID).path, method: "POST", headers: bearer).status == 200)
            // The CLI.
            let cli = try await app.operations.operators.createOperator(tenant: app.tenant, email: "cli@example.com", role: .viewer,
                                                                        password: nil, secondFactor: false)
            _ = try await app.operations.operators.setOperatorActive(tenant: app.tenant, id: cli.operator.id.uuidString, active: false)
            // The console, as an admin who just signed in.
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "boss@example.com", role: .admin, tenant: app.tenant)
            let page = ConsoleRoute.settingsOperators.path
            #expect(try await ConsoleAccessTests.post(admin, from: page, to: .settingsOperatorCreate,
                                                      ["email": "console@example.com", "role": "viewer", "reason": "A new colleague."]).status == 200)
            let consoleID = try #require(try await app.operations.operators.list(tenant: app.tenant).first { $0.email == "console@example.com" }?.id)
            #expect(try await ConsoleAccessTests.post(admin, from: page, to: .settingsOperatorAction,
                                                      ["operator": consoleID.uuidString, "action": "disable", "reason": "Left."]).status < 400)
            let bossID = try #require(try await app.operations.operators.list(tenant: app.tenant).first { $0.email == "boss@example.com" }?.id)

            // Each operator named as the trail names actors; their address is sealed and stays out of it.
            func named(_ id: UUID) -> String { "operator:" + id.uuidString.lowercased() }
            let doors: [(changed: String, actor: String, said: String?)] = [
                (named(try #require(UUID(uuidString: apiID))), "key:" + TenantRepository.displayPrefix(live), nil),
                (named(cli.operator.id), "cli", nil),
                (named(consoleID), named(bossID), "A new colleague."),
            ]
            for door in doors {
                let created = try await Self.row(app, "operator.create", about: door.changed + ", viewer")
                #expect(created.actor == door.actor && created.tenantID == tenantID && created.environmentID == nil, "\(door.changed)")
                #expect(created.reason == door.said.map { "\($0) (\(door.changed), viewer)" } ?? "\(door.changed), viewer")
                let disabled = try await Self.row(app, "operator.disable", about: door.changed)
                #expect(disabled.actor == door.actor && disabled.tenantID == tenantID && disabled.environmentID == nil, "\(door.changed)")
            }
            #expect(try await Self.row(app, "operator.disable", about: named(consoleID)).reason == "Left. (\(named(consoleID)))")
            let trail = try await AuditEventModel.query(on: app.app.db).all().compactMap(\.reason).joined(separator: "\n")
            #expect(!trail.contains("@example.com"), "an operator's address in the trail")
            // The console's trail reads each by their address.
            let shown = try await admin.request(.GET, ConsoleRoute.audit.path + "?action=operator.create")
            #expect(shown.body.contains("A new colleague. (console@example.com, viewer)") && shown.body.contains("api@example.com, viewer"))
            // A refused change writes nothing: the same address again, from the API.
            let again = try await MobileAPI.call(url, OperatorRoute.operators.path, method: "POST", headers: bearer,
                                                 json: ["email": "cli@example.com", "role": "viewer"])
            #expect(again.status == 409)
            #expect(try await Self.rows(app, "operator.create").count == 4, "api, cli, boss (cli), console")
        }
    }

    @Test func settingsAndConsentTextsSayWhatChangedWhoeverChangesThem() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let operations = try app.operations
            let before = try await operations.tenants.configuration(tenant: app.tenant, environment: .test).policy.maxAttempts
            _ = try await operations.tenants.updateConfiguration(tenant: app.tenant, environment: .test) { $0.policy.maxAttempts = before + 2 }
            let cli = try #require(try await Self.rows(app, "environment.configure").last)
            #expect(cli.actor == "cli" && cli.reason == "policy.maxAttempts \(before) → \(before + 2)" && cli.environmentID != nil)
            // Saving what is there already changes nothing and writes nothing; a value out of range is refused and writes nothing.
            _ = try await operations.tenants.updateConfiguration(tenant: app.tenant, environment: .test) { $0.policy.maxAttempts = before + 2 }
            await #expect(throws: VerityError.self) {
                _ = try await operations.tenants.updateConfiguration(tenant: app.tenant, environment: .test) { $0.policy.maxAttempts = -1 }
            }
            #expect(try await Self.rows(app, "environment.configure").count == 1)

            // The consent text: the console's rule for the CLI too (a page shows text, not a PDF), and the same row.
            await #expect(throws: VerityError.self) {
                try await operations.tenants.addConsentText(tenant: app.tenant, environment: .test, locale: "cy-GB",
                                                            contentType: "application/pdf", content: "%PDF")
            }
            try await operations.tenants.addConsentText(tenant: app.tenant, environment: .test, locale: "cy-GB", contentType: "text/plain",
                                                        content: "We check who you are.")
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "boss@example.com", role: .admin, tenant: app.tenant)
            let page = ConsoleRoute.settings.path + "?environment=test"
            #expect(try await ConsoleAccessTests.post(admin, from: page, to: .settingsConsent, [
                "environment": "test", "locale": "nl-BE", "contentType": "text/plain", "content": "Wij controleren wie u bent."]).status < 400)
            let texts = try await Self.rows(app, "consent.text.add").filter { $0.reason?.contains("cy-GB ") == true || $0.reason?.contains("nl-BE ") == true }
            #expect(texts.count == 2)
            #expect(texts.first?.actor == "cli" && texts.first?.reason == "cy-GB text/plain, 21 characters", "\(texts.first?.reason ?? "-")")
            #expect(texts.last?.actor.hasPrefix("operator:") == true && texts.last?.reason == "nl-BE text/plain, 27 characters",
                    "\(texts.last?.reason ?? "-")")
        }
    }

    @Test func aUsersResetAndRequiredMethodLeaveTheSameRowFromEachDoor() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let backend = WebhookAdmin(url: url, secretKey: app.secretKey)
            _ = try await backend.call("POST", AdminRoute.userToken(userRef: "customer-5").path, as: UserToken.self)
            let (_, status, _) = try await backend.call("POST", AdminRoute.resetVerification(userRef: "customer-5").path, as: VerifiedIdentity.self)
            #expect(status == 200)
            _ = try await app.operations.identity.resetUser(tenant: app.tenant, environment: .test, userRef: "customer-5")
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "rev@example.com", role: .reviewer, tenant: app.tenant)
            #expect(try await ConsoleUserTests.act(reviewer, "reset", ref: "customer-5", ["confirm": "yes", "note": "Asked by phone."]).status < 400)
            #expect(try await ConsoleUserTests.act(reviewer, "require_government_id", ref: "customer-5").status < 400)

            let resets = try await Self.rows(app, "identity-verification.reset")
            let kinds: [String] = resets.map { row in String(row.actor.prefix { $0 != ":" }) }
            #expect(kinds == ["key", "cli", "operator"])
            let users = Set(resets.compactMap(\.userID))
            #expect(users.count == 1 && resets.allSatisfy { $0.userID != nil && $0.environmentID != nil && $0.tenantID != nil })
            #expect(resets.last?.reason == "Asked by phone.")
            let required = try #require(try await Self.rows(app, "identity-verification.required-method.GOVERNMENT_ID").last)
            #expect(required.userID == resets.first?.userID && required.actor == resets.last?.actor)
        }
    }

    @Test func theCLIsDirectoryChangesAreInTheTrailAsTheAdminAPIsAre() async throws {
        try await withVerityApp { app async throws in
            let certification = try app.operations.certification
            _ = try await certification.createEntity(tenant: app.tenant, environment: .test, name: "bank", displayName: "A Bank", levels: [1, 2],
                                                     fields: [])
            await #expect(throws: VerityError.self) {
                _ = try await certification.createEntity(tenant: app.tenant, environment: .test, name: "bank", displayName: "Again", levels: [1], fields: [])
            }
            _ = try await certification.addCheckpoint(tenant: app.tenant, environment: .test, name: "High Street branch", address: "1 High Street",
                                                      latitude: 51.5, longitude: -0.12, levels: [2], openingHours: nil)
            let entity = try await Self.rows(app, "certification.entity.create")
            #expect(entity.count == 1 && entity.first?.actor == "cli" && entity.first?.reason == "bank" && entity.first?.tenantID != nil)
            let checkpoint = try await Self.rows(app, "certification.checkpoint.add")
            #expect(checkpoint.count == 1 && checkpoint.first?.actor == "cli" && checkpoint.first?.reason == "High Street branch")
        }
    }

    /// Hostile changes through each door are refused, typed, and write no row.
    @Test func hostileChangesAreRefusedAndWriteNothing() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let live = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .live)
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "boss@example.com", role: .admin, tenant: app.tenant)
            let before = try await AuditEventModel.query(on: app.app.db).count()
            var request = URLRequest(url: URL(string: url.absoluteString + OperatorRoute.operators.path)!)
            request.httpMethod = "POST"
            request.setValue("Bearer \(live)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            for body in [#"{"email":"x@example.com","role":5}"#, #"{"email":"x@example.com","role":"root"}"#, #"{"email":"x@exa"#,
                         "{\"email\":\"\(String(repeating: "a", count: 10_000))@example.com\",\"role\":\"viewer\"}",
                         String(decoding: (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 37) }, as: UTF8.self)] {
                request.httpBody = Data(body.utf8)
                let (data, response) = try await TestHTTP.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                let code = ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["error"] as? [String: Any]
                #expect((400..<500).contains(status) && code?["code"] != nil, "\(body.prefix(40)) → \(status)")
            }
            await #expect(throws: VerityError.self) {
                try await app.operations.tenants.addConsentText(tenant: app.tenant, environment: .test, locale: "en-GB", contentType: "text/plain",
                                                                content: String(repeating: "x", count: 40_000))
            }
            let page = ConsoleRoute.settings.path + "?environment=test"
            for fields in [["environment": "test", "locale": "<script>", "contentType": "text/plain", "content": "x"],
                           ["environment": "test", "locale": "en-GB", "contentType": "application/pdf", "content": "%PDF"],
                           ["environment": "moon", "locale": "en-GB", "contentType": "text/plain", "content": "x"]] {
                let refused = try await ConsoleAccessTests.post(admin, from: page, to: .settingsConsent, fields)
                #expect((400..<500).contains(refused.status), "\(fields) → \(refused.status)")
            }
            let operators = ConsoleRoute.settingsOperators.path
            for fields in [["email": "", "role": "viewer", "reason": "x"], ["email": "a@example.com", "role": "viewer", "reason": String(repeating: "r", count: 401)],
                           ["email": "a@example.com", "role": "owner", "reason": "x"]] {
                let refused = try await ConsoleAccessTests.post(admin, from: operators, to: .settingsOperatorCreate, fields)
                #expect((400..<500).contains(refused.status), "\(fields.mapValues { $0.prefix(20) }) → \(refused.status)")
            }
            #expect(try await AuditEventModel.query(on: app.app.db).count() == before, "a refused change wrote to the trail")
        }
    }
}
