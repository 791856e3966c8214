/// The mobile API's products (`/api/mobile/v1/{product}`); what each costs
/// and the scope that allows it are the server's (VerityCore).
public enum MobileProduct: String, Sendable, Codable, CaseIterable {
    case verifyHuman = "verifyhuman"
    case verifyAge = "verifyage"
    case verifyIdentity = "verifyidentity"
    case verifyCompliance = "verifycompliance"
}
