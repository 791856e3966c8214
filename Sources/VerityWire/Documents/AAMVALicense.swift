/// The cardholder's data of an AAMVA driver licence or ID card, across versions
/// 1–10 (names moved from DAA/DAB/DCT to DCS/DAC/DAD over the years).
public struct AAMVALicense: Sendable, Codable, Equatable {
    public let documentType: String
    public let version: Int
    public let issuerIdentificationNumber: String
    public let customerId: String?
    public let familyName: String?
    public let firstName: String?
    public let middleNames: String?
    public let dateOfBirth: CalendarDate?
    public let issueDate: CalendarDate?
    public let expiryDate: CalendarDate?
    public let sex: Sex
    public let eyeColor: String?
    public let height: String?
    public let street: String?
    public let street2: String?
    public let city: String?
    public let jurisdiction: String?
    public let postalCode: String?
    public let country: String?
    public let documentDiscriminator: String?
    public let vehicleClass: String?
    public let restrictions: String?
    public let endorsements: String?
    public let complianceType: String?
    public let familyNameTruncation: Truncation
    public let firstNameTruncation: Truncation
    public let middleNameTruncation: Truncation
    /// Every element of the card subfile, by id, for fields not named above.
    public let elements: [AAMVAElement]
    public let warnings: [String]

    public init(documentType: String, version: Int, issuerIdentificationNumber: String, customerId: String?,
                familyName: String?, firstName: String?, middleNames: String?, dateOfBirth: CalendarDate?,
                issueDate: CalendarDate?, expiryDate: CalendarDate?, sex: Sex, eyeColor: String?, height: String?,
                street: String?, street2: String?, city: String?, jurisdiction: String?, postalCode: String?,
                country: String?, documentDiscriminator: String?, vehicleClass: String?, restrictions: String?,
                endorsements: String?, complianceType: String?, familyNameTruncation: Truncation,
                firstNameTruncation: Truncation, middleNameTruncation: Truncation, elements: [AAMVAElement],
                warnings: [String]) {
        self.documentType = documentType
        self.version = version
        self.issuerIdentificationNumber = issuerIdentificationNumber
        self.customerId = customerId
        self.familyName = familyName
        self.firstName = firstName
        self.middleNames = middleNames
        self.dateOfBirth = dateOfBirth
        self.issueDate = issueDate
        self.expiryDate = expiryDate
        self.sex = sex
        self.eyeColor = eyeColor
        self.height = height
        self.street = street
        self.street2 = street2
        self.city = city
        self.jurisdiction = jurisdiction
        self.postalCode = postalCode
        self.country = country
        self.documentDiscriminator = documentDiscriminator
        self.vehicleClass = vehicleClass
        self.restrictions = restrictions
        self.endorsements = endorsements
        self.complianceType = complianceType
        self.familyNameTruncation = familyNameTruncation
        self.firstNameTruncation = firstNameTruncation
        self.middleNameTruncation = middleNameTruncation
        self.elements = elements
        self.warnings = warnings
    }

    public enum Sex: String, Sendable, Codable { case male, female, unspecified }

    /// DDE/DDF/DDG: whether the printed name was cut to fit.
    public enum Truncation: String, Sendable, Codable { case truncated, notTruncated, unknown }
}
