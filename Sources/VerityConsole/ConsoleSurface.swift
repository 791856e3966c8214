import Vapor
import VerityCertification
import VerityChipChecks
import VerityKernel
import VerityOperators
import VerityPages
import VeritySanctions
import VerityWebhooks

/// The operator console (`/console`): signing in, the overview, the review
/// queue and its cases, users, settings and the operator's own account.
package struct ConsoleSurface: Surface {
    private let context: SurfaceContext
    private let reviews: ReviewCaseHandlers
    private let certification: CertificationService
    private let wake: WebhookWake
    private let signInHashing: SignInGuard.HashingQueue
    private let chipTrust: ChipTrustService

    /// - Parameters:
    ///   - reviews: what each feature puts before a reviewer; the console knows nothing else of the features.
    ///   - certification: the service the user page withdraws certificates through.
    ///   - signInHashing: the sign-ins this server is hashing or waiting to hash (`SignInGuard`).
    ///   - chipTrust: the tenant's chip trust, for its settings page.
    package init(_ context: SurfaceContext, reviews: ReviewCaseHandlers, certification: CertificationService, wake: WebhookWake,
                 signInHashing: SignInGuard.HashingQueue, chipTrust: ChipTrustService) {
        (self.context, self.reviews, self.certification, self.wake, self.signInHashing) = (context, reviews, certification, wake, signInHashing)
        self.chipTrust = chipTrust
    }

    package func install(on routes: any RoutesBuilder) throws {
        let console = ConsoleController(
            reviews: reviews, scopes: context.scopes, protector: context.protector, clock: context.clock, wake: wake,
            passwordCost: context.settings.operatorPasswordCost, signInHashing: signInHashing,
            servedOverHTTPS: context.settings.pagesBaseURL.hasPrefix("https://"))
        try routes.register(collection: console)
        try routes.register(collection: ConsoleCaseController(console: console))
        try routes.register(collection: ConsoleUserController(console: console, certification: certification))
        try routes.register(collection: ConsoleSettingsController(console: console, chipTrust: chipTrust,
                                                                       watchlists: WatchlistService(protector: context.protector, clock: context.clock)))
        try routes.register(collection: ConsoleAccountController(console: console))
    }

    /// The console's own words, under every feature's.
    package static var words: [String: [String: String]] { ConsoleStrings.tables }
}
