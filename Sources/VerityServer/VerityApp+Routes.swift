import Vapor
import VerityStore
import VerityKernel
import VerityPages
import VerityWebhooks
import VerityChipChecks
import VerityIdentity
import VerityMobile
import VerityDocumentOCR
import VerityCertification
import VerityConsole
import VerityAdmin
import VeritySanctions

/// Every product surface, each handed the shared context and its own parts;
/// each builds its controllers and services itself.
extension VerityApp {
    static func installSurfaces(_ app: Application, _ parts: ServerDependencies) throws {
        let (context, wake) = (parts.context, parts.webhookWake)
        let certification = CertificationSurface(context, pki: parts.pki, issuer: parts.issuer, messaging: parts.messaging, wake: wake)
        let surfaces: [any Surface] = [
            IdentitySurface(context, dataSources: parts.dataSources, engines: parts.documentEngines,
                            documentChecks: parts.documentChecks, wake: wake),
            certification,
            ConsoleSurface(context, reviews: reviewCaseHandlers(protector: parts.protector, clock: parts.clock, messaging: parts.messaging,
                                                                wake: wake),
                           certification: certification.certification, wake: wake, signInHashing: parts.signInHashing,
                           chipTrust: ChipSurface.trust(context, engines: parts.documentEngines)),
            DocumentOCRSurface(context, engines: parts.documentEngines, wake: wake),
            MobileSurface(context, engines: parts.documentEngines, sanctions: parts.sanctions, wake: wake),
            AdminSurface(context, issuer: parts.issuer),
            WebhookSurface(context, wake: wake),
            ChipSurface(context, engines: parts.documentEngines),
            SanctionsSurface(context),
        ]
        for surface in surfaces { try surface.install(on: app) }
    }

    /// What each feature puts before a reviewer: the console asks these about
    /// the cases of their kinds, and knows nothing else of the features.
    static func reviewCaseHandlers(protector: DataProtector, clock: VerityClock, messaging: CertificationMessaging,
                                   wake: WebhookWake?) -> ReviewCaseHandlers {
        ReviewCaseHandlers(IdentitySurface.reviews(protector: protector)
                           + MobileSurface.reviews(protector: protector)
                           + DocumentOCRSurface.reviews(protector: protector)
                           + SanctionsSurface.reviews(protector: protector)
                           + CertificationSurface.reviews(protector: protector, clock: clock, messaging: messaging, wake: wake),
                           general: ConsoleSurface.words)
    }
}
