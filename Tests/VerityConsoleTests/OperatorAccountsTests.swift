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

/// Console operators: the second factor against the RFCs' own vectors, and
/// accounts as the CLI makes them and the console signs them in: waits,
/// replayed codes, sign-out everywhere, another tenant's operators, bad input.
@Suite("Console operators: accounts, sign-in and sessions")
struct OperatorAccountsTests {
    static func accounts(_ app: VerityTestApp) throws -> OperatorAccounts {
        OperatorAccounts(db: app.app.db, protector: try app.app.dataProtector, clock: app.clock.verityClock,
                         cost: app.settings.operatorPasswordCost)
    }

    static func code(_ credentials: OperatorCredentials, at app: VerityTestApp) throws -> String {
        let uri = try #require(credentials.totpURI.flatMap(URLComponents.init(string:)))
        let secret = try #require(uri.queryItems?.first { $0.name == "secret" }?.value.flatMap(Base32.decode))
        let totp = TOTP(secret: secret)
        return totp.code(step: totp.step(at: app.clock.now / 1000))
    }

    static func failure(_ body: () async throws -> Void) async -> VerityError.Code? {
        do {
            try await body()
            return nil
        } catch let error as VerityError {
            return error.code
        } catch let refusal as OperatorAccounts.Refusal {
            return refusal.verityError.code
        } catch {
            return .systemError
        }
    }

