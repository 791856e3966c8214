/// The document flows that ask whether a face image is required
/// (`GET …/face-image-required?flow=`): the identity API's own document
/// verification, and the capture page a link opens.
public enum DocumentFlow: String, Sendable, Codable, CaseIterable {
    case verification, capture
}
