import Foundation
import Testing
import VerityAPI
import VerityTestSupport

/// `/admin/v1/chip/trust` as a backend uses it: a state's master list
/// imported (read in the engines' sandbox), its certificates then listed; a
/// list with a broken signature or bytes that are no trust file refused, typed.
@Suite("Admin API: the chip trust store")
struct ChipTrustAdminAPITests {
    static func chipFile(_ path: String) throws -> String {
        let root = URL(fileURLWithPath: ProcessInfo.processInfo.environment["VERITY_SHARED_DATA_DIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/data").standardizedFileURL.path)
        return try Data(contentsOf: root.appendingPathComponent("chip").appendingPathComponent(path)).base64EncodedString()
    }

    @Test func aBackendImportsTheDutchMasterListAndListsItsCSCAs() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            // given the Dutch list and the Dutch root its signer chains to
            let input = ChipTrustImportInput(fileBase64: try Self.chipFile("master-lists/NL_ML_2025-07-29.ml"),
                                             signerCscaBase64: [try Self.chipFile("master-lists/NL_ROOT_CA.cer")])
            // when
            let imported = try await http.send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey, json: input)
            // then every certificate is trusted, and listed with its expiry
            #expect(imported.status == 200)
            let result = try imported.decode(ChipTrustImportResult.self)
            #expect(result.kind == "master_list" && result.certificates == 394 && result.added == 394 && result.skipped.isEmpty)
            #expect(result.signer?.contains("Masterlist Signer NL") == true)
            let listed = try await http.send("GET", ChipTrustRoute.trust.path, bearer: app.secretKey)
            let trust = try listed.decode(ChipTrustView.self)
            #expect(trust.certificates.count == 394)
            #expect(trust.certificates.contains { $0.country == "DE" && $0.key.hasPrefix("ECDSA brainpool") })
            // and a second import adds nothing
            let again = try await http.send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey, json: input)
            #expect(try again.decode(ChipTrustImportResult.self).alreadyTrusted == 394)
        }
    }

    @Test func aMasterListWithABrokenSignatureOrNoAnchorIsRefused() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            var list = [UInt8](Data(base64Encoded: try Self.chipFile("master-lists/NL_ML_2025-07-29.ml"))!)
            list[list.count - 20] ^= 0x01
            let broken = try await http.send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey, json: ChipTrustImportInput(
                fileBase64: Data(list).base64EncodedString(), signerCscaBase64: [try Self.chipFile("master-lists/NL_ROOT_CA.cer")]))
            #expect(broken.status == 400)
            #expect(broken.error?.code == "INVALID_INPUT" && broken.error?.field == "fileBase64")
            #expect(broken.error?.message.contains("signature does not verify") == true)
            let unanchored = try await http.send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey, json: ChipTrustImportInput(
                fileBase64: try Self.chipFile("master-lists/NL_ML_2025-07-29.ml")))
            #expect(unanchored.status == 400 && unanchored.error?.field == "signerCscaBase64")
            let listed = try await http.send("GET", ChipTrustRoute.trust.path, bearer: app.secretKey)
            #expect(try listed.decode(ChipTrustView.self).certificates.isEmpty)
        }
    }

    @Test(arguments: ["", "not base64!", Data("hello, not a certificate".utf8).base64EncodedString()])
    func whatIsNoTrustFileIsRefused(file: String) async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let reply = try await http.send("POST", ChipTrustRoute.trust.path, bearer: app.secretKey, json: ChipTrustImportInput(fileBase64: file))
            #expect(reply.status == 400)
            #expect(reply.error?.code == "INVALID_INPUT" && reply.error?.field == "fileBase64")
        }
    }

    @Test func withoutASecretKeyNothingIsListed() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            #expect(try await http.send("GET", ChipTrustRoute.trust.path).status == 401)
        }
    }
}
