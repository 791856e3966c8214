import Foundation

/// `certification.txt`'s calls as it writes them: `SDK.getClient.call(…,
/// onSuccess: {…}, onNoConnection: {…}, onInvalidToken: { (error) in … }, …,
/// onClientError: { (error) in … })`, its labels and spellings kept
/// (`withVericationCode:`, `onDeviceNotVerified:`).
///
/// Each is its `async` method of the same name, run in a task; exactly one
/// closure is called, once, on ``callbackQueue`` (the main queue unless the
/// app named another). A closure named for an error takes that error; an
/// unreachable service goes to `onNoConnection` where the call has one; every
/// other error, and one whose closure the app left out, goes to
/// `onClientError`. The named closures may be left out; `onSuccess` and
/// `onClientError` may not, so no outcome is lost.
extension CertificationClient {
    /// Sends a code by SMS for this device (see ``requestUserDeviceVerification(phoneNumber:)``).
    public func requestUserDeviceVerification(phoneNumber: String? = nil,
                                              onSuccess: @escaping () -> Void,
                                              onNoConnection: (() -> Void)? = nil,
                                              onInvalidToken: ((CertificationError) -> Void)? = nil,
                                              onDeviceVerificationLimitError: ((CertificationError) -> Void)? = nil,
                                              onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection,
                                      onError: [.invalidToken: onInvalidToken, .deviceVerificationLimit: onDeviceVerificationLimitError],
                                      onClientError: onClientError)) {
            _ = try await self.requestUserDeviceVerification(phoneNumber: phoneNumber)
        }
    }

    /// Checks the SMS code; the device is then verified (see ``verifyUserDevice(verificationCode:)``).
    /// A wrong code is `onValidationError`; one expired or out of guesses, `onExpiredVerificationCodeError`.
    public func verifyUserDevice(withVericationCode code: String,
                                 onSuccess: @escaping () -> Void,
                                 onNoConnection: (() -> Void)? = nil,
                                 onInvalidToken: ((CertificationError) -> Void)? = nil,
                                 onValidationError: ((CertificationError) -> Void)? = nil,
                                 onExpiredVerificationCodeError: ((CertificationError) -> Void)? = nil,
                                 onUserLockedError: ((CertificationError) -> Void)? = nil,
                                 onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection,
                                      onError: [.invalidToken: onInvalidToken, .validationError: onValidationError,
                                                .expiredVerificationCode: onExpiredVerificationCodeError, .userLocked: onUserLockedError],
                                      onClientError: onClientError)) {
            try await self.verifyUserDevice(verificationCode: code)
        }
    }

    /// The user's status with the entity (see ``requestUser()``).
    public func requestUser(onSuccess: @escaping (User) -> Void,
                            onNoConnection: (() -> Void)? = nil,
                            onInvalidToken: ((CertificationError) -> Void)? = nil,
                            onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection, onError: [.invalidToken: onInvalidToken],
                                      onClientError: onClientError)) {
            try await self.requestUser()
        }
    }

    /// The entity's registration form and levels. The specification lists no
    /// other closure for this call: every error is `onClientError`'s.
    public func requestEntityDetails(onSuccess: @escaping (EntityDetails) -> Void,
                                     onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onClientError: onClientError)) {
            try await self.requestEntityDetails()
        }
    }

    /// Registers with the entity, the `User` filled in field by field (see ``registerUser(_:)``).
    public func registerUser(withUser user: User,
                             onSuccess: @escaping () -> Void,
                             onNoConnection: (() -> Void)? = nil,
                             onInvalidToken: ((CertificationError) -> Void)? = nil,
                             onValidationError: ((CertificationError) -> Void)? = nil,
                             onUserAlreadyRegisteredError: ((CertificationError) -> Void)? = nil,
                             onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection,
                                      onError: [.invalidToken: onInvalidToken, .validationError: onValidationError,
                                                .userAlreadyRegistered: onUserAlreadyRegisteredError],
                                      onClientError: onClientError)) {
            _ = try await self.registerUser(withUser: user)
        }
    }

    /// Level 1: a key made here, certified at once (see ``certifyUserAtLevel1()``).
    public func certifyUserAtLevel1(onSuccess: @escaping () -> Void,
                                    onNoConnection: (() -> Void)? = nil,
                                    onInvalidToken: ((CertificationError) -> Void)? = nil,
                                    onUserNotAccreditedError: ((CertificationError) -> Void)? = nil,
                                    onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection,
                                      onError: [.invalidToken: onInvalidToken, .userNotAccredited: onUserNotAccreditedError],
                                      onClientError: onClientError)) {
            _ = try await self.certifyUserAtLevel1()
        }
    }

    /// Levels 2–3 with the DIAC (see ``certifyUser(diac:)``); on success the
    /// user is `CERTIFICATE_PENDING` until the authority issues the certificate.
    public func certifyUser(withDIAC code: String,
                            onSuccess: @escaping () -> Void,
                            onNoConnection: (() -> Void)? = nil,
                            onInvalidToken: ((CertificationError) -> Void)? = nil,
                            onValidationError: ((CertificationError) -> Void)? = nil,
                            onUserNotAccreditedError: ((CertificationError) -> Void)? = nil,
                            onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection,
                                      onError: [.invalidToken: onInvalidToken, .validationError: onValidationError,
                                                .userNotAccredited: onUserNotAccreditedError],
                                      onClientError: onClientError)) {
            _ = try await self.certifyUser(diac: code)
        }
    }

    /// Level 4: the key made in the HSM behind `password` (see ``certifyUserAtLevel4(diac:password:)``).
    public func certifyUserAtLevel4(withDIAC code: String, andPassword password: String,
                                    onSuccess: @escaping () -> Void,
                                    onNoConnection: (() -> Void)? = nil,
                                    onInvalidToken: ((CertificationError) -> Void)? = nil,
                                    onUserNotAccreditedError: ((CertificationError) -> Void)? = nil,
                                    onValidationError: ((CertificationError) -> Void)? = nil,
                                    onDeviceNotVerified: ((CertificationError) -> Void)? = nil,
                                    onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection,
                                      onError: [.invalidToken: onInvalidToken, .userNotAccredited: onUserNotAccreditedError,
                                                .validationError: onValidationError, .deviceNotVerified: onDeviceNotVerified],
                                      onClientError: onClientError)) {
            _ = try await self.certifyUserAtLevel4(diac: code, password: password)
        }
    }

    /// Gives the certificate up for this entity (see ``uncertify()``).
    public func uncertify(onSuccess: @escaping () -> Void,
                          onNoConnection: (() -> Void)? = nil,
                          onInvalidToken: ((CertificationError) -> Void)? = nil,
                          onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection, onError: [.invalidToken: onInvalidToken],
                                      onClientError: onClientError)) {
            _ = try await self.uncertify()
        }
    }

    // MARK: The Checkpoint API, which the specification names without an example

    /// Every checkpoint where users are accredited in person.
    public func requestCheckpoints(onSuccess: @escaping ([CheckpointDetails]) -> Void,
                                   onNoConnection: (() -> Void)? = nil,
                                   onInvalidToken: ((CertificationError) -> Void)? = nil,
                                   onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection, onError: [.invalidToken: onInvalidToken],
                                      onClientError: onClientError)) {
            try await self.requestCheckpoints()
        }
    }

    /// The `limit` nearest checkpoints to a point, nearest first.
    public func requestNearestCheckpoints(latitude: Double, longitude: Double, limit: Int = 10,
                                          onSuccess: @escaping ([CheckpointDetails]) -> Void,
                                          onNoConnection: (() -> Void)? = nil,
                                          onInvalidToken: ((CertificationError) -> Void)? = nil,
                                          onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection, onError: [.invalidToken: onInvalidToken],
                                      onClientError: onClientError)) {
            try await self.requestNearestCheckpoints(latitude: latitude, longitude: longitude, limit: limit)
        }
    }

    /// One checkpoint; an unknown id is `onClientError`'s `NOT_FOUND`.
    public func requestCheckpointDetails(id: UUID,
                                         onSuccess: @escaping (CheckpointDetails) -> Void,
                                         onNoConnection: (() -> Void)? = nil,
                                         onInvalidToken: ((CertificationError) -> Void)? = nil,
                                         onClientError: @escaping (CertificationError) -> Void) {
        deliver(CertificationOutcomes(onSuccess, onNoConnection: onNoConnection, onError: [.invalidToken: onInvalidToken],
                                      onClientError: onClientError)) {
            try await self.requestCheckpointDetails(id: id)
        }
    }
}
