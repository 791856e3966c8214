import VerityCore

/// What was found when looking for one face in an image.
public struct FaceFinding: Sendable, Codable, Equatable {
    public enum Outcome: String, Sendable, Codable {
        case found
        /// No face, or none large enough to compare.
        case noFace
        /// More than one face of similar size: which one is meant is unknown.
        case severalFaces
    }

    public let outcome: Outcome
    public let face: DetectedFace?
    /// Faces detected, any size.
    public let count: Int
    public let quality: FaceQuality?
}

/// Capture quality of a face.
public struct FaceQuality: Sendable, Codable, Equatable {
    /// Distance between the eye centres in pixels.
    public let eyeDistance: Double
    /// Variance of the Laplacian inside the face box (higher is sharper).
    public let sharpness: Double
    /// Nose offset from the eyes' midline relative to the eye distance: 0 is frontal,
    /// about ±0.5 a strong turn; the sign gives the side.
    public let yaw: Double
    /// Both eye regions show the contrast of an eye (not sunglasses, a hand, hair).
    public let eyesVisible: Bool
}

/// A selfie compared with a document portrait (or any two faces).
public struct FaceComparison: Sendable, Codable, Equatable {
    /// nil when either image has no usable face.
    public let match: Bool?
    /// Euclidean distance between the two 128-d embeddings (same person ≲ 0.5).
    public let distance: Double?
    /// 1 − distance/(2 × threshold), kept within 0…1: 0.5 at the threshold.
    public let similarity: Double?
    public let threshold: Double
    public let first: FaceFinding
    public let second: FaceFinding
    public let timings: [StageTiming]
}

/// An age estimate with the band it most likely lies in.
public struct AgeEstimate: Sendable, Codable, Equatable {
    public let age: Double
    /// 10th and 90th percentiles of the network's age distribution.
    public let low: Double
    public let high: Double
    public let finding: FaceFinding
    public let timings: [StageTiming]
}

/// The outcome of a head-turn challenge over several frames.
public struct HeadTurnResult: Sendable, Codable, Equatable {
    public let passed: Bool
    public let direction: HeadTurnChallenge.Direction
    public let failures: [HeadTurnChallenge.Failure]
    /// Each frame's yaw (nil without a face).
    public let yaws: [Double?]
    /// Embedding distance from the first frame to each later one.
    public let distances: [Double]
    public let timings: [StageTiming]
}

/// Passive liveness signals on one image: traces of a screen, a print or a
/// photo held up to the camera. Signals, not a certified attack detector.
public struct LivenessSignals: Sendable, Codable, Equatable {
    /// true when a signal suggests a recapture; nil without a face to examine.
    public let attackSuspected: Bool?
    public let reasons: [PassiveLivenessPolicy.Reason]
    /// Strongest periodic peak over the face (log power above its neighbourhood; nil when the face is too small).
    public let patternStrength: Double?
    /// Sides of the face with a long straight edge running past it.
    public let frameSides: [FrameSide]
    /// Share of the face blown out in every channel (glossy glare); measured, not decided on (docs/faces.md).
    public let glare: Double
    /// 95th percentile of chroma around the face (0 for grey pictures); measured, not decided on.
    public let colourRange: Double
    public let finding: FaceFinding
    public let timings: [StageTiming]
}

/// A side of the face in the image.
public enum FrameSide: String, Sendable, Codable, CaseIterable { case left, right, top, bottom }
