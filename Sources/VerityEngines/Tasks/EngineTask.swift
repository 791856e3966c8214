import Foundation
import VerityChip
import VerityCore
import VerityVision

/// One piece of engine work, as it crosses to an engine worker process: the
/// images and what the engines need to know, nothing else (no keys, no user,
/// no tenant). Every surface's engine work is one of these.
package enum EngineTask: Codable, Sendable {
    /// A document's report (`DocumentEngines.inspect`).
    case inspect(front: Data, back: Data, type: DocumentType?, country: String?, today: CalendarDate)
    /// Whether a front alone is a passport's photo page.
    case isPassportPage(front: Data, today: CalendarDate)
    /// A selfie against the document's portrait, with the selfie's liveness
    /// signals; and a chip's DG2 face against both, when the check has one.
    case selfie(selfie: Data, document: Data, threshold: Double, chipDG2: Data? = nil)
    /// A selfie's passive liveness signals (VerifyHuman).
    case liveness(selfie: Data)
    /// The age of the face in a selfie (VerifyAge).
    case age(selfie: Data)
    /// One side of an Egyptian national ID (the OCR service).
    case egyptianIDSide(image: Data, side: DocumentSide, today: CalendarDate)
    /// The capture page's picture rules, repeated by the server.
    case captureQuality(image: Data)
    /// A chip's files: passive and active authentication, DG2's face against
    /// the selfie and the document's page (`ChipCheck`).
    case chip(ChipCheckTask)
    /// The Document Signer's issuer an EF.SOD names, for the trust store lookup.
    case chipSigner(sod: Data)
    /// A file an operator imports to trust: a master list, a CSCA, a CRL.
    case chipTrust(file: Data, signerAnchors: [Data])

    /// The metric stage its time is recorded under (`verity_engine_stage_seconds`).
    package var stage: String {
        switch self {
        case .inspect: "document_inspect"
        case .isPassportPage: "passport_page"
        case .selfie: "face_match"
        case .liveness: "face_liveness"
        case .age: "face_age"
        case .egyptianIDSide: "egyptian_id_side"
        case .captureQuality: "capture_quality"
        case .chip: "chip_check"
        case .chipSigner: "chip_signer"
        case .chipTrust: "chip_trust_import"
        }
    }
}
