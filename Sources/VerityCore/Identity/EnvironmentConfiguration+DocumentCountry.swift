import Foundation

extension EnvironmentConfiguration {
    /// A document's stated issuing country: an ISO 3166-1 alpha-2 code this
    /// environment verifies documents from (the identity API's document
    /// submissions, the capture page, the mobile API's country hint).
    public func documentCountry(_ text: String) throws(VerityError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalid("country", "country is required") }
        guard trimmed.count == 2, let country = CountryCode.parse(trimmed) else {
            throw .invalid("country", "country must be an ISO 3166-1 alpha-2 code")
        }
        guard supportedCountries.contains(country) else {
            throw VerityError(.unsupportedCountry, "documents from \(country) are not verified in this environment", field: "country")
        }
        return country
    }
}
