import VerityCore
import VerityVision

/// The one service that runs the document and face engines and the verdict
/// policy, whichever surface asked: the identity API's document check (a
/// job), the mobile API's submit and VerifyAge's step 3, the OCR service's
/// combination. Surfaces decide what a judgement means for them (a retake, a
/// holder check, an age); how a document is read and judged is decided here.
package struct DocumentJudge: Sendable {
    let engines: DocumentEngines

    /// What the engines found and what the policy made of it.
    package struct Judgement: Sendable {
        package var report: DocumentReport
        /// The selfie against the portrait, when a selfie was given and the document was readable.
        package var selfie: SelfieEvidence?
        /// `DocumentVerdictPolicy.document`'s verdict: nil when the document
        /// passed its own checks and its holder is to be checked next.
        package var verdict: DocumentVerdict?
    }

    /// The document read (its type and country named, or found by the
    /// document itself), the selfie compared with its portrait once the
    /// document was readable, and both judged. `statedCountry` is the country
    /// the user chose, nil when the document named its own.
    package func judge(front: [UInt8], back: [UInt8], type: DocumentType?, country: String?, statedCountry: String?,
               selfie: [UInt8]?, threshold: Double, today: CalendarDate, chipDG2: [UInt8]? = nil) async throws -> Judgement {
        let report = try await engines.inspect(front: front, back: back, type: type, country: country, today: today)
        var evidence: SelfieEvidence?
        if let selfie, report.documentUnreadable == nil {
            // A chip's face is matched in the same task, on the same embeddings (docs/chip.md).
            evidence = try await engines.selfie(selfie, document: front, threshold: threshold, chipDG2: chipDG2)
        }
        return Judgement(report: report, selfie: evidence,
                         verdict: DocumentVerdictPolicy().document(report, statedCountry: statedCountry, selfie: evidence))
    }

    /// An Egyptian national ID from its two side readings (the OCR service's
    /// transactions), combined and checked against itself on the pool.
    package func combineEgyptianID(front: EgyptianIDSideReading, back: EgyptianIDSideReading, today: CalendarDate) async throws -> DocumentReport {
        let inspector = DocumentInspector(today: today)
        return try await engines.pool.run { inspector.combineEgyptianID(front: front, back: back) }
    }

    package init(engines: DocumentEngines) {
        self.engines = engines
    }
}
