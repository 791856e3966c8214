import NIOSSL
import Vapor

/// `Strict-Transport-Security` on every answer when browsers reach the
/// server over https (its own TLS, or a proxy's at `VERITY_PUBLIC_URL`):
/// a browser that once saw it never falls back to plain HTTP, where the
/// console's cookies and the capture page's images could be read.
package struct TransportSecurityMiddleware: AsyncMiddleware {
    static let header = "max-age=31536000; includeSubDomains"

    package func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "Strict-Transport-Security", value: Self.header)
        return response
    }

    package init() {
    }
}

extension TLSFiles {
    /// The server's TLS configuration from the PEM files (TLS 1.2 at least).
    package func serverConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePath).map { NIOSSLCertificateSource.certificate($0) }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain,
                                                                     privateKey: .privateKey(try NIOSSLPrivateKey(file: keyPath, format: .pem)))
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}
