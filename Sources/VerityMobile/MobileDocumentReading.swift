import Foundation
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityKernel

/// The document steps of the mobile API (VerifyIdentity's uploads and submit,
/// VerifyAge's step 3). `mobile-api.txt` lists only the images, so
/// `document_type` and `country` are hints: checked when sent, and otherwise
/// the document names both (its MRZ or licence barcode). What the document
/// named must still be a type and country the environment accepts.
struct MobileDocumentReading: Sendable {
    let engines: DocumentEngines
    let configuration: EnvironmentConfiguration

    /// The hints of a request body, validated when present.
    struct Hints: Sendable {
        var documentType: DocumentType?
        var country: String?
    }

    func hints(_ stated: MobileDocumentHints) throws -> Hints {
        var hints = Hints()
        if let text = MobileBody.hint(stated.documentType) {
            guard let type = DocumentType(rawValue: text) else {
                throw VerityError.invalid("document_type", "document_type is passport, driverLicense or idCard")
            }
            guard configuration.policy.acceptableDocumentTypes.contains(type) else {
                throw VerityError.invalid("document_type", "\(type.rawValue) is not accepted in this environment")
            }
            hints.documentType = type
        }
        if let text = MobileBody.hint(stated.country) {
            hints.country = try configuration.documentCountry(text)
        }
        return hints
    }

    /// What a judged document asks of the user: nothing (read), or a retake with reasons.
    enum Outcome: Sendable {
        case read(DocumentJudge.Judgement)
        case retake([UnreadableReason])

        var retakeReasons: [UnreadableReason]? {
            if case .retake(let reasons) = self { return reasons }
            return nil
        }
    }

    /// The document judged with the hints given and the selfie against its
    /// portrait (`DocumentJudge`); a document that names no type, or a type or
    /// country this environment does not take, is taken again.
    func read(front: [UInt8], back: [UInt8], hints: Hints, selfie: [UInt8], today: CalendarDate, chipDG2: [UInt8]? = nil) async throws -> Outcome {
        let judged: DocumentJudge.Judgement
        do {
            judged = try await MobileEngineCall.run {
                try await DocumentJudge(engines: engines).judge(
                    front: front, back: back, type: hints.documentType, country: hints.country, statedCountry: hints.country,
                    selfie: selfie, threshold: configuration.faces.matchThreshold, today: today, chipDG2: chipDG2)
            }
        } catch let error as VerityError where hints.documentType == nil && error.field == "document_type" {
            return .retake([.documentTypeUnknown])
        }
        if let reasons = judged.report.documentUnreadable { return .retake(reasons) }
        guard configuration.policy.acceptableDocumentTypes.contains(judged.report.documentType),
              hints.country != nil || configuration.supportedCountries.contains(judged.report.country) else {
            return .retake([.documentNotAccepted])
        }
        return .read(judged)
    }

    /// `.passport` when the front alone is a passport's photo page (its MRZ),
    /// so the session can skip the back; nil otherwise. Only the MRZ is
    /// searched: a licence's barcode is on its back, and the whole document
    /// names its type at submit.
    func typeShown(byFront front: [UInt8], today: CalendarDate) async throws -> DocumentType? {
        try await MobileEngineCall.run { try await engines.isPassportPage(front, today: today) } ? .passport : nil
    }

    /// The fields the document named rather than the client: said in the result.
    static func detected(_ hints: Hints) -> [String] {
        (hints.documentType == nil ? ["document_type"] : []) + (hints.country == nil ? ["country"] : [])
    }
}
