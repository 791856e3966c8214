/// Step order of a session product. A session holds the step it expects next;
/// a request for any other step is `SESSION_WRONG_STEP` (the error says which
/// step is due), and a session with an outcome takes no step at all.
public struct MobileSessionFlow: Sendable {
    public let product: MobileProduct

    public init(product: MobileProduct) { self.product = product }

    public var first: MobileStep {
        product == .verifyAge ? .step1 : .uploadSelfie
    }

    /// The step after `step` when the flow goes on; `escalate` is VerifyAge's
    /// step 2 asking for a document. nil where `step` decides the outcome.
    public func after(_ step: MobileStep, escalate: Bool = false) -> MobileStep? {
        switch step {
        case .step1: .step2
        case .step2: escalate ? .step3 : nil
        case .step3: nil
        case .uploadSelfie: .uploadIDFront
        case .uploadIDFront: .uploadIDBack
        case .uploadIDBack: .submit
        case .submit: nil
        }
    }

    /// Refuses `step` unless it is the one due (`expected`; nil once the session ended).
    public func admit(_ step: MobileStep, expected: MobileStep?) throws(VerityError) {
        guard let expected else {
            throw VerityError(.sessionWrongStep, "this session has ended: read its status, or start a new session")
        }
        guard step == expected else {
            throw VerityError(.sessionWrongStep, "this session expects \(expected.rawValue) next, not \(step.rawValue)")
        }
    }

    /// Refuses a step the flow takes at any time (`upload/chip`, `chip-challenge`) once the session ended.
    public func admitWhileOpen(expected: MobileStep?) throws(VerityError) -> MobileStep {
        guard let expected else {
            throw VerityError(.sessionWrongStep, "this session has ended: read its status, or start a new session")
        }
        return expected
    }
}
