/// The mobile API's three outcomes (`mobile-api.txt`: pass, fail,
/// undetermined). `undetermined` is for evidence that is neither: the session
/// ends and is charged, no pass token is issued, and a person should look.
/// It is produced in exactly three places (docs/mobile.md, "Outcomes"):
/// - a face distance just above the threshold (`faceReviewBand`), where
///   genuine document portraits and strangers overlap;
/// - VerifyHuman's screen or print pattern just over its threshold with no
///   frame around the face (`patternConclusiveFrom`), where the signals disagree;
/// - VerifyCompliance's sanctions match that no date of birth confirms.
/// Anything that fails outright fails: an inconclusive finding never softens a failure.
public struct MobileOutcomePolicy: Sendable {
    /// What one piece of evidence says.
    public enum Call: Sendable, Equatable {
        case pass
        case inconclusive(String)
        case fail(String)
    }

    /// Distances up to this much above the threshold are inconclusive, not a
    /// mismatch. On document-like portraits genuine pairs reach 0.618 and
    /// strangers start at 0.586 (docs/faces.md, calibration): at the default
    /// 0.58 the band (0.58, 0.62] holds the genuine pairs the threshold
    /// rejects and the closest strangers, and no pass is given to either.
    public static let faceReviewBand = 0.04
    /// A recapture pattern weaker than this, with no frame, is inconclusive:
    /// the strongest on a real photo was 3.08 and recaptures start at 3.5,
    /// so between the 3.2 threshold and 3.5 a person decides.
    public static let patternConclusiveFrom = 3.5

    public static let faceMatchInconclusive = "FACE_MATCH_INCONCLUSIVE"
    public static let livenessInconclusive = "LIVENESS_INCONCLUSIVE"
    public static let sanctionsReview = "SANCTIONS_REVIEW"
    public static let sanctionsMatch = "SANCTIONS_MATCH"

    public init() {}

    /// A selfie against a portrait; no distance (a face missing on one side) is no match.
    public func face(distance: Double?, threshold: Double, mismatch: String) -> Call {
        guard let distance else { return .fail(mismatch) }
        if distance <= threshold { return .pass }
        return distance <= threshold + Self.faceReviewBand ? .inconclusive(Self.faceMatchInconclusive) : .fail(mismatch)
    }

    /// VerifyHuman's recapture pattern: only a pattern alone, and a weak one, is inconclusive.
    public func pattern(strength: Double?, flagged: Bool, frameFlagged: Bool) -> Call {
        guard flagged else { return .pass }
        if !frameFlagged, let strength, strength < Self.patternConclusiveFrom { return .inconclusive(Self.livenessInconclusive) }
        return .fail(VerifyHumanPolicy.Reason.recapturePattern.rawValue)
    }

    /// The sanctions list's matches for the identity read: a match whose date
    /// of birth agrees fails; a match no date of birth confirms (the entry or
    /// the document has none, or they are a year apart) is for a person.
    public func sanctions(_ matches: [SanctionsMatcher.Match]) -> Call {
        if matches.isEmpty { return .pass }
        if matches.contains(where: { $0.dateOfBirth == .agrees }) { return .fail(Self.sanctionsMatch) }
        return .inconclusive(Self.sanctionsReview)
    }

    /// The outcome of several calls, and its reasons: any failure fails (with
    /// every reason found), else any inconclusive call is undetermined.
    public func outcome(_ calls: [Call]) -> (outcome: MobileOutcome, reasons: [String]) {
        var failures: [String] = [], doubts: [String] = []
        for call in calls {
            switch call {
            case .pass: break
            case .fail(let reason): failures.append(reason)
            case .inconclusive(let reason): doubts.append(reason)
            }
        }
        if !failures.isEmpty { return (.fail, failures + doubts) }
        return doubts.isEmpty ? (.pass, []) : (.undetermined, doubts)
    }
}

extension MobileOutcomePolicy {
    /// The codes `outcome` writes for doubts rather than failures.
    public static let inconclusiveReasons: Set<String> = [faceMatchInconclusive, livenessInconclusive, sanctionsReview]

    /// The outcome once a person has answered some of a verification's
    /// reasons: `settled` leave, `failing` join as failures, and the rest are
    /// judged as the machine judged them (a doubt left over stays a doubt).
    public func outcome(afterReview reasons: [String], settled: Set<String>, failing: [String]) -> (outcome: MobileOutcome, reasons: [String]) {
        let kept = reasons.filter { !settled.contains($0) && !failing.contains($0) }
        return outcome(failing.map(Call.fail) + kept.map { Self.inconclusiveReasons.contains($0) ? .inconclusive($0) : .fail($0) })
    }
}
