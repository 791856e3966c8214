import Fluent
import Foundation
import SQLKit
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityOperators

/// Issue 67: an operator's password hash, second factor, status and role are
/// bound to their row with the keys (`CredentialBinding`). Someone who can
/// write the database but holds no key cannot sign in as another operator,
/// raise a role or revive a disabled account: the row is refused.
@Suite("Console operators: credentials a database writer cannot swap")
struct OperatorCredentialBindingTests {
    static func sql(_ app: VerityTestApp) throws -> any SQLDatabase { try #require(app.app.db as? any SQLDatabase) }

    @Test func aCredentialChangedInTheDatabaseIsRefused() async throws {
        try await withVerityApp { app async throws in
            let operators = try app.operations.operators
            let victim = try await operators.createOperator(tenant: "acme", email: "cfo@example.com", role: .admin, password: nil, secondFactor: true)
            let known = try await operators.createOperator(tenant: "acme", email: "temp@example.com", role: .viewer, password: nil, secondFactor: false)
            let accounts = try OperatorAccountsTests.accounts(app)
            let sql = try Self.sql(app)

            // The attack reproduced in the issue: a known bcrypt hash copied in, the second factor cleared.
            try await sql.raw("""
                UPDATE operators SET password_hash = (SELECT password_hash FROM operators WHERE id = \(bind: known.operator.id)),
                  totp_secret_sealed = NULL WHERE id = \(bind: victim.operator.id)
                """).run()
            #expect(await OperatorAccountsTests.failure {
                _ = try await accounts.signIn(email: "cfo@example.com", password: known.password, code: nil)
            } == .signInFailed, "signed in as another operator with a swapped hash")
            // The row the hash came from is untouched, and signs in.
            let session = try await accounts.signIn(email: "temp@example.com", password: known.password, code: nil)

            // A viewer raised to admin in the database: their session ends there.
            try await sql.raw("UPDATE operators SET role = 'admin' WHERE id = \(bind: known.operator.id)").run()
            #expect(try await accounts.session(token: session.token) == nil)
            #expect(await OperatorAccountsTests.failure {
                _ = try await accounts.signIn(email: "temp@example.com", password: known.password, code: nil)
            } == .signInFailed)

            // A disabled operator revived in the database stays out.
            let gone = try await operators.createOperator(tenant: "acme", email: "gone@example.com", role: .reviewer, password: nil, secondFactor: false)
            _ = try await operators.setOperatorActive(tenant: "acme", id: gone.operator.id.uuidString, active: false)
            try await sql.raw("UPDATE operators SET status = 'active' WHERE id = \(bind: gone.operator.id)").run()
            #expect(await OperatorAccountsTests.failure {
                _ = try await accounts.signIn(email: "gone@example.com", password: gone.password, code: nil)
            } == .signInFailed)

            // An admin's later change does not launder a tampered row: a new password still does not sign in.
            let reset = try await operators.resetOperatorPassword(tenant: "acme", id: victim.operator.id.uuidString)
            #expect(await OperatorAccountsTests.failure {
                _ = try await accounts.signIn(email: "cfo@example.com", password: reset.password, code: nil)
            } == .signInFailed)

            // A binding taken away is no way round: every row of a new database is bound.
            let plain = try await operators.createOperator(tenant: "acme", email: "ok@example.com", role: .viewer, password: nil, secondFactor: false)
            _ = try await accounts.signIn(email: "ok@example.com", password: plain.password, code: nil)
            try await sql.raw("UPDATE operators SET credential_binding = NULL WHERE id = \(bind: plain.operator.id)").run()
            #expect(await OperatorAccountsTests.failure {
                _ = try await accounts.signIn(email: "ok@example.com", password: plain.password, code: nil)
            } == .signInFailed)
        }
    }

    /// A database from before the binding: its operators sign in as they are,
    /// housekeeping binds each once and records it, and from then on a server
    /// started refuses a row with no binding.
    @Test func operatorsFromBeforeTheBindingAreBoundOnceThenAnUnboundRowIsRefused() async throws {
        try await withVerityApp { app async throws in
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "old@example.com", role: .admin, password: nil,
                                                                            secondFactor: false)
            try await CredentialBindingState.asBeforeBinding(app)
            let sql = try Self.sql(app)
            try await sql.raw("UPDATE operators SET credential_binding = NULL").run()
            func signsIn() async throws -> Bool {
                try await app.withServer(settings: app.settings) { _, server in
                    let accounts = OperatorAccounts(db: server.db, protector: try server.dataProtector, clock: app.clock.verityClock,
                                                    cost: app.settings.operatorPasswordCost)
                    return (try? await accounts.signIn(email: "old@example.com", password: created.password, code: nil)) != nil
                }
            }
            #expect(try await signsIn(), "an operator from before the binding was locked out")
            #expect(try await app.operations.retention.housekeeping().credentialsBound == 1)
            let recorded = try #require(try await DerivedKeyRecord.recorded(db: app.app.db, protector: try app.app.dataProtector))
            #expect(recorded.credentialsBoundAt != nil)
            #expect(try await app.operations.retention.housekeeping().credentialsBound == 0, "bound twice")
            #expect(try await signsIn())
            try await sql.raw("UPDATE operators SET credential_binding = NULL").run()
            #expect(try await !signsIn(), "a row with its binding taken away signed in")
        }
    }

    /// Rotating the derived keys binds every intact row again under the new
    /// ones, and leaves a tampered row refused.
    @Test func aRotationKeepsIntactRowsAndTamperedRowsRefused() async throws {
        try await withVerityApp { app async throws in
            let operators = try app.operations.operators
            let intact = try await operators.createOperator(tenant: "acme", email: "in@example.com", role: .admin, password: nil, secondFactor: false)
            let tampered = try await operators.createOperator(tenant: "acme", email: "up@example.com", role: .viewer, password: nil, secondFactor: false)
            try await Self.sql(app).raw("UPDATE operators SET role = 'admin' WHERE id = \(bind: tampered.operator.id)").run()
            _ = try await app.operations.keyRotation.rotateDerivedKeys(overlapDays: 1)
            let (inside, upgraded) = try await app.withServer(settings: app.settings) { _, server in
                let accounts = OperatorAccounts(db: server.db, protector: try server.dataProtector, clock: app.clock.verityClock,
                                                cost: app.settings.operatorPasswordCost)
                return ((try? await accounts.signIn(email: "in@example.com", password: intact.password, code: nil)) != nil,
                        (try? await accounts.signIn(email: "up@example.com", password: tampered.password, code: nil)) != nil)
            }
            #expect(inside && !upgraded, "intact \(inside), tampered \(upgraded)")
        }
    }
}
