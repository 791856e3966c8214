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

    public init(format: MRZFormat, lines: [String], documentCode: String, issuingState: String, documentNumber: String,
                surname: String, givenNames: String, nationality: String, dateOfBirth: CalendarDate?, sex: MRZSex,
                expiryDate: CalendarDate?, optionalData1: String, optionalData2: String, checks: [MRZCheck], valid: Bool,
                corrections: [MRZCorrection], issuingStateKnown: Bool, nationalityKnown: Bool) {
        self.format = format
        self.lines = lines
        self.documentCode = documentCode
        self.issuingState = issuingState
        self.documentNumber = documentNumber
        self.surname = surname
        self.givenNames = givenNames
        self.nationality = nationality
        self.dateOfBirth = dateOfBirth
        self.sex = sex
        self.expiryDate = expiryDate
        self.optionalData1 = optionalData1
        self.optionalData2 = optionalData2
        self.checks = checks
        self.valid = valid
        self.corrections = corrections
        self.issuingStateKnown = issuingStateKnown
        self.nationalityKnown = nationalityKnown
    }

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

    public init(name: String, printed: String, computed: Int?, valid: Bool) {
        self.name = name
        self.printed = printed
        self.computed = computed
        self.valid = valid
    }
}

/// One character changed while repairing recognition errors.
public struct MRZCorrection: Sendable, Codable, Equatable {
    public let line: Int
    public let position: Int
    public let from: String
    public let to: String
    public let reason: Reason

    public init(line: Int, position: Int, from: String, to: String, reason: Reason) {
        self.line = line
        self.position = position
        self.from = from
        self.to = to
        self.reason = reason
    }

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
