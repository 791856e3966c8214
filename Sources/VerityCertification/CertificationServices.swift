import VerityStore
import VerityCore
import VerityKernel
import VerityWebhooks

/// The certification surface's services, built once at start-up and shared by
/// its API (`CertificationController`) and the console's user page.
struct CertificationServices: Sendable {
    let devices: DeviceVerificationService
    let registrations: RegistrationService
    let certification: CertificationService
    let uses: CertificateUseService

    /// - Parameters:
    ///   - codeLifetimeSeconds: how long an SMS verification code works (`VERITY_SMS_CODE_TTL_SECONDS`).
    ///   - sessionLifetimeSeconds: how long an authentication session lasts (the token lifetime).
    init(protector: DataProtector, clock: VerityClock, pki: CertificationPKI, issuer: CertificateIssuer, jobs: JobWorker,
         messaging: CertificationMessaging, wake: WebhookWake, codeLifetimeSeconds: Int, sessionLifetimeSeconds: Int) {
        var policy = DeviceVerificationPolicy()
        policy.codeLifetimeMilliseconds = Int64(codeLifetimeSeconds) * 1000
        devices = DeviceVerificationService(protector: protector, clock: clock, messaging: messaging, policy: policy)
        registrations = RegistrationService(protector: protector, clock: clock, pki: pki, wake: wake)
        certification = CertificationService(protector: protector, clock: clock, pki: pki, issuer: issuer,
                                             jobs: jobs, registrations: registrations)
        uses = CertificateUseService(protector: protector, clock: clock, pki: pki,
                                     sessionLifetimeMilliseconds: Int64(sessionLifetimeSeconds) * 1000,
                                     registrations: registrations)
    }
}
