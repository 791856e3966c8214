import Foundation
import Testing
import Verity
import VerityTestSupport

/// `document-ocr-result.md`'s own Swift, transcribed into an app's delegate:
/// the `switch` over `VIDVOCRResponse`, the `documentVerificationPlus` case
/// handling and the `advancedConfidence` handling, as written. The app records
/// what each helper the specification leaves to the developer was asked to do.
final class SpecificationOCRApp: DocumentReaderDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private var finished: CheckedContinuation<VIDVOCRResponse, Never>?
    private var final: VIDVOCRResponse?

    var actions: [String] { lock.withLock { recorded } }

    /// The final case, once the read ends.
    func result() async -> VIDVOCRResponse {
        await withCheckedContinuation { continuation in
            let ready = lock.withLock { () -> VIDVOCRResponse? in
                if final == nil { finished = continuation }
                return final
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func onOCRResult(result: VIDVOCRResponse) {
        // "Example" (VIDVOCRResponse cases), as the specification writes it.
        switch result {
        case .success(let data):
            // data of type VIDVOCRResult
            record("success \(data.sessionID.isEmpty ? "" : "with session")")
        case .builderError(let code, let message):
            // builder error code & error message
            record("builderError \(code): \(message)")
        case .serviceFailure(let code, let message, let data):
            // service faluire error code & error message & data of type VIDVOCRResult
            record("serviceFailure \(code) \(data?.ocrResult == nil ? "without" : "with") data: \(message)")
        case .userExit(let step, let data):
            // last step in the SDK & data of type VIDVOCRResult
            record("userExit \(step) \(data == nil ? "without" : "with") data")
        case .capturedImages(capturedImageData: let capturedImageData):
            // capturedImageData of type CapturedImageData
            record("captured \(capturedImageData.nationalIDLabel)")
        }

        // "Document verification plus - Case Handling", as written.
        //Note that all decisions taken in this code are just an example of how you can handle
        //the logic and that you can take the preferred action according to your business needs
        if let flags = result.data?.ocrResult?.documentVerificationPlus {

            // --------------------- GENERIC VALIDATION RESULTS --------------------- //

            // Quick validation using global parent flags
            if flags.frontDataValidity == false || flags.backDataValidity == false {
                showRetryDialog(
                    title: "Document failed validation checks.",
                    message: "Please try again."
                ) {
                    startOCR()  // Developer function — implement your restart flow
                }
            }

            // Greyscale document detection
            else if flags.isFrontGreyscale == true || flags.isBackGreyscale == true {
                requestRecapture(reason: "Document appears to be black & white.")
                // requestRecapture() is an example recapture function — implement your flow
            }

            // Document expired
            else if flags.isExpired == true {
                showRetryDialog(
                    title: "OCR",
                    message: "Expired ID, please try again with your recent National ID."
                ) {
                    startOCR()  // Custom restart logic
                }
            }

            // One or more fields require review
            else if !(flags.reviewRequired?.isEmpty ?? true) {
                showError("Some fields require manual review.")
                // showError() is a custom function — for UI alerts/log display
            }


            // --------------------- FIELD-LEVEL REVIEW CASES --------------------- //

            if let review = flags.reviewRequired {

                if review.contains("serial_number") {
                    showRetryDialog(
                        title: "OCR",
                        message: "Serial number is incorrect. Please try again."
                    ) { startOCR() }
                }

                if review.contains("back_nid") || review.contains("front_nid") {
                    requestRecapture(reason: "NID Mismatch")  // Example recapture action
                }

                if review.contains("date_of_birth") { showError("Date of birth could not be verified.") }
                if review.contains("street") { showError("Street address is empty.") }
                if review.contains("police_station") { showError("Police station field needs review.") }
                if review.contains("governorate") { showError("Governorate value could not be verified.") }
                if review.contains("birth_governorate") { showError("Birth governorate requires review.") }
                if review.contains("expiry_date") { showError("Expiry date is missing or invalid.") }
                if review.contains("release_date") { showError("Release date did not pass validation.") }
            }

            else {
                // Default Case — No flags triggered
                // Document is valid and accepted
            }
        }

        // "Advance confidence - Case Handling", as written (the specification
        // labels the block kotlin and closes it with one brace too many).
        if let fraud = result.data?.ocrResult?.advancedConfidence {

            // Parent Fraud Status
            switch fraud.fraudDetectionZone {
            case 1: showWarning("Suspicious document — review needed") // Replace with custom handling
            case 2: requestRecapture(reason: "Fraud suspected — please retry with a valid ID") // Replace with custom handling
            default: break
            }

            // Detailed Breakdown
            if fraud.faceFraudZone > 0 {
                showError("Face region manipulation detected") // Replace with custom handling
            }

            if fraud.frontImageManipulationZone > 0 {
                showError("Possible document editing found") // Replace with custom handling
            }
        }

        if case .capturedImages = result { return }
        let waiting = lock.withLock { () -> CheckedContinuation<VIDVOCRResponse, Never>? in
            final = result
            defer { finished = nil }
            return finished
        }
        waiting?.resume(returning: result)
    }

    // The developer's functions the examples call.
    func showRetryDialog(title: String, message: String, retry: () -> Void) { record("retry dialog: \(title) \(message)") }
    func requestRecapture(reason: String) { record("recapture: \(reason)") }
    func showError(_ message: String) { record("error: \(message)") }
    func showWarning(_ message: String) { record("warning: \(message)") }
    func startOCR() { record("startOCR") }

    private func record(_ action: String) { lock.withLock { recorded.append(action) } }
}

@Suite("document-ocr-result.md's example app against a live server", .heavy)
struct DocumentReaderSpecificationExampleTests {
    static func read(_ front: String, _ back: String) async throws -> (VIDVOCRResponse, [String]) {
        var outcome: (VIDVOCRResponse, [String])?
        try await OCRHarness.withOCR { app, url, hmacKey in
            let ocrApp = SpecificationOCRApp()
            let client = DocumentReaderClient.Builder().requestTimeout(TestDeadlines.requestTimeout).baseURL(url).userToken(try await app.token(for: "example-user"))
                .hmacKey(hmacKey).delegate(ocrApp).build()
            client.start(front: try OCRHarness.card(front), back: try OCRHarness.card(back))
            let final = await ocrApp.result()
            outcome = (final, ocrApp.actions)
        }
        return try #require(outcome)
    }

    /// A clean card whose every field reads: both sides captured, a success, and no flag asks the app for anything.
    @Test func aCleanCardIsASuccessAndTheExampleTakesTheDefaultCase() async throws {
        let (final, actions) = try await Self.read(OCRHarness.passingFront, OCRHarness.passingBack)
        guard case .success(let data) = final else { Issue.record("\(final)"); return }
        #expect(data.getData().ocrResult?.documentVerificationPlus.reviewRequired == [])
        #expect(actions == ["captured nationalIdFront", "captured nationalIdBack", "success with session"], "\(actions)")
    }

    /// The front of one card with the back of another (born in governorates
    /// 32 and 23 by their numbers): read to the end, but
    /// the numbers disagree (and with them the birth governorate), so the
    /// read is the specification's service failure with the data inside,
    /// and the example's field-level cases fire.
    @Test func sidesOfTwoCardsAreAServiceFailureWithTheDataAndTheExampleAsksForARecapture() async throws {
        let (final, actions) = try await Self.read(OCRHarness.passingFront, "egypt_id-004-clean-back.png")
        guard case .serviceFailure(let code, _, let data) = final else { Issue.record("\(final)"); return }
        #expect(code == DocumentReaderClient.verificationFailed)
        let flags = try #require(data?.ocrResult?.documentVerificationPlus)
        #expect(Set(flags.reviewRequired ?? []).isSuperset(of: ["front_nid", "back_nid", "birth_governorate"]), "\(flags)")
        #expect(data?.documentVerificationResult?.success == false)
        #expect(actions.first == "captured nationalIdFront" && actions.dropFirst().first == "captured nationalIdBack")
        #expect(actions.contains { $0.hasPrefix("serviceFailure DOCUMENT_VERIFICATION_FAILED with data") })
        #expect(actions.contains("retry dialog: Document failed validation checks. Please try again."))
        #expect(actions.contains("recapture: NID Mismatch"))
        #expect(actions.contains("error: Birth governorate requires review."))
        #expect(!actions.contains { $0.hasPrefix("success") })
    }
}
