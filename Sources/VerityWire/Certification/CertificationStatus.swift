/// Where a user stands in certification, per entity (the spec's `User.Status`).
public enum CertificationStatus: String, Sendable, Codable, CaseIterable {
    /// The device has not been verified by SMS code.
    case unverified = "UNVERIFIED"
    /// The device is verified; the user has not registered with this entity.
    case unregistered = "UNREGISTERED"
    /// Registered; no valid certificate.
    case uncertified = "UNCERTIFIED"
    /// A certificate was requested with a valid activation code and is being issued.
    case certificatePending = "CERTIFICATE_PENDING"
    case certified = "CERTIFIED"
}
