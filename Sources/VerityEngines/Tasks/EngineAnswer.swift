import Foundation
import VerityChip
import VerityCore
import VerityVision

/// What came back from a worker: the task's result, or why the engines
/// refused it. Data about one task, never authority: a refusal names a
/// reason from a closed list and, at most, which of the task's images it
/// concerns; the server chooses the code, the status and the words
/// (`EngineRefusal.error`). A worker taken over by a crafted image can
/// lie about the one task it holds, and about nothing else.
package enum EngineAnswer: Codable, Sendable {
    case report(DocumentReport)
    case flag(Bool)
    case selfie(SelfieEvidence)
    case liveness(LivenessSignals)
    case age(AgeEstimate?)
    case egyptianIDSide(EgyptianIDSideReading)
    case qualityProblems([UnreadableReason])
    case chip(ChipCheckReport)
    case chipSigner(ChipSignerReference?)
    case chipTrust(ChipTrustAnswer)
    case refused(EngineRefusal)
}

/// An answer of another kind than the task asked for: a worker that says
/// something else is not believed.
struct UnexpectedEngineAnswer: Error {
    init() {}
}

extension EngineAnswer {
    /// Whether this is an answer `task` can have: its own kind, or a refusal.
    package func fits(_ task: EngineTask) -> Bool {
        switch (task, self) {
        case (_, .refused), (.inspect, .report), (.isPassportPage, .flag), (.selfie, .selfie), (.liveness, .liveness), (.age, .age),
             (.egyptianIDSide, .egyptianIDSide), (.captureQuality, .qualityProblems), (.chip, .chip), (.chipSigner, .chipSigner),
             (.chipTrust, .chipTrust):
            true
        default:
            false
        }
    }

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

    package func egyptianIDSide() throws -> EgyptianIDSideReading {
        guard case .egyptianIDSide(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func qualityProblems() throws -> [UnreadableReason] {
        guard case .qualityProblems(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func chip() throws -> ChipCheckReport {
        guard case .chip(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func chipSigner() throws -> ChipSignerReference? {
        guard case .chipSigner(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    package func chipTrust() throws -> ChipTrustAnswer {
        guard case .chipTrust(let value) = try checked() else { throw UnexpectedEngineAnswer() }
        return value
    }

    /// The answer, or its refusal thrown as the server words it.
    private func checked() throws -> EngineAnswer {
        if case .refused(let refusal) = self { throw refusal.error }
        return self
    }
}
