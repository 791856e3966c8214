import Foundation

/// Paths of the national-ID OCR service, used by the server to register its
/// routes and by the SDK to call them: one spelling of each.
public enum OCRRoute: String, CaseIterable, Sendable {
    case sessions, front, back, combine
    /// The environment's Ed25519 public key, on the admin surface.
    case publicKey = "public-key"

    public var components: [String] {
        switch self {
        case .publicKey: ["admin", "v1", "documents", "ocr", rawValue]
        default: ["v1", "documents", "ocr", rawValue]
        }
    }

    /// `/v1/documents/ocr/sessions`.
    public var path: String { "/" + components.joined(separator: "/") }

    /// The route a side's image goes to.
    public static func side(_ side: DocumentSide) -> OCRRoute { side == .front ? .front : .back }
}
