/// A parsed machine readable zone with the result of every check digit.
public struct MRZResult: Sendable, Codable, Equatable {
    public let format: MRZFormat
    /// The lines after repair: what the fields below were read from.
    public let lines: [String]
    public let documentCode: String
    public let issuingState: String
    public let documentNumber: String
    public let surname: String
    public let givenNames: String
    public let nationality: String
    /// nil when the printed date is not a calendar date.
    public let dateOfBirth: CalendarDate?
    public let sex: MRZSex
    public let expiryDate: CalendarDate?
    public let optionalData1: String
    public let optionalData2: String
    public let checks: [MRZCheck]
    /// All check digits confirm their fields.
    public let valid: Bool
    /// Characters changed by repair, each confirmed by field type or by a check digit.
    public let corrections: [MRZCorrection]
    /// Whether the issuing state and nationality are ISO 3166 or ICAO codes.
    public let issuingStateKnown: Bool
    public let nationalityKnown: Bool

}

public enum MRZSex: String, Sendable, Codable {
    case male = "M", female = "F", unspecified = "X"
}

/// One check digit: what the document printed and what its field computes to.
public struct MRZCheck: Sendable, Codable, Equatable {
    public let name: String
    public let printed: String
    public let computed: Int?
    public let valid: Bool
}

/// One character changed while repairing recognition errors.
public struct MRZCorrection: Sendable, Codable, Equatable {
    public let line: Int
    public let position: Int
    public let from: String
    public let to: String
    public let reason: Reason

    public enum Reason: String, Sendable, Codable {
        /// A letter in a digits-only field, a digit in a letters-only field.
        case fieldType
        /// The only change of its size that makes a check digit confirm its field.
        case checkDigit
        /// Letters after the end of the name, where only fillers may stand.
        case filler
        /// An issuing state or nationality that is no ICAO code, made the one code a likely misreading gives.
        case countryCode
    }
}
