/// Decides whether a claim describes a recorded person.
public enum IdentityMatcher {
    /// The fields a record is filed under, normalised: records are found by a
    /// keyed hash of this text, never by plaintext.
    public static func lookupKey(country: String, lastName: String, dateOfBirth: String) -> String {
        "\(country)|\(TextNormalizer.name(lastName))|\(dateOfBirth)"
    }

    public static func lookupKey(_ claim: IdentityClaim) -> String {
        lookupKey(country: claim.country, lastName: claim.lastName, dateOfBirth: claim.dateOfBirth.description)
    }

    /// True when every field the claim gives agrees with the record. City and
    /// state are optional in a claim but must agree when given.
    public static func matches(_ claim: IdentityClaim, _ record: IdentityRecord) -> Bool {
        guard claim.country == record.country,
              claim.dateOfBirth.description == record.dateOfBirth,
              TextNormalizer.name(claim.firstName) == TextNormalizer.name(record.firstName),
              TextNormalizer.name(claim.lastName) == TextNormalizer.name(record.lastName),
              AddressNormalizer.address(claim.address) == AddressNormalizer.address(record.address),
              let recordPostal = PostalCode(record.postalCode, country: record.country),
              claim.postalCode.matches(recordPostal)
        else { return false }
        if let city = claim.city {
            guard let recorded = record.city, AddressNormalizer.city(city) == AddressNormalizer.city(recorded) else { return false }
        }
        if let state = claim.state {
            guard let recorded = record.state, AddressNormalizer.region(state) == AddressNormalizer.region(recorded) else { return false }
        }
        return true
    }

    /// The outcome for a claim against every record filed under its key.
    public static func outcome(for claim: IdentityClaim, among candidates: [IdentityRecord]) -> DataSourceOutcome {
        guard let record = candidates.first(where: { matches(claim, $0) }) else { return .notMatched }
        if record.fraudAlert { return .fraudAlert }
        if record.deceased { return .deceased }
        return .matched
    }
}

extension IdentityMatcher {
    /// Every field of a claim in normalised form, one line: two claims that
    /// would match the same records give the same text.
    public static func canonicalText(_ claim: IdentityClaim) -> String {
        [claim.country, TextNormalizer.name(claim.firstName), TextNormalizer.name(claim.lastName),
         AddressNormalizer.address(claim.address), claim.city.map(AddressNormalizer.city) ?? "",
         claim.state.map(AddressNormalizer.region) ?? "", claim.postalCode.canonical, claim.dateOfBirth.description]
            .joined(separator: "|")
    }
}
