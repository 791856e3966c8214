/// Every header the wire defines, spelled once: the server reads each by
/// this name and the SDK sends it by the same one
/// (`scripts/check-structure.py` fails a second spelling).
public enum WireHeader {
    /// A mobile app's publishable key (`pk_…`): headers only, never the body.
    public static let clientKey = "X-Client-Key"
    /// The mobile session a step belongs to.
    public static let mobileSession = "X-Mobile-Session"
    /// The device a certification device token was made for; required beside every `vdt_` token.
    public static let deviceID = "Verity-Device-ID"
    /// One logical POST, answered once however often it is sent.
    public static let idempotencyKey = "Idempotency-Key"
    /// Seconds to wait before trying again (429, 503).
    public static let retryAfter = "Retry-After"
    /// A webhook delivery's `t=…,v1=…` signature.
    public static let webhookSignature = "Verity-Signature"
}
