import Foundation

// Wire types of the certification surface (`/v1/certification`, see
// docs/certification.md). Times are epoch milliseconds; binary values base64.

/// Asks for an SMS code for this device.
public struct DeviceVerificationRequest: Codable, Sendable, Equatable {
    /// The install's identifier (the SDK makes and keeps one), 16–128 characters.
    public var deviceId: String
    /// E.164, e.g. `+447700900123`. Absent: the number on file for the user
    /// (`UserTokenRequest.phoneNumber`, given by the integrator's backend).
    public var phoneNumber: String?

    /// Creates the value from its fields.
    public init(deviceId: String, phoneNumber: String? = nil) {
        self.deviceId = deviceId
        self.phoneNumber = phoneNumber
    }
}

/// When the code just sent stops working.
public struct DeviceVerificationSent: Codable, Sendable, Equatable {
    /// The code's expiry.
    public var expiresAtEpochMs: Int64

    /// Creates the value from its fields.
    public init(expiresAtEpochMs: Int64) { self.expiresAtEpochMs = expiresAtEpochMs }
}

/// The code the user received, for this device.
public struct DeviceVerificationInput: Codable, Sendable, Equatable {
    /// The install's identifier the code was requested for.
    public var deviceId: String
    /// Six digits.
    public var verificationCode: String

    /// Creates the value from its fields.
    public init(deviceId: String, verificationCode: String) {
        self.deviceId = deviceId
        self.verificationCode = verificationCode
    }
}

/// Asks for a new device token for a device verified before.
public struct DeviceTokenRequest: Codable, Sendable, Equatable {
    /// The verified install's identifier.
    public var deviceId: String

    /// Creates the value from its fields.
    public init(deviceId: String) { self.deviceId = deviceId }
}

/// A token bound to one verified device; send as `Authorization: Bearer`.
public struct DeviceToken: Codable, Sendable, Equatable {
    /// Opaque, starts with `vdt_`.
    public var token: String
    /// When it stops working.
    public var expiresAtEpochMs: Int64

    /// Creates the value from its fields.
    public init(token: String, expiresAtEpochMs: Int64) {
        self.token = token
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}

/// One field of an entity's registration form.
public struct FieldDefinition: Codable, Sendable, Equatable {
    /// The key of the value in `registerUser`'s fields. Optional as the
    /// specification reads it (`if let fieldName = field.name`); the service
    /// always sends it, and refuses an entity's field without one.
    public var name: String?
    /// `text`, `date` (YYYY-MM-DD), `number`, `email`, `phone` (E.164) or `choice`.
    public var type: String
    /// Whether the field must have a value.
    public var required: Bool
    /// Most characters allowed.
    public var maxLength: Int?
    /// Least value of a number.
    public var minimum: Double?
    /// Greatest value of a number.
    public var maximum: Double?
    /// The allowed values of a choice.
    public var choices: [String]?

    /// Creates the value from its fields.
    public init(name: String?, type: String, required: Bool = true, maxLength: Int? = nil, minimum: Double? = nil,
                maximum: Double? = nil, choices: [String]? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.maxLength = maxLength
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
    }
}

/// An entity as the app sees it: its form and the levels it offers.
public struct EntityDetails: Codable, Sendable, Equatable {
    /// The entity's short name.
    public var name: String
    /// The name shown to users.
    public var displayName: String
    /// Accreditation levels offered (1–4).
    public var levels: [Int]
    /// The registration form. Optional as the specification reads it
    /// (`if let userFieldDefinitions = entityDetails.userFieldDefinitions`);
    /// the service always sends it, empty when the entity asks for nothing.
    public var userFieldDefinitions: [FieldDefinition]?

    /// Creates the value from its fields.
    public init(name: String, displayName: String, levels: [Int], userFieldDefinitions: [FieldDefinition]?) {
        self.name = name
        self.displayName = displayName
        self.levels = levels
        self.userFieldDefinitions = userFieldDefinitions
    }
}

/// The registration form's values, by field name.
public struct RegistrationInput: Codable, Sendable, Equatable {
    /// Values as text: dates as YYYY-MM-DD, numbers in decimal.
    public var fields: [String: String]

    /// Creates the value from its fields.
    public init(fields: [String: String]) { self.fields = fields }
}

/// A certificate and the chain up to the platform root, PEM.
public struct UserCertificate: Codable, Sendable, Equatable {
    /// Hex serial number.
    public var serialNumber: String
    /// The accreditation level it was issued for.
    public var level: Int
    /// End of validity.
    public var notAfterEpochMs: Int64
    /// The user's certificate then the issuing CA's, PEM.
    public var chainPEM: String
    /// Whether the private key is in the platform's HSM (level 4).
    public var keyInHSM: Bool

