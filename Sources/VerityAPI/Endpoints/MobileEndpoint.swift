/// The mobile API (`/api/mobile/v1`), for an app's publishable client key.
/// A session's steps name their session in `X-Mobile-Session`; each route
/// belongs to one product, whose scope the key needs (`mobileProduct`).
public enum MobileEndpoint {
    public typealias Human = MobileEnvelope<MobileHumanData>
    public typealias Age = MobileEnvelope<MobileAgeData>
    public typealias Identity = MobileEnvelope<MobileIdentityData>

    private static let id = MobileRoute.idParameter

    private static func endpoint<Request, Response>(_ verb: HTTPVerb, _ route: MobileRoute, inSession: Bool = false)
        -> Endpoint<Request, Response> {
        Endpoint(verb, route.components, credential: .clientKey, headers: inSession ? [WireHeader.mobileSession] : [])
    }

    public static let verifyHuman: Endpoint<MobileSelfieUpload, Human> = endpoint(.post, .verifyHuman)
    public static let verifyHumanStatus: Endpoint<NoBody, Human> = endpoint(.get, .verifyHumanStatus(verificationID: id))

    public static let ageRules: Endpoint<NoBody, MobileEnvelope<MobileAgeRules>> = endpoint(.get, .ageRules)
    public static let ageSession: Endpoint<MobileEmptyRequest, Age> = endpoint(.post, .session(.verifyAge))
    public static let ageStep1: Endpoint<MobileDateOfBirth, Age> = endpoint(.post, .ageStep(.step1), inSession: true)
    public static let ageStep2: Endpoint<MobileSelfieUpload, Age> = endpoint(.post, .ageStep(.step2), inSession: true)
    public static let ageStep3: Endpoint<MobileAgeDocumentUpload, Age> = endpoint(.post, .ageStep(.step3), inSession: true)
    public static let ageStatus: Endpoint<NoBody, Age> = endpoint(.get, .status(.verifyAge, sessionID: id))

    /// VerifyIdentity's and VerifyCompliance's routes, the same flow under each product's path.
    public static func session(_ product: MobileDocumentProduct) -> Endpoint<MobileEmptyRequest, Identity> {
        endpoint(.post, .session(product.product))
    }
    public static func uploadSelfie(_ product: MobileDocumentProduct) -> Endpoint<MobileSelfieUpload, Identity> {
        endpoint(.post, .upload(product, .selfie), inSession: true)
    }
    public static func uploadFront(_ product: MobileDocumentProduct) -> Endpoint<MobileIDFrontUpload, Identity> {
        endpoint(.post, .upload(product, .idFront), inSession: true)
    }
    public static func uploadBack(_ product: MobileDocumentProduct) -> Endpoint<MobileIDBackUpload, Identity> {
        endpoint(.post, .upload(product, .idBack), inSession: true)
    }
    /// The chip's files (`upload/chip`), optional, before `submit`.
    public static func uploadChip(_ product: MobileDocumentProduct) -> Endpoint<MobileChipUpload, Identity> {
        endpoint(.post, .upload(product, .chip), inSession: true)
    }
    /// A challenge for the chip's Active Authentication, bound to the session.
    public static func chipChallenge(_ product: MobileDocumentProduct) -> Endpoint<MobileEmptyRequest, MobileEnvelope<MobileChipChallengeData>> {
        endpoint(.post, .chipChallenge(product), inSession: true)
    }
    public static func submit(_ product: MobileDocumentProduct) -> Endpoint<MobileEmptyRequest, Identity> {
        endpoint(.post, .submit(product), inSession: true)
    }
    public static func status(_ product: MobileDocumentProduct) -> Endpoint<NoBody, Identity> {
        endpoint(.get, .status(product.product, sessionID: id))
    }
    public static func result(_ product: MobileDocumentProduct) -> Endpoint<NoBody, Identity> {
        endpoint(.get, .result(product, sessionID: id))
    }
}

extension Endpoint {
    /// The mobile product a mobile API route belongs to (the scope a client
    /// key needs for it): the path's first component after `/api/mobile/v1`.
    public var mobileProduct: MobileProduct? {
        guard components.starts(with: MobileRoute.prefix), components.count > MobileRoute.prefix.count else { return nil }
        return MobileProduct(rawValue: components[MobileRoute.prefix.count])
    }
}
