import Foundation
import VerityAPI
import VerityChip
import VerityCore

/// A chip's evidence as a check keeps it, sealed: the files, the Active
/// Authentication answer with the challenge it answers, the app's reports.
package struct ChipSubmission: Codable, Sendable {
    package let evidence: ChipEvidence
    package let reported: ChipReport.ReportedProtocols?

    /// The request's chip, checked before anything is written: each file
    /// base64 and within its size, EF.SOD present, the answer's signature
    /// base64. An answer's challenge is empty until the caller claims it
    /// (`ChipChallengeRepository.use`, then `answering`).
    package static func read(_ input: ChipEvidenceInput) throws(VerityError) -> ChipSubmission {
        guard input.files[.sod] != nil else {
            throw .invalid("chip.files.sod", "chip.files must hold sod (EF.SOD): without it nothing on the chip can be verified")
        }
        var files: [ChipFile: Data] = [:]
        for (name, text) in input.files {
            let field = "chip.files.\(name.rawValue)"
            guard !text.isEmpty, text.count <= (name.maximumBytes + 2) / 3 * 4 + 4, let bytes = Data(base64Encoded: text), !bytes.isEmpty else {
                throw .invalid(field, "\(field) must be the file's bytes in base64, at most \(name.maximumBytes / 1024) KB")
            }
            guard bytes.count <= name.maximumBytes else {
                throw VerityError(.payloadTooLarge, "\(field) is \(bytes.count) bytes; a chip's \(name.standardName) is at most \(name.maximumBytes)",
                                  field: field)
            }
            files[name] = bytes
        }
        var answer: ChipEvidence.ActiveAuthenticationAnswer?
        if let active = input.activeAuthentication {
            guard let signature = Data(base64Encoded: active.signatureBase64), (8...1024).contains(signature.count) else {
                throw .invalid("chip.activeAuthentication.signatureBase64", "the chip's answer must be base64, 8 to 1,024 bytes")
            }
            guard files[.dg15] != nil else {
                throw .invalid("chip.files.dg15", "an Active Authentication answer is checked with DG15's key: send dg15 with it")
            }
            answer = ChipEvidence.ActiveAuthenticationAnswer(challenge: Data(), signature: signature)
        }
        let reported = input.reported.map {
            ChipReport.ReportedProtocols(pace: $0.pace?.rawValue, chipAuthentication: $0.chipAuthentication?.rawValue)
        }
        return ChipSubmission(evidence: ChipEvidence(files: files, activeAuthentication: answer), reported: reported)
    }

    /// The same, its answer bound to the claimed challenge's bytes.
    package func answering(_ challenge: Data) -> ChipSubmission {
        var evidence = evidence
        evidence.activeAuthentication = evidence.activeAuthentication.map { .init(challenge: challenge, signature: $0.signature) }
        return ChipSubmission(evidence: evidence, reported: reported)
    }

    /// The challenge id an answer names, checked as a UUID.
    package static func challengeID(_ input: ChipEvidenceInput) throws(VerityError) -> UUID? {
        guard let active = input.activeAuthentication else { return nil }
        guard let id = UUID(uuidString: active.challengeId) else { throw ChipChallenges.invalid }
        return id
    }
}
