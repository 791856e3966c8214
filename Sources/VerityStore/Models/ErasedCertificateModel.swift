import Fluent
import Foundation

/// A certificate revoked because its holder was erased: only its serial and
/// revocation time stay, for the CRL. Nothing here names anyone.
public final class ErasedCertificateModel: Model, @unchecked Sendable {
    public static let schema = "erased_certificates"

    /// Uppercase hex, as on the certificate.
    @ID(custom: "serial", generatedBy: .user) public var id: String?
    @Field(key: "revoked_at") public var revokedAt: Int64
    @Field(key: "erased_at") public var erasedAt: Int64
    /// `test` when the test environments' CA issued it; nil for the platform CA.
    @OptionalField(key: "issuer_ca") public var issuerCA: String?

    public init() {}
}