    @Test func totpAndHOTPGiveTheRFCsCodes() {
        let secret = Data("12345678901234567890".utf8)
        // RFC 4226, appendix D: HOTP, six digits, counters 0–9.
        let hotp = TOTP(secret: secret)
        #expect((0...9).map { hotp.code(step: $0) } == ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"])
        // RFC 6238, appendix B: SHA-1, eight digits, 30 s steps.
        let totp = TOTP(secret: secret, digits: 8)
        let vectors: [(Int64, String)] = [(59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
                                          (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130")]
        for (time, expected) in vectors { #expect(totp.code(step: totp.step(at: time)) == expected, "\(time)") }
        // A code is good one step either side of now, not two; digits only.
        let six = TOTP(secret: secret)
        #expect(six.matchingStep(six.code(step: 100), at: 101 * 30) == 100)
        #expect(six.matchingStep(six.code(step: 100), at: 102 * 30) == nil)
        #expect(six.matchingStep("12345a", at: 0) == nil && six.matchingStep("", at: 0) == nil)
        // RFC 4648's base32 vectors, both ways.
        #expect(Base32.encode(Data("foobar".utf8)) == "MZXW6YTBOI" && Base32.encode(Data("f".utf8)) == "MY")
        #expect(Base32.decode("mzxw 6ytb-oi") == Data("foobar".utf8) && Base32.decode("MZ1") == nil)
    }

    @Test func aDeploymentHashesPasswordsWithBcryptAtCostTwelve() async throws {
        #expect(Settings(dataKey: DataProtector.randomBytes(32)).operatorPasswordCost == 12)
        let hash = try await OperatorAccounts.hash("a long enough password", cost: OperatorAccounts.bcryptCost)
        #expect(hash.hasPrefix("$2b$12$"), "\(hash.prefix(7))")
        #expect(try await OperatorAccounts.verify("a long enough password", against: hash))
        #expect(try await !OperatorAccounts.verify("another password", against: hash))
    }

    /// Five wrong passwords make the client that typed them wait, and no one
    /// else: the operator on a new browser elsewhere, and on their own known
    /// browser behind the stranger's very address, signs in at once; each
    /// further failure doubles that client's wait. The wait answers like any
    /// wrong password (no "locked" that tells a stranger the account exists).
    /// (Issue 67: before, the account itself waited for every new browser.)
    @Test func failuresMakeOnlyTheirOwnClientWaitNeverTheOperator() async throws {
        try await withVerityApp { app async throws in
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: " Rita@Example.com ", role: .reviewer,
                                                                  password: nil, secondFactor: false)
            #expect(created.operator.email == "rita@example.com" && created.operator.role == .reviewer && created.password.count == 20)
            let accounts = try Self.accounts(app)
            let known = try await accounts.signIn(email: "RITA@example.com", password: created.password, code: nil,
                                                  client: .init(address: "192.0.2.10", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0"))
            #expect(try await accounts.session(token: known.token)?.operatorID == created.operator.id)
            let device = try #require(known.deviceCookie)
            let stranger = SignInGuard.Client(address: "198.51.100.7")

            for attempt in 1...5 {
                #expect(await Self.failure { _ = try await accounts.signIn(email: "rita@example.com", password: "wrong password \(attempt)", code: nil,
                                                                           client: stranger) } == .signInFailed)
            }
            // The right password from the stranger's client: refused like a wrong one while it waits.
            #expect(await Self.failure { _ = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil,
                                                                       client: stranger) } == .signInFailed)
            // The operator on a browser never seen before, from another address: in at once.
            let fresh = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil,
                                                  client: .init(address: "203.0.113.40"))
            #expect(fresh.deviceCookie != nil && fresh.deviceCookie != device)
            // From their own browser behind the stranger's address (one office, one NAT): in at once, and no new device.
            let again = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil,
                                                  client: .init(address: "198.51.100.7", device: device))
            #expect(again.deviceCookie == nil)
            // A cookie that is not a device of this operator is no key: forged, or another operator's.
            #expect(await Self.failure { _ = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil,
                                                                       client: .init(address: "198.51.100.7", device: "forged")) } == .signInFailed)
            let other = try await app.operations.operators.createOperator(tenant: "acme", email: "otto@example.com", role: .viewer,
                                                                          password: nil, secondFactor: false)
            let othersDevice = try #require(try await accounts.signIn(email: "otto@example.com", password: other.password, code: nil).deviceCookie)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil,
                                                                       client: .init(address: "198.51.100.7", device: othersDevice)) } == .signInFailed)

            // Failures go on from the stranger: the wait doubles each time (30 s, then 60 s).
            app.clock.advance(seconds: 31)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "rita@example.com", password: "x-wrong-password", code: nil,
                                                                       client: stranger) } == .signInFailed)
            app.clock.advance(seconds: 31)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil,
                                                                       client: stranger) } == .signInFailed, "the second wait is not longer")
            app.clock.advance(seconds: 30)
            _ = try await accounts.signIn(email: "rita@example.com", password: created.password, code: nil, client: stranger)
            // An unknown address fails the same way, and makes nothing wait.
            #expect(await Self.failure { _ = try await accounts.signIn(email: "nobody@example.com", password: created.password, code: nil) }
                    == .signInFailed)
            // The lock is in the audit trail, without the address.
            let trail = try await AuditEventModel.query(on: app.app.db).all()
            #expect(trail.contains { $0.action == "operator.locked" && $0.reason == "one client address waits" })
            #expect(!trail.contains { ($0.reason ?? "").contains("198.51.100.7") })
        }
    }

    /// Signing out on every device, a new password, a new second factor and
    /// disabling the operator each forget every browser known as theirs;
    /// signing out of one session forgets none.
    @Test func everyRevocationForgetsTheOperatorsDevices() async throws {
        try await withVerityApp { app async throws in
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "dee@example.com", role: .viewer,
                                                                            password: nil, secondFactor: false)
            let accounts = try Self.accounts(app)
            var password = created.password
            var secondFactor: OperatorCredentials?
            func signedIn() async throws -> OperatorAccounts.SignedIn {
                let code = try secondFactor.map { try Self.code($0, at: app) }
                app.clock.advance(seconds: 30)   // a code signs in once
                return try await accounts.signIn(email: "dee@example.com", password: password, code: code,
                                                 client: .init(address: "192.0.2.\(Int.random(in: 1...250))"))
            }
            let id = created.operator.id
            let tenantID = try #require(try await TenantRepository(db: app.app.db).tenant(named: "acme")?.id)
            var session = try await signedIn()
            _ = try await signedIn()
            #expect(try await accounts.devices(session.session).count == 2)
            try await accounts.signOut(session.session, everywhere: false)
            session = try await signedIn()
            #expect(try await accounts.devices(session.session).count == 3, "signing out of one session forgot devices")

            try await accounts.signOut(session.session, everywhere: true)
            session = try await signedIn()
            #expect(try await accounts.devices(session.session).count == 1, "sign-out everywhere")

            password = try await accounts.resetPassword(operatorID: id, tenantID: tenantID, .cli).password
            session = try await signedIn()
            #expect(try await accounts.devices(session.session).count == 1, "a new password")

            let reset = try await accounts.resetSecondFactor(operatorID: id, tenantID: tenantID, .cli)
            #expect(reset.operator.secondFactor && reset.totpURI.hasPrefix("otpauth://totp/"))
            secondFactor = OperatorCredentials(operator: reset.operator, password: password, totpURI: reset.totpURI)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "dee@example.com", password: password, code: nil) } == .signInFailed)
            session = try await signedIn()
            #expect(try await accounts.devices(session.session).count == 1, "a new second factor")

            _ = try await accounts.setActive(false, operatorID: id, tenantID: tenantID, .cli)
            _ = try await accounts.setActive(true, operatorID: id, tenantID: tenantID, .cli)
            #expect(try await OperatorSignInRepository(db: app.app.db).devices(operatorID: id, now: app.clock.now).isEmpty, "disabling")

            // A device is known 90 days; housekeeping then deletes it, with the sessions that ended.
            _ = try await signedIn()
            app.clock.advance(seconds: 91 * 86_400)
            #expect(try await app.operations.retention.housekeeping().operatorSignIns >= 2)
            #expect(try await OperatorDeviceModel.query(on: app.app.db).filter(\.$operator.$id == id).count() == 0)
        }
    }

    /// Each client address may try 20 times a minute, refused before
    /// anything is hashed; the hashing thread takes at most eight at once.
    @Test func guessesAreCountedPerAddressAndTheHashingQueueIsBounded() async throws {
        try await withVerityApp { app async throws in
            let accounts = try Self.accounts(app)
            let client = SignInGuard.Client(address: "203.0.113.5", device: nil)
            for _ in 0..<SignInGuard.attemptsPerClientPerMinute {
                #expect(await Self.failure { _ = try await accounts.signIn(email: "nobody@example.com", password: "a wrong password",
                                                                           code: nil, client: client) } == .signInFailed)
            }
            #expect(await Self.failure { _ = try await accounts.signIn(email: "nobody@example.com", password: "a wrong password",
                                                                       code: nil, client: client) } == .rateLimited)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "nobody@example.com", password: "a wrong password", code: nil,
                                                                       client: .init(address: "203.0.113.6")) } == .signInFailed)
            app.clock.advance(seconds: 60)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "nobody@example.com", password: "a wrong password",
                                                                       code: nil, client: client) } == .signInFailed)
        }
        // The queue: with no room, a check is shed at once, never queued.
        let held = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        let queue = SignInGuard.HashingQueue(capacity: 1)
        let holder = Task {
            try await queue.run {
                started.continuation.yield()
                for await _ in held.stream { break }
            }
        }
        for await _ in started.stream { break }
        await #expect(throws: OperatorAccounts.Refusal.busy) { try await queue.run {} }
        held.continuation.yield()
        try await holder.value
        try await queue.run {}
    }

    @Test func aSecondFactorIsAskedForAndEachCodeWorksOnce() async throws {
        try await withVerityApp { app async throws in
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "sam@example.com", role: .admin,
                                                                  password: "correct horse battery staple", secondFactor: true)
            #expect(created.operator.secondFactor && created.totpURI?.hasPrefix("otpauth://totp/Verity:sam@example.com?secret=") == true)
            let accounts = try Self.accounts(app)
            let password = "correct horse battery staple"
            #expect(await Self.failure { _ = try await accounts.signIn(email: "sam@example.com", password: password, code: nil) } == .signInFailed)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "sam@example.com", password: password, code: "000000") } == .signInFailed)
            let code = try Self.code(created, at: app)
            let signedIn = try await accounts.signIn(email: "sam@example.com", password: password, code: code)
            #expect(signedIn.session.role == .admin && !signedIn.session.csrfToken.isEmpty)
            // The same code again (seen over a shoulder) is refused; the next step's code works.
            #expect(await Self.failure { _ = try await accounts.signIn(email: "sam@example.com", password: password, code: code) } == .signInFailed)
            app.clock.advance(seconds: 30)
            _ = try await accounts.signIn(email: "sam@example.com", password: password, code: try Self.code(created, at: app))
        }
    }

    @Test func aSecondFactorWhoseSecretCannotBeUnsealedRefusesEveryCode() async throws {
        try await withVerityApp { app async throws in
            let password = "correct horse battery staple"
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "sam@example.com", role: .admin,
                                                                  password: password, secondFactor: true)
            // The sealed secret damaged (or sealed under a key this deployment does not hold).
            let sql = try #require(app.app.db as? any SQLDatabase)
            try await sql.raw("UPDATE operators SET totp_secret_sealed = \(bind: Data(repeating: 7, count: 60))").run()
            let accounts = try Self.accounts(app)
            // The code of an empty key (what a failed unsealing used to become) is anyone's to compute.
            let empty = TOTP(secret: Data())
            let emptyKeyCode = empty.code(step: empty.step(at: app.clock.now / 1000))
            #expect(await Self.failure { _ = try await accounts.signIn(email: "sam@example.com", password: password, code: emptyKeyCode) } == .signInFailed)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "sam@example.com", password: password, code: try Self.code(created, at: app)) }
                    == .signInFailed)
        }
    }

    @Test func disablingOrANewPasswordEndsEverySessionAndAnotherTenantCannotTouchThem() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let created = try await app.operations.operators.createOperator(tenant: "acme", email: "ana@example.com", role: .viewer, password: nil,
                                                                  secondFactor: false)
            let accounts = try Self.accounts(app)
            let first = try await accounts.signIn(email: "ana@example.com", password: created.password, code: nil)
            let second = try await accounts.signIn(email: "ana@example.com", password: created.password, code: nil)
            let id = created.operator.id.uuidString

            // Another tenant sees nobody and changes nothing.
            #expect(try await app.operations.operators.list(tenant: "globex").isEmpty)
            #expect(await Self.failure { _ = try await app.operations.operators.setOperatorActive(tenant: "globex", id: id, active: false) } == .notFound)
            #expect(await Self.failure { _ = try await app.operations.operators.resetOperatorPassword(tenant: "globex", id: id) } == .notFound)
            #expect(try await accounts.session(token: first.token) != nil)

            let reset = try await app.operations.operators.resetOperatorPassword(tenant: "acme", id: id)
            #expect(try await accounts.session(token: first.token) == nil)
            #expect(try await accounts.session(token: second.token) == nil)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "ana@example.com", password: created.password, code: nil) } == .signInFailed)
            let third = try await accounts.signIn(email: "ana@example.com", password: reset.password, code: nil)

            #expect(try await app.operations.operators.setOperatorActive(tenant: "acme", id: id, active: false).active == false)
            #expect(try await accounts.session(token: third.token) == nil)
            #expect(await Self.failure { _ = try await accounts.signIn(email: "ana@example.com", password: reset.password, code: nil) } == .signInFailed)
            _ = try await app.operations.operators.setOperatorActive(tenant: "acme", id: id, active: true)
            _ = try await accounts.signIn(email: "ana@example.com", password: reset.password, code: nil)

            // A session idle for longer than its limit has ended.
            let idle = try await accounts.signIn(email: "ana@example.com", password: reset.password, code: nil)
            app.clock.advance(seconds: 31 * 60)
            #expect(try await accounts.session(token: idle.token) == nil)
        }
    }

    @Test func badAddressesAndPasswordsAreRefusedByFieldAndNothingIsStoredInTheClear() async throws {
        try await withVerityApp { app async throws in
            let operations = try app.operations
            func refusal(email: String = "ok@example.com", password: String? = "a good long password", tenant: String = "acme") async -> String? {
                do {
                    _ = try await operations.operators.createOperator(tenant: tenant, email: email, role: .viewer, password: password, secondFactor: false)
                    return nil
                } catch let error as VerityError {
                    return "\(error.code.rawValue) \(error.field ?? "-")"
                } catch {
                    return "\(error)"
                }
            }
            for email in ["", "  ", "no-at-sign", "@example.com", "a@b", "a@.com", "a@example.com.", "<script>@example.com",
                          "x@" + String(repeating: "e", count: 260) + ".com", "a b@example.com"] {
                #expect(await refusal(email: email) == "INVALID_INPUT email", "\(email.prefix(30))")
            }
            #expect(await refusal(password: "short") == "INVALID_INPUT password")
            #expect(await refusal(password: String(repeating: "é", count: 37)) == "INVALID_INPUT password")
            #expect(await refusal(tenant: "nobody") == "NOT_FOUND tenant")
            #expect(await refusal() == nil)
            #expect(await refusal(email: "OK@example.com") == "OPERATOR_EXISTS email", "the same address, in another case")
            _ = try await operations.tenants.createKey(tenant: "other", environment: .test)
            #expect(await refusal(email: "ok@example.com", tenant: "other") == "OPERATOR_EXISTS email", "the same address in another tenant")
            // Worded the same whichever tenant holds the address, and naming none (issue 47, finding 12).
            func message(tenant: String) async -> String? {
                do {
                    _ = try await operations.operators.createOperator(tenant: tenant, email: "ok@example.com", role: .viewer, password: nil, secondFactor: false)
                    return nil
                } catch {
                    return (error as? VerityError)?.message
                }
            }
            let own = await message(tenant: "acme"), another = await message(tenant: "other")
            #expect(own != nil && own == another && !(own ?? "").contains("acme") && !(own ?? "").contains("tenant"), "\(own ?? "-")")
            // Four creations of one new address at once: one operator, three conflicts (the unique index decides).
            let raced = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<4 { group.addTask { await refusal(email: "race@example.com") } }
                return await group.reduce(into: [String?]()) { $0.append($1) }
            }
            #expect(raced.filter { $0 == nil }.count == 1 && raced.filter { $0 == "OPERATOR_EXISTS email" }.count == 3, "\(raced)")

            let dump = try await DatabaseText.dump(app)
            #expect(!dump.contains("ok@example.com") && !dump.lowercased().contains("ok@example.com"))
            #expect(!dump.contains("a good long password"))
        }
    }
}
