import VerityStore
import Vapor
import VerityAPI
import VerityKernel

/// `/admin/v1/documents/ocr/…`: what the tenant's backend fetches with its
/// secret key to check the OCR service's signed answers offline.
struct AdminOCRController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    let protector: DataProtector
    let clock: VerityClock

    func boot(routes: any RoutesBuilder) throws {
        routes.grouped(secretKeys).on(AdminEndpoint.ocrPublicKey, use: publicKey)
    }

    /// The environment's Ed25519 key every `hmacDataList` entry is signed with
    /// (the same as `verity keys response-public-key`). Public, but fetched by
    /// the backend and shipped to its apps, so an app trusts the key its own
    /// backend gave it, not one the answering server offers.
    func publicKey(request: Request) async throws -> ResponseSigningPublicKey {
        try ResponseSigner.publicKey(environmentID: try request.adminContext().environmentID, protector: protector,
                                     now: clock.nowMillis())
    }

    init(secretKeys: SecretKeyMiddleware, protector: DataProtector, clock: VerityClock) {
        self.secretKeys = secretKeys
        self.protector = protector
        self.clock = clock
    }
}
