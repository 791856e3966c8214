/// The active liveness challenge: the user is asked to turn their head; the
/// frames must show one person (embeddings agree) whose head really turned the
/// requested way (the nose moves across the eyes' midline). A printed photo or
/// a still replayed on a screen cannot turn; a swapped photo changes identity.
public struct HeadTurnChallenge: Sendable, Equatable {
    public enum Direction: String, Sendable, Codable, CaseIterable { case left, right }

    public enum Failure: String, Sendable, Codable {
        /// A frame had no usable face (or several).
        case faceMissing = "FACE_MISSING"
        /// Two frames show different people.
        case identityChanged = "IDENTITY_CHANGED"
        /// The head did not turn enough.
        case noTurn = "NO_TURN"
        /// It turned the other way.
        case wrongDirection = "WRONG_DIRECTION"
        /// Fewer than two frames.
        case tooFewFrames = "TOO_FEW_FRAMES"
    }

    /// Smallest change of yaw (nose offset / eye distance) that counts as a turn.
    public var minimumTurn: Double
    /// Largest embedding distance between frames of one person.
    public var sameFaceThreshold: Double

    public init(minimumTurn: Double = 0.12, sameFaceThreshold: Double = 0.6) {
        self.minimumTurn = minimumTurn
        self.sameFaceThreshold = sameFaceThreshold
    }

    /// `yaws[i]` is frame i's yaw (nil: no face); `distances[i]` the embedding
    /// distance from frame 0 to frame i + 1. The camera faces the user: a turn to
    /// the user's left moves the nose towards the image's right (positive yaw).
    public func evaluate(direction: Direction, yaws: [Double?], distances: [Double]) -> [Failure] {
        guard yaws.count >= 2 else { return [.tooFewFrames] }
        let found = yaws.compactMap { $0 }
        guard found.count == yaws.count else { return [.faceMissing] }
        var failures: [Failure] = []
        if distances.contains(where: { $0 > sameFaceThreshold }) { failures.append(.identityChanged) }
        let change = found.dropFirst().map { $0 - found[0] }
        let wanted = direction == .left ? 1.0 : -1.0
        let strongest = change.max { abs($0) < abs($1) } ?? 0
        if abs(strongest) < minimumTurn {
            failures.append(.noTurn)
        } else if strongest * wanted < 0 {
            failures.append(.wrongDirection)
        }
        return failures
    }
}
