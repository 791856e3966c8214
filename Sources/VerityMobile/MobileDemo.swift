import VerityAPI
import VerityCore

/// What `pk_demo_…` keys answer: fixed, documented responses (docs/mobile.md)
/// that consume no credits and store nothing, for tutorials and screenshots.
enum MobileDemo {
    static let humanVerificationID = "mver_demo_verifyhuman"
    static let humanToken = "vht_demo.demo"

    static func verifyHuman(withToken: Bool = true) -> MobileEnvelope<MobileHumanData> {
        MobileEnvelope(verificationID: humanVerificationID, product: .verifyHuman, outcome: .pass,
                       data: .init(token: withToken ? humanToken : nil, tokenExpiresAt: nil, reasons: [], faces: 1),
                       meta: .init(environment: "demo", step: withToken ? "verify" : nil))
    }
}
