import Foundation
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
    /// A selfie against the document's portrait, with the selfie's liveness signals.
    case selfie(selfie: Data, document: Data, threshold: Double)
    /// A selfie's passive liveness signals (VerifyHuman).
    case liveness(selfie: Data)
    /// The age of the face in a selfie (VerifyAge).
    case age(selfie: Data)
    /// One side of an Egyptian national ID (the OCR service).
    case egyptianIDSide(image: Data, side: DocumentSide, today: CalendarDate)
    /// The capture page's picture rules, repeated by the server.
    case captureQuality(image: Data)

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
        }
    }
}

/// What came back: the task's result, or its typed failure.
package enum EngineAnswer: Codable, Sendable {
    case report(DocumentReport)
    case flag(Bool)
    case selfie(SelfieEvidence)
    case liveness(LivenessSignals)
    case age(AgeEstimate?)
    case egyptianIDSide(EgyptianIDSideReading)
    case qualityProblems([UnreadableReason])
    /// A `VerityError` the engines threw (an image they refused, models missing).
    case failed(code: String, message: String, field: String?)

    package init(_ error: VerityError) {
        self = .failed(code: error.code.rawValue, message: error.message, field: error.field)
    }

    /// The failure as the error it was; a code this server does not know is an engine failure.
    package static func error(code: String, message: String, field: String?) -> VerityError {
        guard let known = VerityError.Code.all.first(where: { $0.rawValue == code }) else {
            return VerityError(.engineFailed, "the engines failed: \(message)")
        }
        return VerityError(known, message, field: field)
    }
}

/// An answer of another kind than the task asked for: a worker that says
/// something else is not believed.
struct UnexpectedEngineAnswer: Error {}

extension EngineAnswer {
    /// Whether this is an answer `task` can have: its own kind, or a failure.
    func fits(_ task: EngineTask) -> Bool {
        switch (task, self) {
        case (_, .failed), (.inspect, .report), (.isPassportPage, .flag), (.selfie, .selfie), (.liveness, .liveness), (.age, .age),
             (.egyptianIDSide, .egyptianIDSide), (.captureQuality, .qualityProblems):
            true
        default:
            false
        }
    }
}

extension EngineAnswer {
    package func report() throws -> DocumentReport {
        guard case .report(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func flag() throws -> Bool {
        guard case .flag(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func selfie() throws -> SelfieEvidence {
        guard case .selfie(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func liveness() throws -> LivenessSignals {
        guard case .liveness(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func age() throws -> AgeEstimate? {
        guard case .age(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    func egyptianIDSide() throws -> EgyptianIDSideReading {
        guard case .egyptianIDSide(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func qualityProblems() throws -> [UnreadableReason] {
        guard case .qualityProblems(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    /// The answer, or its failure thrown.
    private func checked() throws -> EngineAnswer {
        if case .failed(let code, let message, let field) = self { throw Self.error(code: code, message: message, field: field) }
        return self
    }
}
