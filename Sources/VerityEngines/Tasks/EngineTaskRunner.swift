import Foundation
import VerityChip
import VerityCore
import VerityVision

/// Does one `EngineTask` with the engines of this process: in an engine
/// worker's child (`EngineZygote`), or in the server itself when the engines
/// run in process (`EngineIsolation.inProcess`). Synchronous: the caller owns
/// the thread.
package struct EngineTaskRunner: Sendable {
    /// nil without face models (`VERITY_MODELS_DIR`): documents are still read.
    let faces: FaceEngine?

    package init(modelsDirectory: String) {
        faces = try? FaceEngine(modelsDirectory: modelsDirectory)
    }

    /// The task's answer; a `VerityError` becomes a refusal, which the server words again.
    package func perform(_ task: EngineTask) -> EngineAnswer {
        do {
            return try answer(task)
        } catch {
            return .refused(EngineRefusal(error))
        }
    }

    private func answer(_ task: EngineTask) throws(VerityError) -> EngineAnswer {
        switch task {
        case .inspect(let front, let back, let type, let country, let today):
            return .report(try inspect(front: [UInt8](front), back: [UInt8](back), type: type, country: country, today: today))
        case .isPassportPage(let front, let today):
            return .flag(try DocumentInspector(today: today).isPassportPage([UInt8](front)))
        case .selfie(let selfie, let document, let threshold, let chipDG2):
            return .selfie(try SelfieMatch(faces: try requireFaces()).evidence(
                selfie: [UInt8](selfie), document: [UInt8](document), threshold: threshold, chipDG2: chipDG2.map { [UInt8]($0) }))
        case .liveness(let selfie):
            return .liveness(try requireFaces().livenessSignals([UInt8](selfie)))
        case .age(let selfie):
            return .age(try requireFaces().estimateAge([UInt8](selfie)))
        case .egyptianIDSide(let image, let side, let today):
            return .egyptianIDSide(try DocumentInspector(today: today, faces: faces).readEgyptianIDSide([UInt8](image), side: side))
        case .captureQuality(let image):
            return .qualityProblems(try CaptureQualityCheck().problems(imageBytes: [UInt8](image)))
        case .chip(let task):
            return .chip(ChipCheck(faces: faces).perform(task))
        case .chipSigner(let sod):
            return .chipSigner(PassiveAuthentication.signerReference(sod: [UInt8](sod)))
        case .chipTrust(let file, let anchors):
            return .chipTrust(.read([UInt8](file), signerAnchors: anchors))
        }
    }

    /// A passport's photo page may come as both images: the back is read only
    /// when the front yields nothing and differs from it. Without a type or
    /// country the document names its own (`DocumentInspector`).
    private func inspect(front: [UInt8], back: [UInt8], type: DocumentType?, country: String?, today: CalendarDate) throws(VerityError)
        -> DocumentReport {
        let inspector = DocumentInspector(today: today, faces: faces)
        guard type == .passport else { return try inspector.inspect(front: front, back: back, type: type, country: country) }
        let report = try inspector.inspect(front: front, type: type, country: country)
        guard report.documentUnreadable != nil, back != front else { return report }
        let second = try inspector.inspect(front: back, type: type, country: country)
        return second.documentUnreadable == nil ? second : report
    }

    private func requireFaces() throws(VerityError) -> FaceEngine {
        guard let faces else {
            throw VerityError(.serviceUnavailable, "Face checks are unavailable on this server: the face models are missing.")
        }
        return faces
    }
}
