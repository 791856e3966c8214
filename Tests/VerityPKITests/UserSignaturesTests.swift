import Crypto
import Foundation
import Testing
@testable import VerityCore
import X509
@testable import VerityPKI

@Suite("Authentication and transaction approval signatures")
struct UserSignaturesTests {
    let subject = UserSubject(givenName: "Ada", surname: "Lovelace", email: nil, organisation: "Acme Bank", userIdentifier: "U1")

    @Test func aChallengeSignedByTheCertifiedKeyPassesAndNothingElseDoes() async throws {
        // given
        let ca = try PlatformCA.create(organisation: "Verity Test", rootKey: SoftwareCAKey(), issuingKey: SoftwareCAKey(), policy: CertificatePolicy())
        let key = P256.Signing.PrivateKey()
        let certificate = try ca.issue(publicKey: key.publicKey, subject: subject, level: .level1)
        let checker = UserSignatures(root: ca.root, intermediates: [ca.issuing])
        let challenge = (0..<32).map { _ in UInt8.random(in: 0...255) }
        // when: the device signs the server's nonce
        let signature = Array(try key.signature(for: challenge).derRepresentation)
        // then
        try await checker.check(signature: signature, over: challenge, by: certificate, revokedSerials: [])
        let otherKey = Array(try P256.Signing.PrivateKey().signature(for: challenge).derRepresentation)
        await #expect(throws: VerityError(.validationError, "")) {
            try await checker.check(signature: otherKey, over: challenge, by: certificate, revokedSerials: [])
        }
        await #expect(throws: VerityError(.validationError, "")) {
            try await checker.check(signature: signature, over: challenge + [0], by: certificate, revokedSerials: [])
        }
        await #expect(throws: VerityError(.validationError, "")) {
            try await checker.check(signature: [0x30, 0x00], over: challenge, by: certificate, revokedSerials: [])
        }
        await #expect(throws: VerityError(.validationError, "")) {
            try await checker.check(signature: signature, over: challenge, by: certificate,
                                    revokedSerials: [SerialNumbers.hex(Array(certificate.serialNumber.bytes))])
        }
        // An expired certificate (checked three years on) fails too.
        await #expect(throws: VerityError(.validationError, "")) {
            try await checker.check(signature: signature, over: challenge, by: certificate, revokedSerials: [],
                                    now: Date().addingTimeInterval(3 * 365 * 86_400))
        }
    }

    @Test func aTransactionIsSignedInOneCanonicalForm() throws {
        let a = TransactionDescription(reference: "tx-42", summary: "Pay 120.00 EUR to Café Nord", details: ["amount": "120.00", "currency": "EUR"])
        // The same text composed differently (e + combining acute) and details in another order: same bytes.
        let b = TransactionDescription(reference: "tx-42", summary: "Pay 120.00 EUR to Cafe\u{301} Nord", details: ["currency": "EUR", "amount": "120.00"])
        #expect(a.canonicalBytes == b.canonicalBytes)
        #expect(UserSignatures.digest(of: a) == UserSignatures.digest(of: b))
        #expect(String(decoding: a.canonicalBytes, as: UTF8.self) == #"{"details":{"amount":"120.00","currency":"EUR"},"reference":"tx-42","summary":"Pay 120.00 EUR to Café Nord"}"#)
        var changed = a
        changed.details["amount"] = "1200.00"
        #expect(UserSignatures.digest(of: changed) != UserSignatures.digest(of: a))
        #expect(throws: VerityError(.validationError, "")) { try TransactionDescription(reference: "", summary: "x").validated() }
        #expect(throws: VerityError(.validationError, "")) { try TransactionDescription(reference: "a b", summary: "x").validated() }
        #expect(throws: VerityError(.validationError, "")) { try TransactionDescription(reference: "a", summary: "bad\u{7}").validated() }
        #expect(throws: VerityError(.validationError, "")) {
            try TransactionDescription(reference: "a", summary: "x", details: Dictionary(uniqueKeysWithValues: (0..<33).map { ("k\($0)", "v") })).validated()
        }
    }
}
