import Foundation

/// Where and how to reach an outside CA that issues levels 2–4.
public struct ExternalCASettings: Sendable {
    public var url: URL
    /// Sent as `Authorization: Bearer`.
    public var token: String
    /// The outside CA's chain (issuing CA … root), PEM: certificates it issues
    /// are checked against it, and relying parties get it with the certificate.
    public var chainPath: String
    public var timeoutMilliseconds: Int = 10_000
    public var retries: Int = 2

    public init(url: URL, token: String, chainPath: String) {
        self.url = url
        self.token = token
        self.chainPath = chainPath
    }
}
