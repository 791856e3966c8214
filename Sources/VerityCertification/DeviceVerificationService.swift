import Crypto
import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Phone verification of a device: an SMS code, its guesses and lockout, and
/// the device token the verified device then uses. Built once; each call
/// works through the context's database handle.
struct DeviceVerificationService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let messaging: CertificationMessaging
    var policy = DeviceVerificationPolicy()

    /// Sends a new code for this device to `phoneNumber`, or to the number on file for the user. Earlier codes of the device stop working.
    func requestCode(_ input: DeviceVerificationRequest, context: CertificationContext) async throws -> DeviceVerificationSent {
        let deviceHash = try Self.deviceHash(input.deviceId)
        let phone = try await phoneNumber(input.phoneNumber, context: context)
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        let devices = CertificationDeviceRepository(db: context.db)
        let now = clock.nowMillis()
        let recent = try await devices.codeTimes(userID: context.userID, since: now - policy.requestWindowMilliseconds)
        try policy.checkRequest(now: now, previousRequests: recent)

        let gateway = try await messaging.gateway(db: context.db, environmentID: context.environmentID)
        let code = policy.newCode { Int.random(in: 0...9) }
        let protector = self.protector
        let sealer = try await PersonKeyRepository(db: context.db, protector: protector)
            .sealer(userID: context.userID, environmentID: context.environmentID, now: now)
        try await devices.issueCode(userID: context.userID, deviceHash: deviceHash,
                                    sealPhone: { try sealer.seal(text: phone, at: .of(.devicePhone, $0)) },
                                    now: now) { Self.codeHash(code, deviceID: $0, protector: protector) }
        let minutes = policy.codeLifetimeMilliseconds / 60_000
        try await gateway.send(SMSMessage(to: phone, text: "Your verification code is \(code). It expires in \(minutes) minutes. Never share it."))
        return DeviceVerificationSent(expiresAtEpochMs: now + policy.codeLifetimeMilliseconds)
    }

    /// The number the app named, or else the one on file for the user.
    private func phoneNumber(_ stated: String?, context: CertificationContext) async throws -> String {
        if let stated {
            let phone = stated.trimmingCharacters(in: .whitespaces)
            guard ContactDetails.isPhoneNumber(phone) else {
                throw VerityError(.validationError, "The phone number must be international, such as +447700900123.", field: "phoneNumber")
            }
            return phone
        }
        guard let phone = try await UserRepository(db: context.db, protector: protector).contacts(userID: context.userID).phone else {
            throw VerityError(.validationError, "No phone number is on file for this user: the backend gives it with the user token "
                              + "(phoneNumber), or the app names one.", field: "phoneNumber")
        }
        return phone
    }

    /// Checks a code; on success the device is verified (for every entity) and gets a device token.
    func verify(_ input: DeviceVerificationInput, context: CertificationContext) async throws -> DeviceToken {
        let deviceHash = try Self.deviceHash(input.deviceId)
        let submitted = try policy.parse(input.verificationCode)
        let locks = CertificationLocks(db: context.db)
        try await locks.checkUnlocked(userID: context.userID)
        let devices = CertificationDeviceRepository(db: context.db)
        let now = clock.nowMillis()
        guard let device = try await devices.device(userID: context.userID, deviceHash: deviceHash) else {
            throw VerityError(.expiredVerificationCode, "No code was sent to this device: request one.")
        }
        let deviceID = try device.requireID()
        guard let code = try await devices.openCode(deviceID: deviceID) else {
            throw VerityError(.expiredVerificationCode, "The verification code has expired; request a new one.")
        }
        // Spend the guess first, atomically, so racing guesses cannot exceed the limit.
        let spent = try await CertificationCounters(db: context.db).spendGuess(codeID: try code.requireID(), maximum: policy.attemptsPerCode)
        // A code sent before a rotation of the derived keys is good while its window lasts.
        let matches = protector.blindIndexes(submitted, domain: Self.codeDomain(deviceID), now: now)
            .reduce(false) { DataProtector.constantTimeEqual($1, code.codeHash) || $0 }
        let challenge = spent.map { DeviceVerificationPolicy.Challenge(issuedAt: code.issuedAt, attempts: $0) }
        let wrongInARow = try await locks.state(userID: context.userID)?.wrongCodes ?? 0
        let outcome = policy.evaluate(challenge: challenge, matches: matches, now: now, wrongInARow: wrongInARow)
        switch outcome {
        case .verified:
            try await devices.markVerified(codeID: try code.requireID(), deviceID: deviceID, userID: context.userID, now: now)
            device.verifiedAt = now
            let (token, expires) = try await DeviceTokens.mint(device: device, on: context.db, now: now)
            return DeviceToken(token: token, expiresAtEpochMs: expires)
        case .wrongCode:
            _ = try await locks.recordWrongCode(userID: context.userID, policy: policy, now: now)
        case .locked:
            _ = try await locks.recordWrongCode(userID: context.userID, policy: policy, now: now)
        case .expired:
            break
        }
        throw outcome.error ?? VerityError(.validationError, "The verification code is wrong.", field: "verificationCode")
    }

    /// A new device token for a verified device: with the app's user token and
    /// the device's identifier, or in exchange for this device's stale token
    /// (expired, or replaced because the certification changed).
    func refresh(_ input: DeviceTokenRequest, context: CertificationContext) async throws -> DeviceToken {
        let deviceHash = try Self.deviceHash(input.deviceId)
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        guard let device = try await CertificationDeviceRepository(db: context.db).device(userID: context.userID, deviceHash: deviceHash),
              let verifiedAt = device.verifiedAt else {
            throw VerityError(.deviceNotVerified, "This device is not verified: request an SMS code.")
        }
        // A chain of refreshed tokens lasts as long as the device's verification, not forever.
        guard clock.nowMillis() - verifiedAt < DeviceTokens.chainLifetimeMilliseconds else {
            throw VerityError(.invalidToken, "This device was verified more than 180 days ago: verify it again with an SMS code.",
                              resolution: .verifyDevice)
        }
        let (token, expires) = try await DeviceTokens.mint(device: device, on: context.db, now: clock.nowMillis())
        return DeviceToken(token: token, expiresAtEpochMs: expires)
    }

    /// A device identifier's hash, after checking its shape.
    static func deviceHash(_ deviceID: String) throws(VerityError) -> String {
        guard (16...128).contains(deviceID.count), deviceID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw VerityError(.validationError, "deviceId is 16–128 letters, digits, '-' or '_'.", field: "deviceId")
        }
        return DeviceTokens.hash(deviceID: deviceID)
    }

    /// Six digits have a million values: the hash is keyed (and per device) so
    /// a stolen database cannot be searched for the codes.
    private static func codeHash(_ code: String, deviceID: UUID, protector: DataProtector) -> String {
        protector.blindIndex(code, domain: codeDomain(deviceID))
    }

    private static func codeDomain(_ deviceID: UUID) -> String { "device-code:\(deviceID.uuidString)" }
}
