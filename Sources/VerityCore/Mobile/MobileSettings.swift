/// An environment's rules for the mobile API (`verity environment set --mobile-…`).
public struct MobileSettings: Sendable, Equatable, Codable {
    /// Requests one client key may make to one product per minute, shared by every server.
    public var requestsPerMinute: Int
    /// Minutes of inactivity after which a session expires (`SESSION_EXPIRED`).
    public var sessionMinutes: Int
    /// Per-product exceptions to `sessionMinutes`, by product name
    /// (`verifyage`, `verifyidentity`, `verifycompliance`).
    public var productSessionMinutes: [String: Int]
    /// VerifyAge: the age a user must have reached.
    public var minimumAge: Int
    /// VerifyAge: years above the minimum a face estimate must reach to pass
    /// without a document (`AgeCheckPolicy.buffer`).
    public var ageMargin: Double
    /// Days a finished session's result (never its images, erased at the end)
    /// stays readable at `result/{session_id}`, and an expired session answers
    /// `SESSION_EXPIRED`; then both are deleted.
    public var resultRetentionDays: Int

    public static let requestsRange = 1...100_000
    public static let sessionRange = 1...1_440
    public static let ageRange = 13...25
    public static let marginRange = 0.0...60.0
    public static let retentionRange = 1...3_650

    /// The products whose verifications are sessions (VerifyHuman is one call).
    public static let sessionProducts: [MobileProduct] = [.verifyAge, .verifyIdentity, .verifyCompliance]

    public init(requestsPerMinute: Int = 120, sessionMinutes: Int = 30, productSessionMinutes: [String: Int] = [:],
                minimumAge: Int = 18, ageMargin: Double = 7, resultRetentionDays: Int = 30) {
        self.requestsPerMinute = requestsPerMinute
        self.sessionMinutes = sessionMinutes
        self.productSessionMinutes = productSessionMinutes
        self.minimumAge = minimumAge
        self.ageMargin = ageMargin
        self.resultRetentionDays = resultRetentionDays
    }

    /// How long a session of `product` may sit idle.
    public func sessionMinutes(for product: MobileProduct) -> Int {
        productSessionMinutes[product.rawValue] ?? sessionMinutes
    }

    enum CodingKeys: String, CodingKey { case requestsPerMinute, sessionMinutes, productSessionMinutes, minimumAge, ageMargin, resultRetentionDays }

    /// Settings stored before a field existed read with its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requestsPerMinute = try container.decodeIfPresent(Int.self, forKey: .requestsPerMinute) ?? 120
        sessionMinutes = try container.decodeIfPresent(Int.self, forKey: .sessionMinutes) ?? 30
        productSessionMinutes = try container.decodeIfPresent([String: Int].self, forKey: .productSessionMinutes) ?? [:]
        minimumAge = try container.decodeIfPresent(Int.self, forKey: .minimumAge) ?? 18
        ageMargin = try container.decodeIfPresent(Double.self, forKey: .ageMargin) ?? 7
        resultRetentionDays = try container.decodeIfPresent(Int.self, forKey: .resultRetentionDays) ?? 30
    }

    public func validated() throws(VerityError) -> MobileSettings {
        guard Self.requestsRange.contains(requestsPerMinute) else {
            throw .invalid("mobileRequestsPerMinute", "requests per minute are 1–100,000")
        }
        guard Self.sessionRange.contains(sessionMinutes) else {
            throw .invalid("mobileSessionMinutes", "a session lasts 1–1,440 minutes of inactivity")
        }
        for (name, minutes) in productSessionMinutes {
            guard let product = MobileProduct(rawValue: name), Self.sessionProducts.contains(product) else {
                throw .invalid("mobileProductSessionMinutes",
                               "\(name) has no sessions; products with sessions are \(Self.sessionProducts.map(\.rawValue).joined(separator: ", "))")
            }
            guard Self.sessionRange.contains(minutes) else {
                throw .invalid("mobileProductSessionMinutes", "a \(name) session lasts 1–1,440 minutes of inactivity")
            }
        }
        guard Self.ageRange.contains(minimumAge) else { throw .invalid("mobileMinimumAge", "the minimum age is 13–25") }
        guard Self.marginRange.contains(ageMargin) else { throw .invalid("mobileAgeMargin", "the age margin is 0–60 years") }
        guard Self.retentionRange.contains(resultRetentionDays) else {
            throw .invalid("mobileResultRetentionDays", "results are kept 1–3,650 days")
        }
        return self
    }
}
