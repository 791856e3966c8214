/// What can happen to a user's certification.
public enum CertificationEvent: Sendable, Equatable {
    /// The SMS code was right: the device is verified (once, for every entity).
    case deviceVerified
    /// The registration form was accepted.
    case registered
    /// Level 1: the platform certifies at once, no code needed.
    case certifiedAtLevel1
    /// A certificate was requested with a valid activation code (levels 2–4).
    case certificateRequested
    /// The certificate authority issued the certificate.
    case certificateIssued
    /// The certificate authority refused or failed; the user may try again.
    case certificateRefused
    /// The user (or an operator) gave the certificate up; it is revoked.
    case uncertified
}

/// The certification state machine: each status and the events it accepts.
/// Anything else is a typed error naming what the user must do first.
public struct CertificationStateMachine: Sendable {
    public init() {}

    public func next(from status: CertificationStatus, on event: CertificationEvent) throws(VerityError) -> CertificationStatus {
        switch (status, event) {
        case (.unverified, .deviceVerified): return .unregistered
        case (.unregistered, .registered): return .uncertified
        case (.uncertified, .certifiedAtLevel1): return .certified
        // A higher level replaces a lower one: a certified user may request again.
        case (.uncertified, .certificateRequested), (.certified, .certificateRequested): return .certificatePending
        case (.certificatePending, .certificateIssued): return .certified
        case (.certificatePending, .certificateRefused): return .uncertified
        case (.certified, .uncertified), (.certificatePending, .uncertified): return .uncertified

        case (.unverified, _):
            throw VerityError(.deviceNotVerified, "Verify the device with the SMS code first.")
        case (_, .deviceVerified):
            throw VerityError(.validationError, "The device is already verified.")
        case (.unregistered, _):
            throw VerityError(.userNotAccredited, "Register with the entity first.")
        case (_, .registered):
            throw VerityError(.userAlreadyRegistered, "The user is already registered with this entity.")
        case (.certificatePending, .certificateRequested), (.certificatePending, .certifiedAtLevel1):
            throw VerityError(.validationError, "A certificate is already being issued.")
        case (.certified, .certifiedAtLevel1):
            throw VerityError(.validationError, "The user is already certified.")
        case (.uncertified, .uncertified):
            throw VerityError(.validationError, "The user has no certificate to give up.")
        case (_, .certificateIssued), (_, .certificateRefused):
            throw VerityError(.validationError, "No certificate request is pending.")
        }
    }
}
