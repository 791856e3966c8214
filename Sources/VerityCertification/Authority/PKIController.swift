import Vapor
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import VerityKernel

/// `/pki/crl.der` and `/pki/chain.pem`: what relying parties need to check
/// certificates and signatures. Public; no PII (serials and dates only).
struct PKIController: RouteCollection {
    let pki: CertificationPKI
    let clock: VerityClock

    func boot(routes: any RoutesBuilder) throws {
        routes.get(routePath(PKIRoute.crl.components)) { try await crl(request: $0, of: .live) }
        routes.get(routePath(PKIRoute.chain.components)) { try await chain(request: $0, of: .live) }
        routes.get(routePath(PKIRoute.testCRL.components)) { try await crl(request: $0, of: .test) }
        routes.get(routePath(PKIRoute.testChain.components)) { try await chain(request: $0, of: .test) }
    }

    func chain(request: Request, of kind: EnvironmentKind) async throws -> Response {
        let pem = try pki.requireCA(kind).chainPEM()
        let response = Response(status: .ok, body: .init(string: pem))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "x-pem-file")
        return response
    }

    /// A fresh CRL each time: the revoked list lives in the database, so every
    /// server gives the same answer. The CRL number is the time in seconds,
    /// which only grows.
    func crl(request: Request, of kind: EnvironmentKind) async throws -> Response {
        let ca = try pki.requireCA(kind)
        let revoked = try await UserCertificateRepository(db: request.db).revokedSerials(issuedBy: kind).compactMap { entry -> RevocationList.Entry? in
            guard let serial = SerialNumbers.bytes(hex: entry.serial) else { return nil }
            return RevocationList.Entry(serial: serial, revokedAt: Date(timeIntervalSince1970: Double(entry.revokedAt) / 1000))
        }
        let now = Date(timeIntervalSince1970: Double(clock.nowMillis()) / 1000)
        let der = try await pki.offLoop { try ca.revocationList(revoked, number: Int(now.timeIntervalSince1970), now: now) }
        let response = Response(status: .ok, body: .init(data: Data(der)))
        response.headers.contentType = HTTPMediaType(type: "application", subType: "pkix-crl")
        return response
    }

    init(pki: CertificationPKI, clock: VerityClock) {
        self.pki = pki
        self.clock = clock
    }
}
