/// What a user says about themself, checked field by field.
///
/// Built only through `validate`, so holding one means every field has the
/// right shape: the data source never sees malformed input.
public struct IdentityClaim: Sendable, Equatable {
    public let firstName: String
    public let lastName: String
    public let address: String
    public let city: String?
    public let state: String?
    public let postalCode: PostalCode
    public let country: String
    public let dateOfBirth: DateOfBirth

    public static let maxNameLength = 100
    public static let maxAddressLength = 200
    public static let maxCityLength = 100
    public static let maxStateLength = 100

    /// The raw fields as they arrived, before any check.
    public struct Fields: Sendable {
        public var firstName, lastName, address: String
        public var city, state: String?
        public var postalCode, country, dateOfBirth: String

        public init(firstName: String, lastName: String, address: String, city: String?, state: String?,
                    postalCode: String, country: String, dateOfBirth: String) {
            self.firstName = firstName
            self.lastName = lastName
            self.address = address
            self.city = city
            self.state = state
            self.postalCode = postalCode
            self.country = country
            self.dateOfBirth = dateOfBirth
        }
    }

    /// Checks every field; the first problem found is thrown with its field name.
    /// `supportedCountries` nil accepts any assigned ISO code (registry import).
    public static func validate(_ fields: Fields, supportedCountries: Set<String>?, today: DateOfBirth) throws(VerityError) -> IdentityClaim {
        let firstName = try text(fields.firstName, "firstName", max: maxNameLength)
        let lastName = try text(fields.lastName, "lastName", max: maxNameLength)
        let address = try text(fields.address, "address", max: maxAddressLength)
        let city = try optionalText(fields.city, "city", max: maxCityLength)
        let state = try optionalText(fields.state, "state", max: maxStateLength)
        let countryText = try text(fields.country, "country", max: 2)
        guard let country = CountryCode.parse(countryText) else {
            throw .invalid("country", "country must be an ISO 3166-1 alpha-2 code")
        }
        if let supported = supportedCountries, !supported.contains(country) {
            throw VerityError(.unsupportedCountry, "country \(country) is not supported in this environment", field: "country")
        }
        let postalText = try text(fields.postalCode, "postalCode", max: PostalCode.maxLength + 4)
        guard let postalCode = PostalCode(postalText, country: country) else {
            throw .invalid("postalCode", "postalCode is not a valid postal code for \(country)")
        }
        let dateOfBirth = try DateOfBirth.parse(fields.dateOfBirth, today: today)
        return IdentityClaim(firstName: firstName, lastName: lastName, address: address, city: city, state: state,
                             postalCode: postalCode, country: country, dateOfBirth: dateOfBirth)
    }

    private static func text(_ value: String, _ field: String, max: Int) throws(VerityError) -> String {
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalid(field, "\(field) must not be empty") }
        guard trimmed.count <= max else { throw .invalid(field, "\(field) must be at most \(max) characters") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid(field, "\(field) must not contain control characters")
        }
        guard trimmed.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else {
            throw .invalid(field, "\(field) must contain letters or digits")
        }
        return trimmed
    }

    private static func optionalText(_ value: String?, _ field: String, max: Int) throws(VerityError) -> String? {
        guard let value, !value.trimmingWhitespace().isEmpty else { return nil }
        return try text(value, field, max: max)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}
