import VerityCore

/// The PII claim of a user's last attempt as it is sealed on file: the raw
/// fields, validated again when opened.
struct StoredClaim: Codable, Sendable {
    var firstName, lastName, address: String
    var city, state: String?
    var postalCode, country, dateOfBirth: String

    init(_ claim: IdentityClaim) {
        firstName = claim.firstName
        lastName = claim.lastName
        address = claim.address
        city = claim.city
        state = claim.state
        postalCode = claim.postalCode.canonical
        country = claim.country
        dateOfBirth = claim.dateOfBirth.description
    }

    func claim(today: DateOfBirth) throws(VerityError) -> IdentityClaim {
        try IdentityClaim.validate(IdentityClaim.Fields(firstName: firstName, lastName: lastName, address: address, city: city,
                                                        state: state, postalCode: postalCode, country: country,
                                                        dateOfBirth: dateOfBirth),
                                   supportedCountries: nil, today: today)
    }
}
