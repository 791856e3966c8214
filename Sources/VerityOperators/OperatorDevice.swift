import Foundation
import VerityAPI

/// A browser an operator signed in from, as their page lists it.
package struct OperatorDevice: Sendable, Equatable {
    package let id: UUID
    /// "Firefox · Linux", or empty when the browser did not say (`DeviceLabel`).
    package let label: String
    package let createdAt: Int64
    package let lastUsedAt: Int64
    /// It stops being known then, unless revoked before.
    package let expiresAt: Int64
    /// The SHA-256 of its cookie: how the page finds "this browser".
    package let tokenHash: String
}

/// A new second factor: the operator, and the `otpauth://` address for their
/// authenticator, shown once.
public struct SecondFactorReset: Sendable, Encodable {
    public let `operator`: OperatorView
    public let totpURI: String
}
