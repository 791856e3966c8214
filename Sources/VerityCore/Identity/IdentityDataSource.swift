/// A trusted source of identity records: the embedded reference registry or
/// an outside bureau. Implementations throw `VerityError(.serviceUnavailable)`
/// when they cannot answer; they never see unvalidated input.
public protocol IdentityDataSource: Sendable {
    /// A short name kept in the audit trail ("registry", "bureau").
    var name: String { get }
    /// Whether asking only reads Verity's own database: such a source may be
    /// asked before the attempt is charged (one commit for the charge and the
    /// settlement), because a question the charge then refuses cost nothing
    /// and told no one. An outside source is asked only after the charge.
    var answersFromOwnDatabase: Bool { get }
    func check(_ claim: IdentityClaim) async throws -> DataSourceOutcome
}

extension IdentityDataSource {
    public var answersFromOwnDatabase: Bool { false }
}

/// A person as a trusted source records them.
public struct IdentityRecord: Sendable, Equatable, Codable {
    public var firstName, lastName, address: String
    public var city, state: String?
    public var postalCode, country, dateOfBirth: String
    public var deceased: Bool
    public var fraudAlert: Bool

    public init(claim: IdentityClaim, deceased: Bool = false, fraudAlert: Bool = false) {
        firstName = claim.firstName
        lastName = claim.lastName
        address = claim.address
        city = claim.city
        state = claim.state
        postalCode = claim.postalCode.canonical
        country = claim.country
        dateOfBirth = claim.dateOfBirth.description
        self.deceased = deceased
        self.fraudAlert = fraudAlert
    }
}

extension IdentityRecord {
    /// The record as a claim again, every field validated (a claim kept
    /// sealed on file is opened this way).
    public func claim(today: DateOfBirth) throws(VerityError) -> IdentityClaim {
        try IdentityClaim.validate(IdentityClaim.Fields(firstName: firstName, lastName: lastName, address: address, city: city,
                                                        state: state, postalCode: postalCode, country: country,
                                                        dateOfBirth: dateOfBirth),
                                   supportedCountries: nil, today: today)
    }
}
