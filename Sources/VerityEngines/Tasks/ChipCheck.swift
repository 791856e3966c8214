import Foundation
import VerityChip
import VerityCore
import VerityVision

/// One chip's check, as the engines receive it: the files the app read, what
/// the tenant trusts (the CSCAs the Document Signer may chain to, their
/// CRLs), and the pictures DG2's face is matched against.
package struct ChipCheckTask: Codable, Sendable {
    package let evidence: ChipEvidence
    package let trust: ChipTrust
    /// The user's selfie, when the check has one.
    package let selfie: Data?
    /// The document's photo page, whose printed portrait DG2's face must be.
    package let documentPage: Data?
    package let threshold: Double
    /// DG2's face as a PNG, for a reviewer: asked only where a check can be
    /// held for one. Without it, a selfie or a page, DG2 is not decoded here
    /// at all (the selfie task matched it already).
    package let facePicture: Bool

    package init(evidence: ChipEvidence, trust: ChipTrust, selfie: Data?, documentPage: Data?, threshold: Double, facePicture: Bool = true) {
        self.evidence = evidence
        self.trust = trust
        self.selfie = selfie
        self.documentPage = documentPage
        self.threshold = threshold
        self.facePicture = facePicture
    }
}

/// What the engines found on the chip, and DG2's face against the pictures.
package struct ChipCheckReport: Codable, Sendable {
    package let findings: ChipFindings
    /// DG2's face against the selfie; nil without a selfie, face models or a decodable DG2.
    package let selfie: FaceComparison?
    /// DG2's face against the printed portrait on the document's page.
    package let portrait: FaceComparison?
    /// DG2's face as a PNG, for a reviewer's eyes (browsers do not draw JPEG 2000).
    package let facePNG: Data?
    /// Why DG2's face could not be decoded, when it could not.
    package let faceRefusal: EngineRefusal?
}

/// An import's answer: what became of each certificate, or why the file was refused.
package enum ChipTrustAnswer: Codable, Sendable {
    case imported(TrustImport.Outcome)
    case refused(TrustImportRefusal)

    /// `file` read and checked in this process: in an engine worker's child, or the CLI's own.
    package static func read(_ file: [UInt8], signerAnchors: [Data]) -> ChipTrustAnswer {
        do throws(TrustImportRefusal) {
            return .imported(try TrustImport.read(file, signerAnchors: signerAnchors.map { [UInt8]($0) }))
        } catch {
            return .refused(error)
        }
    }
}

/// Passive and active authentication, then DG2's face decoded and compared.
struct ChipCheck {
    let faces: FaceEngine?

    func perform(_ task: ChipCheckTask) -> ChipCheckReport {
        let findings = PassiveAuthentication(trust: task.trust).inspect(task.evidence)
        let faceWanted = task.facePicture || task.selfie != nil || task.documentPage != nil
        guard faceWanted, let dg2 = task.evidence.file(.dg2), let face = (try? FaceImageGroup(dg2))?.faces.first else {
            return ChipCheckReport(findings: findings, selfie: nil, portrait: nil, facePNG: nil, faceRefusal: nil)
        }
        let image: RGBImage
        do throws(VerityError) {
            image = try ChipFaceDecoder().decode(face.bytes)
        } catch {
            return ChipCheckReport(findings: findings, selfie: nil, portrait: nil, facePNG: nil, faceRefusal: EngineRefusal(error))
        }
        return ChipCheckReport(
            findings: findings, selfie: compare(image, task.selfie, task.threshold), portrait: compare(image, task.documentPage, task.threshold),
            facePNG: task.facePicture ? PNGWriter.encode(image).map { Data($0) } : nil, faceRefusal: nil)
    }

    /// The chip's face against a picture; nil when there is none, or it does not decode.
    private func compare(_ chipFace: RGBImage, _ picture: Data?, _ threshold: Double) -> FaceComparison? {
        guard let faces, let picture, let decoded = try? ImageDecoder().decode([UInt8](picture)) else { return nil }
        return try? faces.compare(images: chipFace, decoded, threshold: threshold)
    }
}
