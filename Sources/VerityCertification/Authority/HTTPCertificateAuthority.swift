import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore
import SwiftASN1
import VerityCore
import VerityPKI
import X509
import VerityKernel

/// An outside CA over HTTP (the spec's "the CSR is sent off to the
/// appropriate Certification Authority"):
///
///     POST {url}/certificates   {"level", "policy", "subject": {...}, "publicKey": SPKI base64, "csr"?: PEM}
///       → 200/201 {"certificate": PEM}
///     POST {url}/revocations    {"serialNumber": HEX}  → 2xx
///
/// Timeouts, 429 and 5xx are retried (then the job is retried later); other
/// answers are refusals. The certificate must be for the requested key and
/// chain to the configured chain, or it is refused.
package struct HTTPCertificateAuthority: CertificateAuthority {
    let settings: ExternalCASettings
    let chain: [Certificate]
    let policy: CertificatePolicy
    let client: HTTPClient
    package let logger: Logger

    struct IssueRequest: Encodable {
        struct Subject: Encodable {
            let commonName, givenName, surname, serialNumber, organisation: String
            let organisationalUnit, email: String?
        }
        let level: Int
        let policy: String
        let subject: Subject
        let publicKey: String
        let csr: String?
    }

    struct IssueResponse: Decodable { package let certificate: String }

    /// Reads the chain file; a missing or unreadable chain stops the server.
    package static func loadChain(_ path: String) throws -> [Certificate] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw VerityError(.serviceUnavailable, "VERITY_EXTERNAL_CA_CHAIN: \(path) cannot be read.")
        }
        let certificates = (try? PEMDocument.parseMultiple(pemString: text))?.compactMap { try? Certificate(derEncoded: $0.derBytes) } ?? []
        guard !certificates.isEmpty else { throw VerityError(.serviceUnavailable, "VERITY_EXTERNAL_CA_CHAIN: \(path) holds no certificate.") }
        return certificates
    }

    package func issue(publicKey: P256.Signing.PublicKey, csr: [UInt8]?, subject: UserSubject, level: AccreditationLevel) async throws -> Certificate {
        var serializer = DER.Serializer()
        try serializer.serialize(Certificate.PublicKey(publicKey))
        let spki = serializer.serializedBytes
        let csrPEM = try csr.map { try CertificateSigningRequest(derEncoded: $0).serializeAsPEM().pemString }
        let body = IssueRequest(
            level: level.rawValue, policy: policy.oid(for: level).description,
            subject: .init(commonName: subject.commonName, givenName: subject.givenName, surname: subject.surname,
                           serialNumber: subject.userIdentifier, organisation: subject.organisation,
                           organisationalUnit: subject.organisationalUnit, email: subject.email),
            publicKey: Data(spki).base64EncodedString(), csr: csrPEM)
        let data = try await OutboundRetry.run(retries: settings.retries, logger: logger, service: "external-ca",
                                               unavailable: "The certificate authority is unavailable; the request will be retried.",
                                               refusal: VerityError(.validationError, "The certificate authority refused the request.")) {
            await post("certificates", body: try? JSONEncoder().encode(body))
        }
        guard let response = try? JSONDecoder().decode(IssueResponse.self, from: data),
              let certificate = try? Certificate(pemEncoded: response.certificate) else {
            throw VerityError(.validationError, "The certificate authority's answer holds no certificate.")
        }
        let checker = UserSignatures(roots: chain.filter { $0.subject == $0.issuer }, intermediates: chain.filter { $0.subject != $0.issuer })
        try await checker.checkChain(certificate)
        return certificate
    }

    package func revoke(serialNumber: String) async throws {
        _ = try await OutboundRetry.run(retries: settings.retries, logger: logger, service: "external-ca",
                                        unavailable: "The certificate authority is unavailable.") {
            await post("revocations", body: try? JSONEncoder().encode(["serialNumber": serialNumber]))
        }
    }

    private func post(_ path: String, body: Data?) async -> OutboundRetry.Reply<Data> {
        guard let body else { return .fail("request not encodable") }
        var request = HTTPClientRequest(url: settings.url.appendingPathComponent(path).absoluteString)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(settings.token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(data: body))
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(settings.timeoutMilliseconds)))
            let bytes = try await response.body.collect(upTo: 256 * 1024)
            switch response.status.code {
            case 200...299: return .done(Data(buffer: bytes))
            case 429, 500...599: return .retry("status \(response.status.code)")
            default: return .fail("status \(response.status.code)")
            }
        } catch {
            return .retry("transport: \(type(of: error))")
        }
    }

    package init(settings: ExternalCASettings, chain: [Certificate], policy: CertificatePolicy, client: HTTPClient, logger: Logger) {
        self.settings = settings
        self.chain = chain
        self.policy = policy
        self.client = client
        self.logger = logger
    }
}
