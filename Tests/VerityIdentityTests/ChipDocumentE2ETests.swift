import Foundation
import Testing
import Verity
import VerityAPI
import VerityChipTestSupport
import VerityTestSupport

/// A passport with its chip through the SDK against a live server: the ETSI
/// prototype chip (shared test data) verified against its CSCA imported by
/// the backend, Active Authentication with the BSI chip's key on a fresh
/// challenge (`ChipChallengeStoreTests` holds a challenge to one use), another
/// user's or an expired challenge refused, and an
/// environment that requires the chip refusing a passport without one.
@Suite("Document verification with the chip through the SDK", .heavy)
struct ChipDocumentE2ETests {
    static func etsiChip() throws -> [ChipFile: Data] {
        [.sod: Data(try ChipSets.bytes("etsi-prototype/EF_SOD.bin")), .dg1: Data(try ChipSets.bytes("etsi-prototype/DG1.bin")),
         .dg2: Data(try ChipSets.bytes("bsi-tr03105/Datagroup2.bin")), .dg14: Data(try ChipSets.bytes("etsi-prototype/DG14.bin")),
         .dg15: Data(try ChipSets.bytes("etsi-prototype/DG15.bin"))]
    }

    static func bsiChip() throws -> [ChipFile: Data] {
        [.sod: Data(try ChipSets.bytes("bsi-tr03105/EF_SOD.bin")), .dg1: Data(try ChipSets.bytes("bsi-tr03105/Datagroup1.bin")),
         .dg15: Data(try ChipSets.bytes("bsi-tr03105/Datagroup15.bin"))]
    }

