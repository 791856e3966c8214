import Foundation
import Testing
@testable import VerityChip
import VerityChipTestSupport
import VerityCore

/// Active Authentication with the BSI set's own key pair (shared test data):
/// the test plays the chip, signing the challenge with ISO/IEC 9796-2 as a
/// chip does, through OpenSSL's raw RSA. A fresh answer verifies; an answer
/// to another challenge (a replay) or from another key does not.
@Suite("Chip: Active Authentication")
struct ActiveAuthenticationTests {
    @Test func theChipsAnswerToAFreshChallengeVerifies() throws {
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        let challenge = (0..<8).map { _ in UInt8.random(in: 0...255) }
        let signature = try ChipSets.activeAuthenticationAnswer(challenge, openssl: openssl)
        let findings = ChipData.inspect(try ChipData.bsi(), answer: .init(challenge: Data(challenge), signature: Data(signature)))
        #expect(findings.activeAuthentication == .verified)
        #expect(!findings.reasons.contains(.cloneSuspected))
    }

    @Test func anAnswerReplayedForAnotherChallengeFails() throws {
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        let earlier = (0..<8).map { _ in UInt8.random(in: 0...255) }
        let signature = try ChipSets.activeAuthenticationAnswer(earlier, openssl: openssl)
        let fresh = earlier.map { $0 ^ 0x5A }
        let findings = ChipData.inspect(try ChipData.bsi(), answer: .init(challenge: Data(fresh), signature: Data(signature)))
        #expect(findings.activeAuthentication == .failed)
        #expect(findings.reasons.contains(.cloneSuspected))
    }

    @Test func anAnswerFromAnotherKeyFails() throws {
        // given a clone: the files copied, the answer signed by a key that is not the chip's
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        try openssl.run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "clone.pem"])
        let challenge = (0..<8).map { _ in UInt8.random(in: 0...255) }
        let signature = try ChipSets.activeAuthenticationAnswer(challenge, openssl: openssl, key: "clone.pem")
        let findings = ChipData.inspect(try ChipData.bsi(), answer: .init(challenge: Data(challenge), signature: Data(signature)))
        #expect(findings.activeAuthentication == .failed)
        #expect(findings.reasons.contains(.cloneSuspected))
    }

    @Test func anECDSAChipAnswersWithAPlainSignature() throws {
        // given an ECDSA Active Authentication key in DG15 (brainpoolP256r1) and its plain r‖s answer
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        try openssl.run(["ecparam", "-name", "brainpoolP256r1", "-genkey", "-noout", "-out", "aa.pem"])
        let key = try openssl.run(["ec", "-in", "aa.pem", "-pubout", "-outform", "DER"])
        let challenge = (0..<8).map { _ in UInt8.random(in: 0...255) }
        try openssl.write("challenge", challenge)
        let der = try openssl.run(["dgst", "-sha256", "-sign", "aa.pem", "challenge"])
        let node = try BERReader.parse(der)
        let plain = try node.children.flatMap { part in
            let magnitude = try part.unsignedInteger()
            return [UInt8](repeating: 0, count: 32 - magnitude.count) + magnitude
        }
        let dg15 = DER.element(0x6F, key)
        let aa = ActiveAuthenticationKey.self
        #expect(try aa.init(dg15).verifies(challenge: challenge, signature: plain, hashFromDG14: .sha256))
        #expect(try aa.init(dg15).verifies(challenge: challenge, signature: plain, hashFromDG14: nil))
        #expect(try !aa.init(dg15).verifies(challenge: challenge.reversed(), signature: plain, hashFromDG14: .sha256))
    }
}
