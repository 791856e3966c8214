import Foundation
import Verity
import VerityAPI
import VerityAdmin

/// The mobile products with the demo's publishable key, and an OCR read of
/// an Egyptian ID with a user token, as a phone app runs them.
extension DemoHistory {
    private var mobile: MobileVerificationClient { MobileVerificationClient(baseURL: baseURL, clientKey: keys.clientKey) }

    /// VerifyHuman on one picture: a selfie passes; a licence's back has no face.
    func human(_ picture: String, _ tally: DemoTally) async {
        await tally.step("mobile verifyHuman \(picture)") {
            let answer = try await mobile.verifyHuman(image: try documents.generated(picture))
            await tally.count("mobile.verifyHuman", answer.outcome.rawValue)
        }
    }

    /// VerifyAge: the date of birth, the selfie, and the passport when the face alone is not enough.
    func age(_ tally: DemoTally) async {
        await tally.step("mobile verifyAge") {
            let passport = MobileDocument(front: try documents.generated("john-smith-passport-front.png"), type: .passport, country: "US")
            let answer = try await mobile.verifyAge(dateOfBirth: "1975-02-28", selfie: try documents.generated("john-smith-selfie.jpg")) { passport }
            await tally.count("mobile.verifyAge", answer.outcome?.rawValue ?? "unfinished")
        }
    }

    /// VerifyIdentity: Maria García's selfie and licence.
    func mobileIdentity(_ tally: DemoTally) async {
        await tally.step("mobile verifyIdentity") {
            let licence = MobileDocument(front: try documents.generated("maria-garcia-licence-front.png"),
                                         back: try documents.generated("maria-garcia-licence-back.png"), type: .driverLicense, country: "US")
            let answer = try await mobile.verifyIdentity(selfie: try documents.generated("maria-garcia-selfie.jpg"), document: licence)
            await tally.count("mobile.verifyIdentity", answer.outcome?.rawValue ?? "unfinished")
        }
    }

    /// VerifyCompliance: John Smith screens clear; NOBODY KNOWN is the demo's listed name
    /// (`DemoSanctions`), with no date of birth to confirm it: a candidate for a person to decide.
    func compliance(_ holder: String, _ tally: DemoTally) async {
        await tally.step("mobile verifyCompliance \(holder)") {
            let passport = MobileDocument(front: try documents.generated("\(holder)-passport-front.png"), type: .passport, country: "US")
            let answer = try await mobile.verifyCompliance(selfie: try documents.generated("\(holder)-selfie.jpg"), document: passport)
            let reasons = answer.reasons.contains("SANCTIONS_REVIEW") ? ".sanctionsReview" : ""
            await tally.count("mobile.verifyCompliance", (answer.outcome?.rawValue ?? "unfinished") + reasons)
        }
    }

    /// The week spent credits the start had topped up: back to 1,000, as the keys' line says.
    func topUpCredits(_ tally: DemoTally) async {
        await tally.step("credits") {
            let balance = try await operations.mobile.credits(tenant: DemoSetup.tenant, environment: .test, entries: 0).balance
            if balance < 1_000 {
                _ = try await operations.mobile.grantCredits(tenant: DemoSetup.tenant, environment: .test, amount: 1_000 - balance,
                                                             note: "demo: after its first week")
            }
        }
    }

    func ocrRead(_ tally: DemoTally) async {
        await tally.step("ocr egypt-id") {
            guard let hmacKey = Data(base64Encoded: keys.hmacKey) else { throw DemoProblem(description: "the demo's HMAC key is not base64") }
            let reader = DocumentReaderClient.Builder().baseURL(baseURL).userToken(try await token("demo-ocr")).hmacKey(hmacKey).build()
            let result = await reader.result(front: try documents.generated("egypt-id-front.png"), back: try documents.generated("egypt-id-back.png"))
            switch result {
            case .success: await tally.count("ocr", "success")
            case .serviceFailure(let code, _, _): await tally.count("ocr", "serviceFailure.\(code)")
            case .userExit, .capturedImages, .builderError: await tally.count("ocr", "unfinished")
            }
        }
    }
}
