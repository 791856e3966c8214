import Testing
@testable import VerityCore

@Suite("Registration fields are checked against the entity's definitions")
struct RegistrationValidatorTests {
    let today = CalendarDate(year: 2026, month: 11, day: 22)!
    let definitions = [
        UserFieldDefinition(name: "givenName", type: .text, maxLength: 50),
        UserFieldDefinition(name: "dateOfBirth", type: .date),
        UserFieldDefinition(name: "email", type: .email, required: false),
        UserFieldDefinition(name: "phone", type: .phone),
        UserFieldDefinition(name: "income", type: .number, required: false, minimum: 0, maximum: 10_000_000),
        UserFieldDefinition(name: "title", type: .choice, required: false, choices: ["Mr", "Ms", "Mx", "Dr"]),
    ]

    @Test func aGoodRegistrationPassesTrimmed() throws {
        let values = try RegistrationValidator(definitions: definitions, today: today).validate([
            "givenName": "  Ada ", "dateOfBirth": "1990-02-03", "phone": "+447700900123", "email": "ada@example.org",
            "income": "52000.50", "title": "Dr",
        ])
        #expect(values["givenName"] == "Ada")
    }

    @Test func everyBadFieldIsNamed() {
        let problems = RegistrationValidator(definitions: definitions, today: today).problems(in: [
            "givenName": String(repeating: "a", count: 51), "dateOfBirth": "2030-01-01", "phone": "07700 900123",
            "email": "not-an-email", "income": "1e9", "title": "King", "shoeSize": "44",
        ])
        #expect(problems.map(\.field) == ["givenName", "dateOfBirth", "email", "phone", "income", "title", "shoeSize"], "definition order, then unknown fields")
        let missing = RegistrationValidator(definitions: definitions, today: today).problems(in: ["givenName": "  "])
        #expect(missing.map(\.field) == ["givenName", "dateOfBirth", "phone"])
        #expect(missing.allSatisfy { $0.message == "is required" })
    }

    @Test func controlCharactersAndMalformedDatesAreRefused() {
        let problems = RegistrationValidator(definitions: definitions, today: today).problems(in: [
            "givenName": "Ada\u{0}", "dateOfBirth": "1990-02-30", "phone": "+447700900123",
        ])
        #expect(problems.map(\.field) == ["givenName", "dateOfBirth"])
    }

    @Test func definitionsThemselvesAreChecked() {
        #expect(throws: VerityError(.validationError, "")) { try UserFieldDefinition(name: "Bad Name", type: .text).validated() }
        #expect(throws: VerityError(.validationError, "")) { try UserFieldDefinition(name: "title", type: .choice, choices: []).validated() }
        #expect(throws: VerityError(.validationError, "")) { try UserFieldDefinition(name: "n", type: .number, minimum: 5, maximum: 1).validated() }
        #expect(throws: VerityError(.validationError, "")) { try UserFieldDefinition(name: "t", type: .text, maxLength: 0).validated() }
    }
}

@Suite("Great-circle distances for the nearest checkpoints")
struct GeoCoordinateTests {
    @Test func knownDistancesAndTheAntimeridian() throws {
        let london = try GeoCoordinate(latitude: 51.5074, longitude: -0.1278)
        let paris = try GeoCoordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(london.distanceKilometres(to: paris) - 343.5) < 1.5)
        // Fiji's two sides of 180°: a few hundred kilometres, not 40,000.
        let east = try GeoCoordinate(latitude: -17.0, longitude: 179.5), west = try GeoCoordinate(latitude: -17.0, longitude: -179.5)
        #expect(abs(east.distanceKilometres(to: west) - 106.3) < 1)
        let pole = try GeoCoordinate(latitude: 90, longitude: 0), pole2 = try GeoCoordinate(latitude: 90, longitude: 120)
        #expect(pole.distanceKilometres(to: pole2) < 1e-6)
        let antipode = try GeoCoordinate(latitude: 0, longitude: 0).distanceKilometres(to: try GeoCoordinate(latitude: 0, longitude: 180))
        #expect(abs(antipode - 20015.1) < 1)
    }

    @Test func impossibleCoordinatesAreRefused() {
        for (lat, lon) in [(91.0, 0.0), (-90.5, 0.0), (0.0, 180.1), (Double.nan, 0.0), (0.0, Double.infinity)] {
            #expect(throws: VerityError(.validationError, "")) { try GeoCoordinate(latitude: lat, longitude: lon) }
        }
    }
}
