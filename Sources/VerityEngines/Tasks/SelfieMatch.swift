import VerityChip
import VerityCore
import VerityVision

/// The selfie task: the selfie against the document's portrait, its passive
/// liveness, and, when the check has a chip, DG2's face against both with the
/// same embeddings (`FaceEngine.compare(portraitPage:selfie:chip:)`).
struct SelfieMatch {
    let faces: FaceEngine

    func evidence(selfie: [UInt8], document: [UInt8], threshold: Double, chipDG2: [UInt8]?) throws(VerityError) -> SelfieEvidence {
        let liveness = try faces.livenessSignals(selfie)
        if let chipDG2, let face = (try? FaceImageGroup(chipDG2))?.faces.first, let chip = try? ChipFaceDecoder().decode(face.bytes) {
            let all = try faces.compare(portraitPage: try Self.decode(document, field: "first"), selfie: try Self.decode(selfie, field: "second"),
                                        chip: chip, threshold: threshold)
            return Self.evidence(all.selfieToPortrait, threshold: threshold, liveness: liveness,
                                 chipFaceFound: all.chipToSelfie.first.outcome == .found, chipToSelfie: all.chipToSelfie.distance,
                                 chipToPortrait: all.chipToPortrait.distance)
        }
        let comparison = try faces.compare(document, selfie, threshold: threshold)
        return Self.evidence(comparison, threshold: threshold, liveness: liveness, chipFaceFound: nil, chipToSelfie: nil, chipToPortrait: nil)
    }

    private static func evidence(_ comparison: FaceComparison, threshold: Double, liveness: LivenessSignals, chipFaceFound: Bool?,
                                 chipToSelfie: Double?, chipToPortrait: Double?) -> SelfieEvidence {
        SelfieEvidence(selfieFaceFound: comparison.second.outcome == .found, portraitFaceFound: comparison.first.outcome == .found,
                       distance: comparison.distance, threshold: threshold, attackSuspected: liveness.attackSuspected,
                       livenessReasons: liveness.reasons.map(\.rawValue), chipFaceFound: chipFaceFound, chipToSelfieDistance: chipToSelfie,
                       chipToPortraitDistance: chipToPortrait)
    }

    /// As the face engine decodes: `first` is the document, `second` the selfie (`EngineRefusal`'s images).
    private static func decode(_ bytes: [UInt8], field: String) throws(VerityError) -> RGBImage {
        do { return try ImageDecoder().decode(bytes) } catch { throw VerityError(error.code, error.message, field: field) }
    }
}
