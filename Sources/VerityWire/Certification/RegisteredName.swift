/// The person a certificate names, from their registration: the entity's form
/// must carry a given-name and a surname field under one of the usual names.
/// The server builds the subject from it; the SDK puts the same name in its CSR.
public enum RegisteredName {
    public static let givenNameFields = ["givenName", "firstName", "given_name", "first_name", "forename"]
    public static let surnameFields = ["surname", "lastName", "familyName", "last_name", "family_name"]

    /// (given name, surname), or nil when the registration lacks either.
    public static func parts(of fields: [String: String]) -> (givenName: String, surname: String)? {
        guard let given = givenNameFields.lazy.compactMap({ fields[$0] }).first,
              let surname = surnameFields.lazy.compactMap({ fields[$0] }).first else { return nil }
        return (given, surname)
    }
}
