import Foundation
import Verity
import VerityAPI
import VerityAdmin
import VerityCore

/// PII attempts and document checks, as a tenant's app makes them with the SDK.
extension DemoHistory {
    /// The registry's people (`DemoRegistry`), as a person types them.
    enum People {
        static let john = VerifyIdentityInput(firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta",
                                              state: "GA", postalCode: "30318", country: "US", dateOfBirth: "1975-02-28")
        static let maria = VerifyIdentityInput(firstName: "Maria", lastName: "García", address: "1600 Ocean Ave, Apt 4B", city: "Santa Monica",
                                               state: "CA", postalCode: "90401-2345", country: "US", dateOfBirth: "1988-07-14")
        static let aiko = VerifyIdentityInput(firstName: "Aiko", lastName: "Tanaka", address: "77 Lakeshore Drive", city: "Chicago",
                                              state: "IL", postalCode: "60601", country: "US", dateOfBirth: "1992-11-03")
        static let samuel = VerifyIdentityInput(firstName: "Samuel", lastName: "O'Connor", address: "12 Baker Street", city: "London",
                                                postalCode: "NW1 6XE", country: "GB", dateOfBirth: "1969-05-21")
        static let chloe = VerifyIdentityInput(firstName: "Chloé", lastName: "Tremblay", address: "350 Rue Sainte-Catherine Ouest",
                                               city: "Montréal", state: "QC", postalCode: "H3B 1A2", country: "CA", dateOfBirth: "2001-01-09")
        static let harold = VerifyIdentityInput(firstName: "Harold", lastName: "Finch", address: "9 Elm Road", city: "Springfield",
                                                state: "IL", postalCode: "62701", country: "US", dateOfBirth: "1931-04-02")
        static let victor = VerifyIdentityInput(firstName: "Victor", lastName: "Krum", address: "400 Market Street", city: "Philadelphia",
                                                state: "PA", postalCode: "19106", country: "US", dateOfBirth: "1980-09-30")

        /// The same person with a postal code mistyped: an attempt that does not match.
        static func mistyped(_ input: VerifyIdentityInput) -> VerifyIdentityInput {
            var wrong = input
            wrong.postalCode = input.country == "US" ? "10001" : "X1X 1X1"
            return wrong
        }
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
    func verify(_ userRef: String, _ person: VerifyIdentityInput, _ tally: DemoTally) async {
        await tally.step("identity \(userRef)") {
            let answer = try await identityClient(userRef).verifyIdentity(input: person)
            await tally.count("identity", answer.verified ? "verified" : "notMatched")
        }
    }

    /// A date of birth typed day first twice, then right: verified on the third try.
    func retries(_ tally: DemoTally) async {
        await tally.step("identity demo-chloe") {
            let client = try await identityClient("demo-chloe")
            var wrong = People.chloe
            wrong.dateOfBirth = "2001-09-01"
            for input in [wrong, wrong, People.chloe] {
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
                let answer = try await client.verifyIdentity(input: People.mistyped(People.aiko))
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
    func document(_ userRef: String, _ person: VerifyIdentityInput, _ document: GeneratedDocument, _ tally: DemoTally) async {
        await tally.step("document \(userRef)") {
            switch document {
            case .passport(let prefix):
                let page = try documents.generated("\(prefix)-passport-front.png")
                try await check(userRef, after: person, VerifyIdentityDocument(image: page, backImage: page, country: "US", documentType: .passport), tally)
            case .licence(let holder, let selfie):
                let input = VerifyIdentityDocument(image: try documents.generated("\(holder)-licence-front.png"),
                                                   backImage: try documents.generated("\(holder)-licence-back.png"),
                                                   faceImage: try documents.generated(selfie), country: "US", documentType: .driverLicense)
                try await check(userRef, after: nil, input, tally)
            }
        }
    }

    /// A real specimen, sent by a user whose PII did not match (John Smith's, mistyped).
    func specimen(_ number: Int, _ specimen: DemoDocuments.Specimen, _ tally: DemoTally) async {
        await tally.step("specimen \(specimen.file)") {
            let image = try documents.specimen(specimen)
            let input = VerifyIdentityDocument(image: image, backImage: image, country: specimen.country, documentType: specimen.type)
            try await check("demo-specimen-\(number)", after: People.john, input, tally)
        }
    }

    /// Sends `document` for `userRef`: after a mistyped PII attempt of `person` (`verifyIdentityDocument`),
    /// or, with no person, as the app's own capture (`captureAndVerifyIdentityDocument`).
    private func check(_ userRef: String, after person: VerifyIdentityInput?, _ document: VerifyIdentityDocument,
                       _ tally: DemoTally) async throws {
        let client = try await identityClient(userRef)
        if let person { _ = try await client.verifyIdentity(input: People.mistyped(person)) }
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
