/// The SMTP server activation codes are mailed through (`VERITY_SMTP_*`).
public struct SMTPSettings: Sendable, Equatable {
    public var host: String
    /// 465 with implicit TLS (the default), 25 or 1025 for a relay on loopback.
    public var port: Int
    /// TLS from the first byte (SMTPS). Plain text is allowed only to a
    /// loopback relay: credentials and codes never cross a network in clear.
    public var tls: Bool
    public var username: String?
    public var password: String?
    /// The sender, e.g. `Verity <no-reply@bank.example>`'s address part.
    public var from: String
    public var timeoutMilliseconds: Int

    public init(host: String, port: Int, tls: Bool, username: String? = nil, password: String? = nil, from: String,
                timeoutMilliseconds: Int = 10_000) {
        self.host = host
        self.port = port
        self.tls = tls
        self.username = username
        self.password = password
        self.from = from
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Loopback names and addresses, where plain text is allowed.
    public var isLoopback: Bool { TransportRules.isLoopback(host) }
}
