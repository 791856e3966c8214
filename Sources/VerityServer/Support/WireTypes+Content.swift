import Vapor
import VerityAPI

// Wire types are plain Codable in VerityAPI (the SDK must not see Vapor);
// the server makes them response bodies here.
extension VerifiedIdentity: Content {}
extension SupportedCountries: Content {}
extension ConsentRequirement: Content {}
extension IdentityDataProcessingConsentStatus: Content {}
extension IdentityDataProcessingConsentContent: Content {}
extension UserToken: Content {}
extension RevokedTokens: Content {}
extension HealthStatus: Content {}
