import Foundation

/// Whether a face image must come with the document in a document flow.
public struct FaceImageRequirement: Codable, Sendable, Equatable {
    /// True when the flow needs a selfie beside the document; when false, sending one is an error.
    public var faceImageRequired: Bool

    public init(faceImageRequired: Bool) {
        self.faceImageRequired = faceImageRequired
    }
}

/// Where a query's answer may come from.
public enum QueryOption: Sendable {
    /// Ask the service every time.
    case remoteOnly
}
