import VerityAPI
@testable import VerityCore


/// People and texts every test app starts with.
public enum TestData {
    public static let registryCSV = """
    firstName,lastName,address,city,state,postalCode,country,dateOfBirth,flags
    John,Smith,222333 Peachtree Place,Atlanta,GA,30318,US,1975-02-28,
    Maria,García,"1600 Ocean Ave, Apt 4B",Santa Monica,CA,90401-2345,US,1988-07-14,
    Samuel,O'Connor,12 Baker Street,London,,NW1 6XE,GB,1969-05-21,
    Chloé,Tremblay,350 Rue Sainte-Catherine Ouest,Montréal,QC,H3B 1A2,CA,2001-01-09,
    Harold,Finch,9 Elm Road,Springfield,IL,62701,US,1931-04-02,deceased
    Victor,Krum,400 Market Street,Philadelphia,PA,19106,US,1980-09-30,fraud_alert
    """

    public static let consentTexts: [(locale: String, contentType: String, content: String)] = [
        ("en-US", "text/plain", "I agree to identity data processing."),
        ("en-US", "text/html", "<p>I agree to identity data processing.</p>"),
        ("fr-FR", "text/plain", "J'accepte le traitement de mes données d'identité."),
    ]

    public static let johnSmith = VerifyIdentityInput(
        firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta", state: "GA",
        postalCode: "30318", country: "US", dateOfBirth: "1975-02-28")

    public static let deceased = VerifyIdentityInput(
        firstName: "Harold", lastName: "Finch", address: "9 Elm Road", city: "Springfield", state: "IL",
        postalCode: "62701", country: "US", dateOfBirth: "1931-04-02")

    public static let fraudAlert = VerifyIdentityInput(
        firstName: "Victor", lastName: "Krum", address: "400 Market Street", city: nil, state: nil,
        postalCode: "19106", country: "US", dateOfBirth: "1980-09-30")

    public static let stranger = VerifyIdentityInput(
        firstName: "Nobody", lastName: "Known", address: "1 Nowhere Lane", city: nil, state: nil,
        postalCode: "10001", country: "US", dateOfBirth: "1990-01-01")
}
