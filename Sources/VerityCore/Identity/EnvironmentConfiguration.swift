/// Which trusted data source an environment verifies against.
public enum DataSourceKind: String, Sendable, Codable, CaseIterable {
    /// The reference registry embedded in Verity's database.
    case registry
    /// The HTTP identity bureau configured in the server settings.
    case bureau
}

/// Per-environment rules: what an operator can set for `test` and `live`.
public struct EnvironmentConfiguration: Sendable, Equatable, Codable {
    public var supportedCountries: [String]
    public var policy: VerificationPolicy
    public var consentRequired: Bool
    public var defaultConsentLocale: String
    public var dataSource: DataSourceKind
    public var faces: FaceMatchSettings
    public var documents: DocumentFlowSettings
    public var mobile: MobileSettings
    public var webhooks: WebhookSettings
    public var limits: RequestLimits
    public var retention: RetentionSettings
    public var screening: ScreeningSettings

    public init(supportedCountries: [String] = ["US", "GB", "CA"], policy: VerificationPolicy = VerificationPolicy(),
                consentRequired: Bool = true, defaultConsentLocale: String = "en-US",
                dataSource: DataSourceKind = .registry, faces: FaceMatchSettings = FaceMatchSettings(),
                documents: DocumentFlowSettings = DocumentFlowSettings(), mobile: MobileSettings = MobileSettings(),
                webhooks: WebhookSettings = WebhookSettings(), limits: RequestLimits = RequestLimits(),
                retention: RetentionSettings = RetentionSettings(), screening: ScreeningSettings = ScreeningSettings()) {
        self.supportedCountries = supportedCountries
        self.policy = policy
        self.consentRequired = consentRequired
        self.defaultConsentLocale = defaultConsentLocale
        self.dataSource = dataSource
        self.faces = faces
        self.documents = documents
        self.mobile = mobile
        self.webhooks = webhooks
        self.limits = limits
        self.retention = retention
        self.screening = screening
    }

    enum CodingKeys: String, CodingKey {
        case supportedCountries, policy, consentRequired, defaultConsentLocale, dataSource, faces, documents, mobile, webhooks, limits, retention, screening
    }

    /// Configurations stored before an environment had face or document settings read with the defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        supportedCountries = try container.decode([String].self, forKey: .supportedCountries)
        policy = try container.decode(VerificationPolicy.self, forKey: .policy)
        consentRequired = try container.decode(Bool.self, forKey: .consentRequired)
        defaultConsentLocale = try container.decode(String.self, forKey: .defaultConsentLocale)
        dataSource = try container.decode(DataSourceKind.self, forKey: .dataSource)
        faces = try container.decodeIfPresent(FaceMatchSettings.self, forKey: .faces) ?? FaceMatchSettings()
        documents = try container.decodeIfPresent(DocumentFlowSettings.self, forKey: .documents) ?? DocumentFlowSettings()
        mobile = try container.decodeIfPresent(MobileSettings.self, forKey: .mobile) ?? MobileSettings()
        webhooks = try container.decodeIfPresent(WebhookSettings.self, forKey: .webhooks) ?? WebhookSettings()
        limits = try container.decodeIfPresent(RequestLimits.self, forKey: .limits) ?? RequestLimits()
        retention = try container.decodeIfPresent(RetentionSettings.self, forKey: .retention) ?? RetentionSettings()
        screening = try container.decodeIfPresent(ScreeningSettings.self, forKey: .screening) ?? ScreeningSettings()
    }

    /// Checks every setting; countries are upper-cased and de-duplicated.
    public func validated() throws(VerityError) -> EnvironmentConfiguration {
        var copy = self
        var seen = Set<String>()
        copy.supportedCountries = []
        for text in supportedCountries {
            guard let code = CountryCode.parse(text) else {
                throw .invalid("supportedCountries", "\(text) is not an ISO 3166-1 alpha-2 code")
            }
            if seen.insert(code).inserted { copy.supportedCountries.append(code) }
        }
        guard !copy.supportedCountries.isEmpty else {
            throw .invalid("supportedCountries", "at least one country must be supported")
        }
        guard ConsentContentSelector.isValidLocale(defaultConsentLocale) else {
            throw .invalid("defaultConsentLocale", "defaultConsentLocale must be a locale such as en-US")
        }
        copy.policy = try policy.validated()
        copy.faces = try faces.validated()
        copy.documents.captureLinks = try documents.captureLinks.validated()
        copy.documents.review = try documents.review.validated()
        copy.mobile = try mobile.validated()
        copy.limits = try limits.validated()
        copy.retention = try retention.validated()
        copy.screening = try screening.validated()
        return copy
    }
}
