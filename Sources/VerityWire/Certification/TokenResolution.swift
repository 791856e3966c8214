/// What a client does when its certification token is refused: the spec's
/// `InvalidTokenError.resolution`.
public enum TokenResolution: String, Sendable, Codable, CaseIterable {
    /// The token expired, or the user's certification changed since it was
    /// made: ask for a new device token (the device stays verified).
    case refreshToken = "REFRESH_TOKEN"
    /// The device is unknown or no longer verified: request and enter a new SMS code.
    case verifyDevice = "VERIFY_DEVICE"
}
