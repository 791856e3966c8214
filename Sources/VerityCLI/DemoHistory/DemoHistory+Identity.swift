import Foundation
import Verity
import VerityAPI
import VerityAdmin
import VerityCore
import VerityKernel

/// PII attempts and document checks, as a tenant's app makes them with the SDK.
extension DemoHistory {
    /// The registry's people as a person types them: the rows the demo imports (`DemoRegistry`), by first name.
    private static let people: [String: VerifyIdentityInput] = {
        guard case .success(let records) = RegistryCSV.parse(DemoRegistry.csv, today: VerityClock.system.today()) else { return [:] }
        return Dictionary(records.map {
            ($0.firstName, VerifyIdentityInput(firstName: $0.firstName, lastName: $0.lastName, address: $0.address, city: $0.city,
                                               state: $0.state, postalCode: $0.postalCode, country: $0.country, dateOfBirth: $0.dateOfBirth))
        }, uniquingKeysWith: { first, _ in first })
    }()

    func person(_ firstName: String) throws -> VerifyIdentityInput {
        guard let person = Self.people[firstName] else { throw DemoProblem(description: "\(firstName) is not in the demo's registry") }
        return person
    }

    /// The same person with a postal code mistyped: an attempt that does not match.
    static func mistyped(_ input: VerifyIdentityInput) -> VerifyIdentityInput {
        var wrong = input
        wrong.postalCode = input.country == "US" ? "10001" : "X1X 1X1"
        return wrong
    }

    /// A client for `userRef` that has agreed to the environment's consent text.
    func identityClient(_ userRef: String) async throws -> IdentityVerificationClient {
        let client = IdentityVerificationClient(baseURL: baseURL, token: try await token(userRef))
        let text = try await client.getIdentityDataProcessingConsentContent(
            input: .init(preferredContentType: "text/plain", preferredLocale: "en-US"))
        _ = try await client.provideIdentityDataProcessingConsent(
            input: .init(content: text.content, contentType: text.contentType, locale: text.locale))
        return client
    }

    /// One attempt: verified, or refused (the deceased, the fraud alert).
    func verify(_ userRef: String, _ firstName: String, _ tally: DemoTally) async {
        await tally.step("identity \(userRef)") {
            let answer = try await identityClient(userRef).verifyIdentity(input: try person(firstName))
            await tally.count("identity", answer.verified ? "verified" : "notMatched")
        }
    }

    /// A date of birth typed day first twice, then right: verified on the third try.
    func retries(_ tally: DemoTally) async {
        await tally.step("identity demo-chloe") {
            let client = try await identityClient("demo-chloe")
            let chloe = try person("Chloé")
            var wrong = chloe
            wrong.dateOfBirth = "2001-09-01"
            for input in [wrong, wrong, chloe] {
                let answer = try await client.verifyIdentity(input: input)
                await tally.count("identity", answer.verified ? "verified" : "notMatched")
            }
        }
    }

    /// Every attempt mistyped until none is left: the user is offered the capture page.
    func escalation(_ tally: DemoTally) async {
        await tally.step("identity demo-escalated") {
            let client = try await identityClient("demo-escalated")
            for _ in 0..<10 {
                let answer = try await client.verifyIdentity(input: Self.mistyped(try person("Aiko")))
                await tally.count("identity", answer.verified ? "verified" : "notMatched")
                if answer.attemptsRemaining == 0 {
                    await tally.count("identity", answer.idScanUrl == nil ? "outOfAttempts" : "escalatedToDocument")
                    return
                }
            }
        }
    }

    /// The operator's rule for the week, as `verity environment set` sets it: a selfie with every
    /// document the app captures, matched to its portrait (a match by a hair waits for a person).
    /// Documents sent for verification alone (`verifyIdentityDocument`, docs/integration.md) keep theirs.
    func documentRules(_ tally: DemoTally) async {
        await tally.step("document rules") {
            _ = try await operations.tenants.updateConfiguration(tenant: DemoSetup.tenant, environment: .test) {
                $0.documents.faceImageRequiredForCapture = true
            }
        }
    }

    /// A generated document of the registry's people, by its files' names.
    enum GeneratedDocument: Sendable {
        /// `\(prefix)-passport-front.png`, sent after a PII attempt that did not match
        /// (a passport has no address: it verifies against the PII the user gave).
        case passport(String)
        /// `\(holder)-licence-front.png` and `-back.png`, captured by the app with a
        /// selfie: the licence alone says who the user is, and the selfie is matched to its portrait.
        case licence(String, selfie: String)
    }

    /// A document: the engines decide (succeeded, failed, unreadable, or held for a reviewer).
    func document(_ userRef: String, _ firstName: String, _ document: GeneratedDocument, _ tally: DemoTally) async {
        await tally.step("document \(userRef)") {
            switch document {
            case .passport(let prefix):
                let page = try documents.generated("\(prefix)-passport-front.png")
                try await check(userRef, after: try person(firstName), VerifyIdentityDocument(image: page, backImage: page, country: "US", documentType: .passport), tally)
            case .licence(let holder, let selfie):
                let input = VerifyIdentityDocument(image: try documents.generated("\(holder)-licence-front.png"),
                                                   backImage: try documents.generated("\(holder)-licence-back.png"),
                                                   faceImage: try documents.generated(selfie), country: "US", documentType: .driverLicense)
                try await check(userRef, after: nil, input, tally)
            }
        }
    }

    /// A real specimen, sent by a user whose PII did not match (John Smith's, mistyped).
    func specimen(_ number: Int, _ specimen: DemoSpecimens.Specimen, _ tally: DemoTally) async {
        await tally.step("specimen \(specimen.file)") {
            let image = try documents.specimen(specimen)
            let input = VerifyIdentityDocument(image: image, backImage: image, country: specimen.country, documentType: specimen.type)
            try await check("demo-specimen-\(number)", after: try person("John"), input, tally)
        }
    }

    /// Sends `document` for `userRef`: after a mistyped PII attempt of `person` (`verifyIdentityDocument`),
    /// or, with no person, as the app's own capture (`captureAndVerifyIdentityDocument`).
    private func check(_ userRef: String, after person: VerifyIdentityInput?, _ document: VerifyIdentityDocument,
                       _ tally: DemoTally) async throws {
        let client = try await identityClient(userRef)
        if let person { _ = try await client.verifyIdentity(input: Self.mistyped(person)) }
        var document = document
        // As an app does: the selfie goes only where the environment asks for one.
        let faceWanted = person == nil ? try await client.isFaceImageRequiredWithDocumentCapture()
            : try await client.isFaceImageRequiredWithDocumentVerification()
        if !faceWanted { document.faceImage = nil }
        do {
            var answer = person == nil ? try await client.captureAndVerifyIdentityDocument(input: document)
                : try await client.verifyIdentityDocument(input: document)
            // The engines work in the background; a check held for a person stays pending until one decides.
            for _ in 0..<600 where answer.documentVerificationStatus == .pending && answer.documentCheck?.status != "review" {
                try await Task.sleep(for: .milliseconds(250))
                answer = try await client.checkIdentityVerification()
            }
            await tally.count("documents", answer.documentCheck?.status ?? answer.documentVerificationStatus.rawValue)
        } catch let error as IdentityVerificationError where !error.retryable {
            // Refused at the door (unreadable, too small, …): the user is told to take it again.
            await tally.count("documents", "refused.\(error.code.rawValue)")
        }
    }
}
