import Vapor
import VerityKernel
import VerityCertification

/// The admin API's users (tokens, erasure, export) and operators.
package struct AdminSurface: Surface {
    private let context: SurfaceContext
    private let issuer: CertificateIssuer

    package init(_ context: SurfaceContext, issuer: CertificateIssuer) {
        (self.context, self.issuer) = (context, issuer)
    }

    package func install(on routes: any RoutesBuilder) throws {
        let (protector, clock, settings) = (context.protector, context.clock, context.settings)
        try routes.register(collection: AdminUserController(
            secretKeys: context.secretKeys,
            users: AdminUserService(protector: protector, clock: clock, tokens: context.tokens, defaultTokenTTL: settings.tokenTTLSeconds),
            erasure: UserErasureService(protector: protector, clock: clock, issuer: issuer),
            exports: UserExportService(protector: protector, clock: clock)))
        try routes.register(collection: AdminOperatorController(secretKeys: context.secretKeys, protector: protector, clock: clock,
                                                                passwordCost: settings.operatorPasswordCost))
    }
}
