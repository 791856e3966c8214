import Foundation

/// A `CertificationError` as an `NSError`, for the Objective-C surface's
/// `NSError *` closures and for apps that log errors as `NSError`: the domain
/// `VerityCertificationError`, the HTTP status as the number (0 when the
/// service was not reached), and the stable code, field and resolution in
/// `userInfo` under the keys below.
extension CertificationError: CustomNSError, LocalizedError {
    /// `VerityCertificationError`.
    public static var errorDomain: String { "VerityCertificationError" }
    /// The `userInfo` key of the stable code (`INVALID_TOKEN`, …).
    public static let codeKey = "VerityErrorCode"
    /// The `userInfo` key of the request field at fault.
    public static let fieldKey = "VerityErrorField"
    /// The `userInfo` key of an `INVALID_TOKEN`'s resolution (`REFRESH_TOKEN`, `VERIFY_DEVICE`).
    public static let resolutionKey = "VerityErrorResolution"

    /// The HTTP status; 0 when the service was not reached.
    public var errorCode: Int { httpStatus }

    /// The code, and the field and resolution when there are.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [Self.codeKey: code.rawValue, NSLocalizedDescriptionKey: message]
        if let field { info[Self.fieldKey] = field }
        if let resolution { info[Self.resolutionKey] = resolution.rawValue }
        return info
    }

    /// The message, for people.
    public var errorDescription: String? { message }
}
