import Foundation

/// A person's phone number and e-mail address as the platform accepts them:
/// one rule for registration forms, device verification and the contacts an
/// integrator's backend files with a user token.
public enum ContactDetails {
    /// E.164: a plus, a country code and up to 15 digits in all.
    public static func isPhoneNumber(_ value: String) -> Bool {
        value.range(of: "^\\+[1-9][0-9]{6,14}$", options: .regularExpression) != nil
    }

    /// One `@`, a dot in the domain, no spaces, at most 254 characters.
    public static func isEmail(_ value: String) -> Bool {
        value.count <= 254 && value.range(of: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$", options: .regularExpression) != nil
    }

    /// `value` trimmed, or `INVALID_INPUT` naming `field`.
    public static func phoneNumber(_ value: String, field: String) throws(VerityError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard isPhoneNumber(trimmed) else { throw .invalid(field, "\(field) must be an international number such as +447700900123") }
        return trimmed
    }

    /// `value` trimmed, or `INVALID_INPUT` naming `field`.
    public static func email(_ value: String, field: String) throws(VerityError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard isEmail(trimmed) else { throw .invalid(field, "\(field) must be an e-mail address") }
        return trimmed
    }
}
