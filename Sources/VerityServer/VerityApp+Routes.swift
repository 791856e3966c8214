import Vapor
import VerityStore
import VerityKernel
import VerityWebhooks
import VerityIdentity
import VerityMobile
import VerityDocumentOCR
import VerityCertification
import VerityConsole
import VerityAdmin

/// Each surface's controllers, handed what they use and nothing else.
extension VerityApp {
    static func registerSurfaces(_ app: Application, _ parts: ServerDependencies) throws {
        let (protector, clock, wake) = (parts.protector, parts.clock, parts.webhookWake)
        let (userTokens, secretKeys) = (parts.userTokens, parts.secretKeys)

        // Identity: PII verification, consent, documents and the capture page.
        let captureLinks = CaptureLinkService(clock: clock, wake: wake)
        let submissions = DocumentSubmissionService(protector: protector, clock: clock, jobs: parts.jobs, waiters: parts.documentChecks,
                                                    wait: .milliseconds(parts.settings.documentWaitMilliseconds))
        try app.register(collection: IdentityController(
            userTokens: userTokens,
            verification: IdentityVerificationService(protector: protector, clock: clock, dataSources: parts.dataSources,
                                                      captureLinks: captureLinks, webhookWake: wake)))
        try app.register(collection: ConsentController(userTokens: userTokens, consents: ConsentService(clock: clock)))
        try app.register(collection: DocumentController(userTokens: userTokens, submissions: submissions, captureLinks: captureLinks))
        try app.register(collection: AdminDocumentCheckController(secretKeys: secretKeys, protector: protector))
        try app.register(collection: CapturePageController(
            captureLinks: captureLinks, submissions: submissions,
            limits: CaptureRequestLimits(links: captureLinks, protector: protector, clock: clock, scopes: parts.scopes,
                                         perAddress: parts.settings.captureRequestsPerAddressPerMinute),
            engines: parts.documentEngines, scopes: parts.scopes, clock: clock))

        // Certification.
        let certification = CertificationServices(
            protector: protector, clock: clock, pki: parts.pki, issuer: parts.issuer, jobs: parts.jobs, messaging: parts.messaging,
            wake: wake, codeLifetimeSeconds: parts.settings.deviceCodeLifetimeSeconds, sessionLifetimeSeconds: parts.settings.tokenTTLSeconds)
        try app.register(collection: CertificationController(
            auth: CertificationAuthMiddleware(tokens: parts.tokens, protector: protector, clock: clock, idempotency: parts.idempotency),
            services: certification, clock: clock))
        let accreditation = AccreditationAdminService(protector: protector, clock: clock, messaging: parts.messaging, wake: wake)
        try app.register(collection: AdminCertificationController(secretKeys: secretKeys, accreditation: accreditation, clock: clock))
        try app.register(collection: PKIController(pki: parts.pki, clock: clock))

        // The console.
        let console = ConsoleController(
            reviews: reviewCaseHandlers(protector: protector, clock: clock, messaging: parts.messaging, wake: wake),
            scopes: parts.scopes, protector: protector, clock: clock, wake: wake,
            passwordCost: parts.settings.operatorPasswordCost, signInHashing: parts.signInHashing,
            servedOverHTTPS: parts.settings.pagesBaseURL.hasPrefix("https://"))
        try app.register(collection: console)
        try app.register(collection: ConsoleCaseController(console: console))
        try app.register(collection: ConsoleUserController(console: console, certification: certification.certification))
        try app.register(collection: ConsoleSettingsController(console: console))
        try app.register(collection: ConsoleAccountController(console: console))

        // The OCR service and the mobile API.
        try app.register(collection: OCRController(
            userTokens: userTokens, ocr: OCRService(protector: protector, clock: clock, engines: parts.documentEngines, wake: wake)))
        try app.register(collection: AdminOCRController(secretKeys: secretKeys, protector: protector, clock: clock))
        try app.register(collection: MobileController(protector: protector, clock: clock, engines: parts.documentEngines,
                                                      sanctions: parts.sanctions, wake: wake, idempotency: parts.idempotency))
        try app.register(collection: AdminMobileController(secretKeys: secretKeys, protector: protector, clock: clock))

        // The admin API's users and operators, and webhooks.
        try app.register(collection: AdminUserController(
            secretKeys: secretKeys,
            users: AdminUserService(protector: protector, clock: clock, tokens: parts.tokens, defaultTokenTTL: parts.settings.tokenTTLSeconds),
            erasure: UserErasureService(protector: protector, clock: clock, issuer: parts.issuer),
            exports: UserExportService(protector: protector, clock: clock)))
        try app.register(collection: AdminOperatorController(secretKeys: secretKeys, protector: protector, clock: clock,
                                                             passwordCost: parts.settings.operatorPasswordCost))
        try app.register(collection: WebhookController(
            secretKeys: secretKeys, endpoints: WebhookEndpointService(protector: protector, clock: clock, wake: wake)))
    }
}