    /// The backend trusts the ETSI CSCA, as it would a state's.
    static func trustETSI(_ url: URL, _ app: VerityTestApp) async throws {
        let http = RawHTTP(baseURL: url)
        let csca = Data(try ChipSets.bytes("etsi-prototype/ETSI_CSCA_0130846f22c2.der")).base64EncodedString()
        let imported = try await http.send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey, json: ChipTrustImportInput(fileBase64: csca))
        #expect(try imported.decode(ChipTrustImportResult.self).added == 1)
    }

    static func detail(_ url: URL, _ app: VerityTestApp, _ checkID: String) async throws -> DocumentCheckDetail {
        try await RawHTTP(baseURL: url).send("GET", AdminRoute.documentCheck(id: checkID).path, bearer: app.secretKey)
            .decode(DocumentCheckDetail.self)
    }

    @Test func aGenuineChipFromAnotherPassportFailsOnItsMRZWithEverythingElseVerified() async throws {
        try await withLiveClient { client, app, url async throws in
            try await Self.trustETSI(url, app)
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            // when John Smith's passport page comes with the ETSI prototype's chip
            var passport = try IdentityDocuments.passport("john-smith-passport")
            passport.chip = ChipRead(files: try Self.etsiChip(), pace: .succeeded)
            let result = try await client.verifyIdentityDocumentToEnd(input: passport)
            // then the chip is genuine, but it is not this page's: the check fails on its MRZ and its face
            #expect(!result.verified && result.documentVerificationStatus == .failed)
            #expect(result.documentCheck?.reasons == ["CHIP_MRZ_MISMATCH", "CHIP_FACE_MISMATCH"])
            let chip = try #require(try await Self.detail(url, app, result.documentCheck!.checkId).report?.chip)
            #expect(chip.securityObject.signatureValid && chip.chain == "verified")
            #expect(chip.csca?.subject == "C=DE, O=ETSI, OU=Country Signer, CN=ETSI CS")
            #expect(chip.documentSigner?.subject.contains("ETSI DS") == true)
            #expect(chip.dataGroups.filter { $0.status == "verified" }.map(\.number) == [1, 2, 14, 15])
            #expect(chip.mrz?.matchesPrinted == false && chip.mrz?.matchesPerson == false)
            #expect(chip.mrz?.mismatchedFields.contains("documentNumber") == true)
            #expect(chip.reasons == [.mrzMismatch, .faceMismatch] && !chip.authentic)
            #expect(chip.reportedByApp?.pace == "succeeded" && chip.reportedByApp?.verifiedByServer == false)
            #expect(chip.face?.format == "jpeg2000" && chip.face?.printedPortrait?.match == false, "Erika's chip face is not John's portrait")
        }
    }

    @Test func activeAuthenticationVerifiesAFreshAnswer() async throws {
        try await withLiveClient { client, app, url async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            // given a challenge, answered by the BSI chip's own key
            let challenge = try await client.chipChallenge()
            let bytes = [UInt8](try #require(Data(base64Encoded: challenge.challengeBase64)))
            #expect(bytes.count == 8 && challenge.expiresAtEpochMs == app.clock.now + 300_000)
            let openssl = try OpenSSL()
            defer { openssl.remove() }
            let answer = try ChipSets.activeAuthenticationAnswer(bytes, openssl: openssl)
            var passport = try IdentityDocuments.passport("john-smith-passport")
            passport.chip = ChipRead(files: try Self.bsiChip(),
                                     activeAuthentication: .init(challengeId: challenge.challengeId, signature: Data(answer)))
            // when
            let result = try await client.verifyIdentityDocumentToEnd(input: passport)
            // then the chip answered, though its CSCA is unknown and its DG15 unprotected
            let chip = try #require(try await Self.detail(url, app, result.documentCheck!.checkId).report?.chip)
            #expect(chip.activeAuthentication == "verified")
            #expect(chip.reasons.contains(.cscaUnknown) && chip.reasons.contains(.dataUnprotected) && !chip.reasons.contains(.cloneSuspected))
        }
    }

    @Test func anotherUsersOrAnExpiredChallengeIsRefusedAndNothingIsWritten() async throws {
        try await withLiveClient(userRef: "alice") { client, app, url async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let bob = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "bob"), requestTimeout: TestDeadlines.requestTimeout)
            let bobs = try await bob.chipChallenge()
            var passport = try IdentityDocuments.passport("john-smith-passport")
            passport.chip = ChipRead(files: try Self.bsiChip(), activeAuthentication: .init(challengeId: bobs.challengeId, signature: Data(repeating: 1, count: 128)))
            let foreign = await verityError { try await client.verifyIdentityDocument(input: passport) }
            #expect(foreign?.code == .chipChallengeInvalid && foreign?.field == "chip.activeAuthentication.challengeId")
            let own = try await client.chipChallenge()
            app.clock.advance(seconds: 301)
            passport.chip?.activeAuthentication?.challengeId = own.challengeId
            let expired = await verityError { try await client.verifyIdentityDocument(input: passport) }
            #expect(expired?.code == .chipChallengeInvalid)
            #expect(try await client.checkIdentityVerification().documentCheck == nil, "nothing was submitted")
        }
    }

    @Test func aChipIsRefusedWhenItsFilesAreNotFiles() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            var passport = try IdentityDocuments.passport("john-smith-passport")
            passport.chip = ChipRead(files: [.dg1: Data([1, 2, 3])])
            let noSOD = await verityError { try await client.verifyIdentityDocument(input: passport) }
            #expect(noSOD?.code == .invalidInput && noSOD?.field == "chip.files.sod")
            passport.chip = ChipRead(files: [.sod: Data(repeating: 0x77, count: ChipFile.sod.maximumBytes + 1)])
            let tooLarge = await verityError { try await client.verifyIdentityDocument(input: passport) }
            #expect(tooLarge?.code == .payloadTooLarge && tooLarge?.field == "chip.files.sod")
        }
    }

    @Test func anEnvironmentThatRequiresTheChipRefusesAPassportWithoutIt() async throws {
        try await withLiveClient { client, app, _ async throws in
            try await app.configure { $0.documents.chipRequiredForPassports = true }
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let refused = await verityError { try await client.verifyIdentityDocument(input: try IdentityDocuments.passport("john-smith-passport")) }
            #expect(refused?.code == .chipRequired && refused?.field == "chip")
        }
    }
}
