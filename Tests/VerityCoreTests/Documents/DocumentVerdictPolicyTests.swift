import Testing
@testable import VerityCore

/// The document flow's decision: every rule, and which way it decides.
@Suite("Document verdict policy")
struct DocumentVerdictPolicyTests {
    static func report(_ fields: [String: String] = ["surname": "SMITH", "given_names": "JOHN", "date_of_birth": "1975-02-28"],
                       country: String = "US") -> DocumentReport {
        DocumentReport(documentType: .passport, country: country,
                       fields: fields.map { DocumentField(name: $0.key, value: $0.value, source: .mrz, confidence: 1) },
                       front: SideEvidence(quality: QualityReport(width: 1000, height: 700)))
    }

    static let john = try! IdentityClaim.validate(
        .init(firstName: "John", lastName: "Smith", address: "1 Main St", city: nil, state: nil, postalCode: "30318",
              country: "US", dateOfBirth: "1975-02-28"),
        supportedCountries: nil, today: DateOfBirth(year: 2026, month: 1, day: 1))

    static func selfie(distance: Double? = 0.3, selfie: Bool = true, portrait: Bool = true, attack: Bool? = false) -> SelfieEvidence {
        SelfieEvidence(selfieFaceFound: selfie, portraitFaceFound: portrait, distance: distance, threshold: 0.58,
                       attackSuspected: attack, livenessReasons: attack == true ? ["screenPattern"] : [])
    }

    let policy = DocumentVerdictPolicy()

    @Test func aCleanReadableDocumentGoesOnToTheHolder() {
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: nil) == nil)
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: Self.selfie()) == nil)
    }

    @Test func unreadableImagesAreUnreadableWithTheEnginesReasons() {
        var report = Self.report()
        report.documentUnreadable = [.blurry, .mrzUnreadable]
        #expect(policy.document(report, statedCountry: "US", selfie: nil) == .unreadable([.blurry, .mrzUnreadable]))
    }

    @Test func theWrongCountryOrAMissingFaceIsForTheUserToFix() {
        #expect(policy.document(Self.report(), statedCountry: "GB", selfie: nil) == .unreadable([.countryMismatch]))
        // The reader takes a stated country at its word; the MRZ's issuing state is checked against it.
        var american = Self.report(["surname": "SMITH", "given_names": "JOHN", "date_of_birth": "1975-02-28", "issuing_state": "USA"],
                                   country: "GB")
        #expect(policy.document(american, statedCountry: "GB", selfie: nil) == .unreadable([.countryMismatch]))
        american.country = "US"
        #expect(policy.document(american, statedCountry: "US", selfie: nil) == nil)
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: Self.selfie(distance: nil, selfie: false))
                == .unreadable([.selfieUnusable]))
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: Self.selfie(distance: nil, portrait: false))
                == .unreadable([.portraitNotFound]))
        #expect(policy.document(Self.report(["given_names": "JOHN"]), statedCountry: "US", selfie: nil) == .unreadable([.identityIncomplete]))
    }

    @Test func expiryFraudZoneFaceAndLivenessFail() {
        var expired = Self.report()
        expired.documentVerificationPlus.expired = true
        #expect(policy.document(expired, statedCountry: "US", selfie: nil) == .failed([.expired]))
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: Self.selfie(distance: 0.7)) == .failed([.faceMismatch]))
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: Self.selfie(attack: true)) == .failed([.livenessFailed]))
        #expect(policy.document(Self.report(), statedCountry: "US", selfie: Self.selfie(distance: 0.58)) == nil, "at the threshold is a match")
    }

    @Test func onlyMachineReadableSourcesDisagreeingFail() {
        var report = Self.report()
        report.mismatches = [FieldMismatch(field: "surname", values: ["mrz": "SMITH", "ocr": "SMlTH"])]
        #expect(policy.document(report, statedCountry: "US", selfie: nil) == nil, "an OCR misread is for review only")
        report.mismatches = [FieldMismatch(field: "date_of_birth", values: ["mrz": "1975-02-28", "barcode": "1975-02-27"])]
        #expect(policy.document(report, statedCountry: "US", selfie: nil) == .failed([.sourcesDisagree]))
    }

    @Test func theHolderDecidesLast() {
        #expect(policy.holder(.matched) == .succeeded)
        #expect(policy.holder(.mismatched(fields: ["surname"])) == .failed([.identityMismatch]))
        #expect(policy.holder(.incomplete(fields: ["street"])) == .unreadable([.identityIncomplete]))
        #expect(policy.holder(.dataSource(.matched)) == .succeeded)
        #expect(policy.holder(.dataSource(.notMatched)) == .failed([.identityNotFound]))
        #expect(policy.holder(.dataSource(.deceased)) == .failed([.deceased]))
        #expect(policy.holder(.dataSource(.fraudAlert)) == .failed([.fraudAlert]))
    }

    @Test func namesMatchWordByWordAsDocumentsPrintThem() {
        #expect(DocumentHolder.compare(Self.report(), with: Self.john) == .matched)
        let longer = Self.report(["surname": "SMITH JONES", "given_names": "JOHN PAUL", "date_of_birth": "1975-02-28"])
        #expect(DocumentHolder.compare(longer, with: Self.john) == .matched, "one of the surnames, the first given name")
        let other = Self.report(["surname": "SMITHSON", "given_names": "JOHNNY", "date_of_birth": "1975-02-27"])
        #expect(DocumentHolder.compare(other, with: Self.john) == .mismatched(fields: ["surname", "given_names", "date_of_birth"]))
        #expect(DocumentHolder.compare(Self.report(["surname": "SMITH"]), with: Self.john)
                == .incomplete(fields: ["given_names", "date_of_birth"]))
    }

    @Test func aLicencesIdentityBecomesAClaimAndWhatIsMissingIsNamed() throws {
        let licence = Self.report(["surname": "SMITH", "given_names": "JOHN PAUL", "date_of_birth": "1975-02-28",
                                   "street": "222333 PEACHTREE PLACE", "city": "ATLANTA", "region": "GA", "postal_code": "30318"])
        let claim = try DocumentHolder.claim(from: licence, supportedCountries: ["US"], today: DateOfBirth(year: 2026, month: 1, day: 1)).get()
        #expect(claim.firstName == "JOHN" && claim.lastName == "SMITH" && claim.state == "GA" && claim.dateOfBirth.description == "1975-02-28")
        let card = Self.report()
        #expect(throws: HolderClaimProblem.missing(["street", "postal_code"])) {
            try DocumentHolder.claim(from: card, supportedCountries: ["US"], today: DateOfBirth(year: 2026, month: 1, day: 1)).get()
        }
        #expect(throws: HolderClaimProblem.unsupportedCountry("US")) {
            try DocumentHolder.claim(from: licence, supportedCountries: ["GB"], today: DateOfBirth(year: 2026, month: 1, day: 1)).get()
        }
    }
}
