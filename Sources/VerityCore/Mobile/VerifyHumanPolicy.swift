/// VerifyHuman's decision on one selfie: exactly one face, and none of the
/// passive signals of a screen, a print or a photo held up to the camera.
/// A pass says a live-looking human face was in front of the camera at that
/// moment; it says nothing of who the person is (docs/mobile.md).
public struct VerifyHumanPolicy: Sendable {
    public enum Reason: String, Sendable, Codable, CaseIterable {
        case noFace = "NO_FACE"
        case multipleFaces = "MULTIPLE_FACES"
        /// A screen's moiré or a print's halftone over the face.
        case recapturePattern = "RECAPTURE_PATTERN"
        /// Straight edges around the face: a photo or phone held up.
        case frameAroundFace = "FRAME_AROUND_FACE"
    }

    public enum FaceCount: Sendable { case none, one, several }

    public init() {}

    /// Reasons to fail; empty for a pass.
    public func reasons(faces: FaceCount, patternSuspected: Bool, frameSuspected: Bool) -> [Reason] {
        switch faces {
        case .none: return [.noFace]
        case .several: return [.multipleFaces]
        case .one:
            var reasons: [Reason] = []
            if patternSuspected { reasons.append(.recapturePattern) }
            if frameSuspected { reasons.append(.frameAroundFace) }
            return reasons
        }
    }
}
