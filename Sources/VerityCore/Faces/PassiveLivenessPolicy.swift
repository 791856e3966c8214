/// Decides from passive liveness signals on one image whether it looks like a
/// recapture (a screen, a print, a photo held up) rather than a live face.
/// Liveness signals, not a certified presentation-attack detector: a clean
/// replay without these traces passes, which is why flows pair it with the
/// head-turn challenge.
public struct PassiveLivenessPolicy: Sendable, Equatable, Codable {
    public enum Reason: String, Sendable, Codable, Equatable {
        /// A regular pattern over the face: a screen's pixel grid (moiré) or a print's halftone.
        case screenOrPrintPattern = "SCREEN_OR_PRINT_PATTERN"
        /// Straight edges around the face: a print's border or a device's edge.
        case frameAroundFace = "FRAME_AROUND_FACE"
    }

    /// Peak strength (log power above its neighbourhood) from which a pattern counts.
    public var patternThreshold: Double
    /// Sides of the face (of four) with a straight edge from which a frame counts.
    public var minimumFrameSides: Int

    public init(patternThreshold: Double = 3.2, minimumFrameSides: Int = 3) {
        self.patternThreshold = patternThreshold
        self.minimumFrameSides = minimumFrameSides
    }

    /// The reasons to suspect a recapture; empty when none is seen.
    public func evaluate(patternStrength: Double?, frameSides: Int) -> [Reason] {
        var reasons: [Reason] = []
        if let patternStrength, patternStrength >= patternThreshold { reasons.append(.screenOrPrintPattern) }
        if frameSides >= minimumFrameSides { reasons.append(.frameAroundFace) }
        return reasons
    }
}
