/// Decides a document check from the engine's evidence: first whether the
/// document can be trusted (`document`), then whether it is the user's
/// (`holder`). The stages that measured never decide; this is the one place
/// the thresholds of the flow meet.
///
/// The rules, in order (docs/documents.md, "The decision"):
/// 1. Unreadable images, or a selfie or portrait with no usable face, are
///    `unreadable` with what to fix: the user may submit again.
/// 2. A document issued by another country than the one stated is `unreadable`
///    (`COUNTRY_MISMATCH`): the user picked the wrong country.
/// 3. An expired document, machine-readable sources (MRZ, barcode) that
///    disagree, a substituted portrait (fraud zone 2), a selfie that is not the
///    portrait's person or shows a screen or a print: `failed`.
///    Disagreements that involve printed-text OCR are left for review in the
///    evidence and decide nothing: OCR misreads real documents too often.
/// 4. The holder: the PII on file or the data source must agree.
public struct DocumentVerdictPolicy: Sendable {
    public init() {}

    /// nil when the document passes and the holder is to be checked next.
    /// `statedCountry`: nil when the document named its own (the mobile API's
    /// optional hint), so there is nothing to disagree with.
    public func document(_ report: DocumentReport, statedCountry: String?, selfie: SelfieEvidence?) -> DocumentVerdict? {
        if let reasons = report.documentUnreadable { return .unreadable(reasons) }
        var unusable: [UnreadableReason] = []
        // The MRZ names the issuing state; the reader takes the stated country at its word otherwise.
        let issuing = report.field("issuing_state").flatMap { ICAOCountryCode.alpha2($0.value) }
        if let statedCountry, report.country != statedCountry || (issuing.map { $0 != statedCountry } ?? false) {
            unusable.append(.countryMismatch)
        }
        if let selfie {
            if !selfie.selfieFaceFound { unusable.append(.selfieUnusable) }
            if !selfie.portraitFaceFound { unusable.append(.portraitNotFound) }
        }
        let missing = Self.identityFields.filter { report.field($0) == nil }
        if !missing.isEmpty { unusable.append(.identityIncomplete) }
        if !unusable.isEmpty { return .unreadable(unusable) }

        var failures: [DocumentFailure] = []
        if report.documentVerificationPlus.expired { failures.append(.expired) }
        if report.mismatches.contains(where: Self.machineSourcesDisagree) { failures.append(.sourcesDisagree) }
        if report.advancedConfidence?.faceFraudZone == 2 { failures.append(.portraitSubstituted) }
        if let selfie {
            if selfie.matched == false { failures.append(.faceMismatch) }
            if selfie.attackSuspected == true { failures.append(.livenessFailed) }
        }
        return failures.isEmpty ? nil : .failed(failures)
    }

    /// The verdict once the document passed.
    public func holder(_ outcome: HolderOutcome) -> DocumentVerdict {
        switch outcome {
        case .matched, .dataSource(.matched): .succeeded
        case .mismatched: .failed([.identityMismatch])
        case .incomplete: .unreadable([.identityIncomplete])
        case .dataSource(.notMatched): .failed([.identityNotFound])
        case .dataSource(.deceased): .failed([.deceased])
        case .dataSource(.fraudAlert): .failed([.fraudAlert])
        }
    }

    /// Every document flow needs these to say whose document it is.
    static let identityFields = ["surname", "date_of_birth"]

    /// Two sources a recogniser did not guess at (check digits, barcode) disagree
    /// (a stated country against the MRZ's is `countryMismatch`, above).
    static func machineSourcesDisagree(_ mismatch: FieldMismatch) -> Bool {
        mismatch.field != "country" && mismatch.values.keys.filter { $0 != FieldSource.ocr.rawValue }.count >= 2
    }
}
