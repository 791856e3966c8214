/// How thoroughly a user's identity was checked before certification (levels 1–4),
/// and the eIDAS assurance level each corresponds to.
public enum AccreditationLevel: Int, Sendable, Codable, CaseIterable, Comparable {
    /// Self-accreditation at registration; the platform certifies at once. No legal validity.
    case level1 = 1
    /// An operator approved the request (eIDAS "low").
    case level2 = 2
    /// Identity checked in person, by video or by a recognised ID verification (eIDAS "substantial").
    case level3 = 3
    /// As level 3, with the key held in the platform's HSM behind the user's password (eIDAS "high").
    case level4 = 4

    public enum Assurance: String, Sendable, Codable {
        case none, low, substantial, high
    }

    public var eidasAssurance: Assurance {
        switch self {
        case .level1: .none
        case .level2: .low
        case .level3: .substantial
        case .level4: .high
        }
    }

    /// Level 3 and up need a recorded identity check (a verified document or a checkpoint visit).
    public var requiresIdentityCheck: Bool { self >= .level3 }
    /// Levels 2 and up are granted by an operator, who gets an activation code for the user.
    public var requiresOperatorApproval: Bool { self >= .level2 }
    /// Level 4 keys live in the HSM; lower levels' keys on the device.
    public var keyInHSM: Bool { self == .level4 }

    public static func < (lhs: AccreditationLevel, rhs: AccreditationLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public static func parse(_ value: Int, field: String = "level") throws(VerityError) -> AccreditationLevel {
        guard let level = AccreditationLevel(rawValue: value) else {
            throw VerityError(.validationError, "The accreditation level is 1, 2, 3 or 4.", field: field)
        }
        return level
    }
}