    /// Creates the value from its fields.
    public init(serialNumber: String, level: Int, notAfterEpochMs: Int64, chainPEM: String, keyInHSM: Bool) {
        self.serialNumber = serialNumber
        self.level = level
        self.notAfterEpochMs = notAfterEpochMs
        self.chainPEM = chainPEM
        self.keyInHSM = keyInHSM
    }
}

/// Where the user stands with one entity: the spec's `User` (the SDK names it
/// so), whose registration form is filled in with `user[fieldName] = value`.
public struct CertificationUser: Codable, Sendable, Equatable {
    /// The spec's `User.Status`: `.unverified`, `.unregistered`, `.uncertified`, `.certificatePending`, `.certified`.
    public typealias Status = CertificationStatus

    /// `UNVERIFIED`, `UNREGISTERED`, `UNCERTIFIED`, `CERTIFICATE_PENDING` or `CERTIFIED` on the wire.
    public var status: Status
    /// The highest level the user is accredited at, if any.
    public var accreditedLevel: Int?
    /// The registration form's values, once registered.
    public var fields: [String: String]?
    /// The current certificate, when certified.
    public var certificate: UserCertificate?

    /// Creates the value from its fields.
    public init(status: Status, accreditedLevel: Int? = nil, fields: [String: String]? = nil, certificate: UserCertificate? = nil) {
        self.status = status
        self.accreditedLevel = accreditedLevel
        self.fields = fields
        self.certificate = certificate
    }

    /// An empty registration form, as the spec's `var user = User()` starts one.
    public init() { self.init(status: .unverified) }

    /// A registration field's value, by the field definition's name.
    public subscript(fieldName: String) -> String? {
        get { fields?[fieldName] }
        set { var values = fields ?? [:]; values[fieldName] = newValue; fields = values }
    }
}

/// Evidence of an identity check, required from level 3.
public struct AccreditationEvidence: Codable, Sendable, Equatable {
    /// `document` (an identity verification the user passed), `checkpoint`
    /// (an in-person visit) or `videoCall` (a call with an operator, stated by
    /// the operator who approves): `AccreditationEvidenceKind`.
    public var kind: String
    /// For `checkpoint`, the checkpoint's id; for `document`, a reference the operator can look up.
    public var reference: String

    /// Creates the value from its fields.
    public init(kind: String, reference: String) {
        self.kind = kind
        self.reference = reference
    }
}

/// A user's request to be accredited at a level.
public struct AccreditationRequestInput: Codable, Sendable, Equatable {
    /// 2, 3 or 4.
    public var level: Int
    /// How the user's identity was checked (levels 3 and 4).
    public var evidence: AccreditationEvidence?

    /// Creates the value from its fields.
    public init(level: Int, evidence: AccreditationEvidence? = nil) {
        self.level = level
        self.evidence = evidence
    }
}

/// An accreditation request and its decision.
public struct AccreditationRequestView: Codable, Sendable, Equatable {
    /// The request's id.
    public var id: UUID
    /// The entity's name.
    public var entity: String
    /// The level asked for.
    public var level: Int
    /// `pending`, `approved` or `rejected`.
    public var status: String
    /// The identity evidence recorded.
    public var evidence: AccreditationEvidence?
    /// Why it was rejected.
    public var reason: String?
    /// When it was made.
    public var createdAtEpochMs: Int64

    /// Creates the value from its fields.
    public init(id: UUID, entity: String, level: Int, status: String, evidence: AccreditationEvidence?, reason: String?,
                createdAtEpochMs: Int64) {
        self.id = id
        self.entity = entity
        self.level = level
        self.status = status
        self.evidence = evidence
        self.reason = reason
        self.createdAtEpochMs = createdAtEpochMs
    }
}

/// A device key's certificate signing request (level 1).
public struct CertifyLevel1Input: Codable, Sendable, Equatable {
    /// PKCS#10, PEM or base64 DER, for a P-256 key, CN = the registered name.
    public var csr: String

    /// Creates the value from its fields.
    public init(csr: String) { self.csr = csr }
}

/// A device key's CSR with the activation code for its level (levels 2–3).
public struct CertifyInput: Codable, Sendable, Equatable {
    /// The 16-digit DIAC; spaces and dashes are ignored.
    public var diac: String
    /// PKCS#10, PEM or base64 DER.
    public var csr: String

    /// Creates the value from its fields.
    public init(diac: String, csr: String) {
        self.diac = diac
        self.csr = csr
    }
}

/// Level 4: the key is made in the platform's HSM, protected by the user's password.
public struct CertifyLevel4Input: Codable, Sendable, Equatable {
    /// The 16-digit level-4 DIAC.
    public var diac: String
    /// 8–128 characters; never stored. Needed again for every signature.
    public var password: String

    /// Creates the value from its fields.
    public init(diac: String, password: String) {
        self.diac = diac
        self.password = password
    }
}
