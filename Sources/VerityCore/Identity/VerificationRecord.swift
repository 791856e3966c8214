/// The stored facts about one user's identity verification. Everything a
/// client sees is derived from these by `VerificationPolicy.status(of:)`.
public struct VerificationRecord: Sendable, Equatable {
    /// Highest level achieved so far.
    public var achievedMethod: VerificationMethod
    public var verifiedAtEpochMs: Int64?
    /// Failed PII attempts since the last administrative reset.
    public var failedAttempts: Int
    public var block: VerificationBlock?
    /// A level an administrator raised for this user alone.
    public var requiredMethodOverride: VerificationMethod?
    public var lastAttemptedAtEpochMs: Int64?
    /// Where the user's document verification stands once any document event
    /// happened (a link made, images submitted); nil before.
    public var documentStatus: DocumentVerificationStatus?

    public init(achievedMethod: VerificationMethod = .none, verifiedAtEpochMs: Int64? = nil, failedAttempts: Int = 0,
                block: VerificationBlock? = nil, requiredMethodOverride: VerificationMethod? = nil,
                lastAttemptedAtEpochMs: Int64? = nil, documentStatus: DocumentVerificationStatus? = nil) {
        self.documentStatus = documentStatus
        self.achievedMethod = achievedMethod
        self.verifiedAtEpochMs = verifiedAtEpochMs
        self.failedAttempts = failedAttempts
        self.block = block
        self.requiredMethodOverride = requiredMethodOverride
        self.lastAttemptedAtEpochMs = lastAttemptedAtEpochMs
    }

    /// A user nobody has tried to verify, or one just reset.
    public static let fresh = VerificationRecord()

    /// Whether the user may make a PII attempt: the condition the charge
    /// checks in SQL (`VerificationRepository.chargeAttempt`), in Swift, for
    /// a caller deciding whether to ask a source before charging.
    public func mayAttempt(maxAttempts: Int) -> Bool {
        failedAttempts < maxAttempts && block == nil && achievedMethod == .none
    }
}

/// What a client is told about a user's verification (the spec's
/// `VerifiedIdentity` less owner and consent).
public struct VerificationStatus: Sendable, Equatable {
    public var verified: Bool
    public var verifiedAtEpochMs: Int64
    public var verificationMethod: VerificationMethod
    public var canAttemptVerificationAgain: Bool
    public var attemptsRemaining: Int
    public var requiredVerificationMethod: VerificationMethod
    public var verificationLastAttemptedAtEpochMs: Int64
    public var acceptableDocumentTypes: [DocumentType]
    public var documentVerificationStatus: DocumentVerificationStatus
    public var block: VerificationBlock?
}

extension VerificationPolicy {
    /// Derives the client's view of `record` under this policy.
    public func status(of record: VerificationRecord) -> VerificationStatus {
        let attemptsRemaining = record.block == nil ? max(0, maxAttempts - record.failedAttempts) : 0
        let piiExhausted = attemptsRemaining == 0 && record.block == nil
        var required = max(requiredMethod, record.requiredMethodOverride ?? .none)
        if piiExhausted, escalateToGovernmentID, record.achievedMethod < .knowledgeOfPII {
            required = .governmentID
        }
        let verified = record.achievedMethod != .none && record.achievedMethod >= required
        // PII can raise a user to KNOWLEDGE_OF_PII and no further.
        let canAttempt = !verified && record.block == nil && attemptsRemaining > 0
            && record.achievedMethod < .knowledgeOfPII
        let documentStatus: DocumentVerificationStatus
        if record.achievedMethod == .governmentID {
            documentStatus = .succeeded
        } else if let stored = record.documentStatus {
            documentStatus = stored
        } else if required == .governmentID {
            documentStatus = .notAttempted
        } else {
            documentStatus = .notRequired
        }
        return VerificationStatus(
            verified: verified,
            verifiedAtEpochMs: verified ? (record.verifiedAtEpochMs ?? 0) : 0,
            verificationMethod: record.achievedMethod,
            canAttemptVerificationAgain: canAttempt,
            attemptsRemaining: attemptsRemaining,
            requiredVerificationMethod: required,
            verificationLastAttemptedAtEpochMs: record.lastAttemptedAtEpochMs ?? 0,
            acceptableDocumentTypes: required == .governmentID && !verified ? acceptableDocumentTypes : [],
            documentVerificationStatus: documentStatus,
            block: record.block
        )
    }
}

/// How an attempt changes the stored record once the data source answered.
///
/// An attempt is charged and settled as a compare-and-set or a conditional
/// charge (so concurrent requests can never exceed the limit): in one commit
/// when the source answers from Verity's own database and was asked first,
/// otherwise charged before the source is asked and settled afterwards.
public struct AttemptSettlement: Sendable, Equatable {
    /// Give the charged attempt back: it was not a failure.
    public var refund: Bool
    /// The level reached, if the attempt raised it.
    public var achieved: VerificationMethod?
    /// A reason to stop all further attempts.
    public var block: VerificationBlock?

    public static func settling(_ outcome: DataSourceOutcome) -> AttemptSettlement {
        switch outcome {
        case .matched: AttemptSettlement(refund: true, achieved: .knowledgeOfPII, block: nil)
        case .notMatched: AttemptSettlement(refund: false, achieved: nil, block: nil)
        case .deceased, .fraudAlert: AttemptSettlement(refund: false, achieved: nil, block: outcome.block)
        }
    }

    /// The data source could not answer: the user keeps the attempt.
    public static let unanswered = AttemptSettlement(refund: true, achieved: nil, block: nil)

    /// `record` (as the charge left it) once settled at `now`: the one place
    /// the rule lives, on both databases. A refund never takes the count
    /// below zero, a reached level is kept, a block is never lifted here.
    public func applied(to record: VerificationRecord, now: Int64) -> VerificationRecord {
        var settled = record
        if refund, settled.failedAttempts > 0 { settled.failedAttempts -= 1 }
        if let achieved {
            settled.achievedMethod = achieved
            settled.verifiedAtEpochMs = now
        }
        if let block { settled.block = block }
        return settled
    }
}
