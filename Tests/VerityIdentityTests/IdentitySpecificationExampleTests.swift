import Foundation
import Testing
import Verity
import VerityTestSupport

/// `identity-verification.md`'s and `consent.txt`'s Swift examples as they
/// are written (`identityVerificationClient`, `do { … } catch { … }`), each
/// against a live server with the registry's John Smith and his real
/// licence images; what each example's branches saw is recorded and asserted.
@Suite("identity-verification.md and consent.txt examples against a live server", .heavy)
struct IdentitySpecificationExampleTests {
    /// consent.txt, top to bottom: required?, status, content, provide, then withdraw at the end.
    @Test func theConsentExamplesThenVerifyIdentityAsWritten() async throws {
        try await withLiveClient(userRef: "spec-consent") { identityVerificationClient, _, _ async throws in
            var seen: [String] = []

            // Determine whether User Consent is Required
            do {
                let consentRequired = try await identityVerificationClient.isConsentRequiredForVerification()
                seen.append("required \(consentRequired)")
            } catch {
                seen.append("error \(error)")
            }

            // Verifying before consent is the specification's ConsentRequiredException.
            do {
                _ = try await identityVerificationClient.verifyIdentity(input: TestData.johnSmith)
            } catch let error as IdentityVerificationError where error == .consentRequired {
                seen.append("ConsentRequiredException")
            }

            // Determine User Consent Status
            do {
                let consentStatus = try await identityVerificationClient.getIdentityDataProcessingConsentStatus()
                seen.append("consented \(consentStatus.consented)")
            } catch {
                seen.append("error \(error)")
            }

            // Collect and Provide User Consent
            var consentContent: IdentityDataProcessingConsentContent?
            do {
                let preferredLocale = "en-US" // provide the user's current locale
                let preferredContentType = "text/plain" // provide the application's preferred content type
                let input = IdentityDataProcessingConsentContentInput(
                preferredContentType: preferredContentType,
                preferredLocale: preferredLocale)
                consentContent = try await
                identityVerificationClient.getIdentityDataProcessingConsentContent(
                input:input
                )
                // display consent content to the user to grant their consent
            } catch {
                // Handle error.
                seen.append("error \(error)")
            }
            do {
                let consentContent = try #require(consentContent)
                // provide consent input based on response of consent content above
                let content = consentContent.content
                let contentType = consentContent.contentType
                let locale = consentContent.locale
                let input = IdentityDataProcessingConsentInput(
                content: content,
                contentType: contentType,
                locale: locale
                )
                let provideConsentResult = try await
                identityVerificationClient.provideIdentityDataProcessingConsent(
                input:input
                )
                seen.append("provided \(provideConsentResult.consented)")
            } catch {
                // Handle error.
                seen.append("error \(error)")
            }

            // identity-verification.md: verify with PII.
            let (firstName, lastName, address, city, state, postalCode, country, dateOfBirth) =
                ("John", "Smith", "222333 Peachtree Place", "Atlanta", "GA", "30318", "US", "1975-02-28")
            do {
                let input = VerifyIdentityInput(
                    firstName: firstName,
                    lastName: lastName,
                    address: address,
                    city: city,
                    state: state,
                    postalCode: postalCode,
                    country: country,
                    dateOfBirth: dateOfBirth
                )
                let verifiedIdentity = try await identityVerificationClient.verifyIdentity(
                    input: input
                )
                if verifiedIdentity.verified {
                    // Identity verified succcessfully.
                    seen.append("verified")
                } else {
                    // Identity could not be verified.
                    seen.append("not verified")
                }
            } catch {
                seen.append("error \(error)")
            }

            // Withdraw User Consent
            do {
                let withdrawStatus = try await identityVerificationClient.withdrawIdentityDataProcessingConsent()
                seen.append("withdrawn \(!withdrawStatus.consented)")
            } catch {
                seen.append("error \(error)")
            }

            #expect(seen == ["required true", "ConsentRequiredException", "consented false", "provided true", "verified", "withdrawn true"],
                    "\(seen)")
        }
    }

    /// identity-verification.md's document examples: the face-image queries,
    /// then verifyIdentityDocument (after a PII attempt that did not match)
    /// and captureAndVerifyIdentityDocument, with John Smith's licence.
    @Test func theDocumentExamplesAsWritten() async throws {
        let frontImage = try DocumentFixtures.data("john-smith-licence-front.png")
        let backImage = try DocumentFixtures.data("john-smith-licence-back.png")
        let country = "US"
        for capture in [false, true] {
            try await withLiveClient(userRef: "spec-document-\(capture)") { identityVerificationClient, _, _ async throws in
                try await identityVerificationClient.consent()
                var faceImageRequired = true
                do {
                    faceImageRequired = capture
                        ? try await identityVerificationClient.isFaceImageRequiredWithDocumentCapture(option: .remoteOnly)
                        : try await identityVerificationClient.isFaceImageRequiredWithDocumentVerification(option: .remoteOnly)
                } catch {
                    Issue.record("\(error)")
                }
                #expect(faceImageRequired == false)
                let faceImage: Data? = nil
                var submitted: VerifiedIdentity?
                if !capture {
                    var typo = TestData.johnSmith
                    typo.postalCode = "30319"
                    _ = try await identityVerificationClient.verifyIdentity(input: typo)
                    do {
                        let verifiedIdentity = try await identityVerificationClient.verifyIdentityDocument(
                            input: VerifyIdentityDocument(
                                image: frontImage,
                                backImage: backImage,
                                faceImage: faceImage, // only include if required
                                country: country,
                                documentType: .driverLicense
                            )
                        )
                        submitted = verifiedIdentity
                    } catch {
                        Issue.record("\(error)")
                    }
                } else {
                    do {
                        let verifiedIdentity = try await identityVerificationClient.captureAndVerifyIdentityDocument(
                            input: VerifyIdentityDocument(
                                image: frontImage,
                                backImage: backImage,
                                faceImage: faceImage, // only include if required
                                country: country,
                                documentType: .driverLicense
                            )
                        )
                        submitted = verifiedIdentity
                    } catch {
                        Issue.record("\(error)")
                    }
                }
                // A check that outlasts the request's wait answers pending first: followed to its outcome.
                let verifiedIdentity = try await identityVerificationClient.settled(try #require(submitted))
                #expect(verifiedIdentity.verified, "\(verifiedIdentity.documentCheck?.reasons ?? [])")
            }
        }
    }
}
