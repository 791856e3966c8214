/// VerifyAge's rules: the claimed date of birth first, then the face (a clear
/// margin above the minimum passes; anything closer asks for a document),
/// then the document's date of birth and portrait.
public struct VerifyAgePolicy: Sendable {
    public enum Reason: String, Sendable, Codable, CaseIterable {
        /// The date of birth (claimed or on the document) is under the minimum age.
        case ageBelowMinimum = "AGE_BELOW_MINIMUM"
        case noFace = "NO_FACE"
        case multipleFaces = "MULTIPLE_FACES"
        /// The face engine's passive signals of a screen, a print or a held-up photo.
        case livenessFailed = "LIVENESS_FAILED"
        /// The document's date of birth is not the one claimed in step 1.
        case dateOfBirthMismatch = "DATE_OF_BIRTH_MISMATCH"
        /// The document's portrait is not the step-2 selfie's face.
        case faceMismatch = "FACE_MISMATCH"
    }

    public let minimumAge: Int
    public let margin: Double

    public init(minimumAge: Int, margin: Double) {
        self.minimumAge = minimumAge
        self.margin = margin
    }

    public init(_ settings: MobileSettings) {
        self.init(minimumAge: settings.minimumAge, margin: settings.ageMargin)
    }

    /// Whole years from `birth` to `today`.
    public static func age(of birth: DateOfBirth, on today: DateOfBirth) -> Int {
        let hadBirthday = (today.month, today.day) >= (birth.month, birth.day)
        return today.year - birth.year - (hadBirthday ? 0 : 1)
    }

    /// Step 1: nil to go on, or why the session fails.
    public func claimed(_ birth: DateOfBirth, today: DateOfBirth) -> Reason? {
        Self.age(of: birth, on: today) >= minimumAge ? nil : .ageBelowMinimum
    }

    /// Step 2: the face's estimate against the minimum plus the margin.
    public func face(estimate: Double, low: Double) -> AgeCheckPolicy.Decision {
        AgeCheckPolicy(buffer: margin).decide(estimate: estimate, low: low, minimumAge: minimumAge)
    }

    /// Step 3: the document's date of birth and the face match.
    public func document(birth: DateOfBirth, claimed: DateOfBirth, today: DateOfBirth, faceMatches: Bool) -> [Reason] {
        var reasons: [Reason] = []
        if birth != claimed { reasons.append(.dateOfBirthMismatch) }
        if Self.age(of: birth, on: today) < minimumAge { reasons.append(.ageBelowMinimum) }
        if !faceMatches { reasons.append(.faceMismatch) }
        return reasons
    }
}
