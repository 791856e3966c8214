/// Deciding "is this person at least N years old" from a face. Single-image
/// age estimates miss by more than ten years now and then, so a face alone
/// passes only with a buffer above N; anything lower goes to the document's
/// date of birth, never straight to a refusal.
public struct AgeCheckPolicy: Sendable, Equatable {
    public enum Decision: String, Sendable, Codable {
        /// The face is clearly old enough.
        case pass
        /// Not clear from the face: check the date of birth on an identity document.
        case escalateToDocument
    }

    /// Years above the minimum a face estimate must reach to pass on its own.
    public var buffer: Double

    public init(buffer: Double = 7) {
        self.buffer = buffer
    }

    /// `estimate` is the engine's age; `low` the lower end of its band, which
    /// must clear the minimum too.
    public func decide(estimate: Double, low: Double, minimumAge: Int) -> Decision {
        estimate >= Double(minimumAge) + buffer && low >= Double(minimumAge) ? .pass : .escalateToDocument
    }
}
