import Foundation
import VerityChip
import VerityCore
import VerityEngines

/// One task of each kind, for the engine-answer target's `fits` checks.
enum EngineAnswerFuzzing {
    static let tasks: [EngineTask] = {
        let image = Data([0x89, 0x50, 0x4E, 0x47])
        let today = CalendarDate(year: 2026, month: 12, day: 6)!
        return [.inspect(front: image, back: image, type: nil, country: nil, today: today), .isPassportPage(front: image, today: today),
                .selfie(selfie: image, document: image, threshold: 0.58), .liveness(selfie: image), .age(selfie: image),
                .egyptianIDSide(image: image, side: .front, today: today), .captureQuality(image: image),
                .chip(ChipCheckTask(evidence: ChipEvidence(files: [:]), trust: ChipTrust(), selfie: nil, documentPage: nil, threshold: 0.58)),
                .chipSigner(sod: image), .chipTrust(file: image, signerAnchors: [])]
    }()
}
