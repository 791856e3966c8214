/// How long a client may take over each part of a request, and how many
/// connections this server holds: what keeps a stranger with a slow or idle
/// socket from starving everyone else (`docs/security.md`, "Slow and idle
/// clients"). The defaults follow nginx and Go's `http.Server`; every one is
/// a setting (`docs/operations.md`).
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections served at once; more wait in the probe lane (`/healthz`,
    /// `/readyz` only) or are closed. Lowered at start to what the
    /// descriptor limit leaves room for.
    public var maxConnections = SettingVariable.maxConnections.defaultInteger
    /// Connections one client address (an IPv6 client's /64) may hold.
    public var maxConnectionsPerAddress = SettingVariable.maxConnectionsPerAddress.defaultInteger
    /// A request's head (line and headers) must arrive within this, counted
    /// from the connection's opening or from the request's first byte.
    public var headerSeconds = SettingVariable.headerTimeout.defaultInteger
    /// A kept-alive connection with no request under way is closed after this.
    public var idleSeconds = SettingVariable.idleTimeout.defaultInteger
    /// The longest silence allowed inside a body, and the window the minimum
    /// body rate is measured over.
    public var bodySeconds = SettingVariable.bodyTimeout.defaultInteger
    /// Bytes a second a body must average over each `bodySeconds` window.
    public var minimumBodyBytesPerSecond = SettingVariable.minimumBodyRate.defaultInteger
    /// Connections past the caps that may still ask `/healthz` or `/readyz`,
    /// in total and from one address.
    public var probeLane = 64
    public var probeLanePerAddress = 8
    /// The probe lane's head timeout: a probe is one short request.
    static let probeHeaderSeconds = 2

    public init() {}

    /// Descriptors kept free for the database, engine workers, files and the probe lane.
    static let descriptorsKeptFree = 512

    /// `maxConnections`, lowered so that open connections cannot take the
    /// descriptors the rest of the server needs.
    func connectionsFitting(descriptors: UInt64) -> Int {
        let room = Int(min(descriptors, UInt64(Int.max))) - Self.descriptorsKeptFree - probeLane
        return max(1, min(maxConnections, room))
    }
}
