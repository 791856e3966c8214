import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// What the old derived keys signed is accepted until the rotation's
/// overlap ends, and only until then; nothing new is made with them.
@Suite("The overlap window of a derived-key rotation")
struct DerivedKeyWindowTests {
    static let dataKey = DataProtector.randomBytes(32)
    static let old = DerivedKeySet(root: dataKey)

    static func rotated(until: Int64) throws -> DataProtector {
        try DataProtector(dataKey: dataKey, derived: DerivedKeys(current: .random(), retiring: old, retiringUntil: until))
    }

    @Test func userTokensSignedBeforeTheRotationWorkUntilTheWindowEnds() async throws {
        let clock = TestClock(start: 1_800_000_000_000)
        let before = await UserTokenService.make(protector: try DataProtector(dataKey: Self.dataKey), clock: clock.verityClock)
        let (old, _) = try await before.mint(userID: UUID(), environmentID: UUID(), ttlSeconds: 86_400)
        let until = clock.now + 3_600_000
        let after = await UserTokenService.make(protector: try Self.rotated(until: until), clock: clock.verityClock)
        let (new, _) = try await after.mint(userID: UUID(), environmentID: UUID(), ttlSeconds: 86_400)
        #expect(UserTokenService.kid(of: new.token) == after.currentKid && after.currentKid != before.currentKid)
        _ = try await after.verify(old.token)
        clock.advance(milliseconds: 3_600_000)
        await #expect(throws: VerityError.self, "a token signed with the retired key after the window") { _ = try await after.verify(old.token) }
        _ = try await after.verify(new.token)
        // A token without a kid (minted before tokens named their key) is checked with the retiring key, under the window too.
        let forged = try await before.keys.sign(UserTokenService.Payload(
            sub: .init(value: UUID().uuidString), env: UUID().uuidString, jti: .init(value: "x"), iat: .init(value: Date()),
            exp: .init(value: Date(timeIntervalSince1970: Double(clock.now) / 1000 + 3600)), iss: .init(value: "verity")))
        #expect(UserTokenService.kid(of: forged) == nil)
        await #expect(throws: VerityError.self) { _ = try await after.verify(forged) }
    }

    @Test func passTokensCodesAndResponseKeysFollowTheWindow() throws {
        let before = try DataProtector(dataKey: Self.dataKey)
        let after = try Self.rotated(until: 2_000)
        let signature = before.mobileTokenSignature("payload")
        #expect(after.mobileTokenSignatureMatches("payload", signature, now: 1_999))
        #expect(!after.mobileTokenSignatureMatches("payload", signature, now: 2_000))
        #expect(after.mobileTokenSignatureMatches("payload", after.mobileTokenSignature("payload"), now: 5_000))
        #expect(after.mobileTokenSignature("payload") != signature, "something new is made with the retiring key")

        let code = before.blindIndex("1234567890123456", domain: "diac")
        #expect(after.blindIndexes("1234567890123456", domain: "diac", now: 1_999).contains(code))
        #expect(!after.blindIndexes("1234567890123456", domain: "diac", now: 2_000).contains(code))

        let environment = UUID()
        let pinned = before.responseSigningSeeds(environmentID: environment, now: 0).signing
        let during = after.responseSigningSeeds(environmentID: environment, now: 1_999)
        #expect(during.signing == pinned && during.next?.from == 2_000 && during.next?.seed != pinned)
        let later = after.responseSigningSeeds(environmentID: environment, now: 2_000)
        #expect(later.signing == during.next?.seed && later.next == nil)
    }
}
