import VerityCore
import X509

/// Who a user certificate names: built from the fields the user registered
/// with the entity, never from what the device put in its request.
public struct UserSubject: Sendable, Equatable {
    public let givenName: String
    public let surname: String
    /// An address the user proved they read (`emailProtection` and the
    /// e-mail SAN come with it), or nil.
    public let email: String?
    /// Who the certificate belongs to: the tenant, named by the platform
    /// (the certificate's organisation).
    public let organisation: String
    /// The entity the user registered with, named by the tenant (the
    /// certificate's organisational unit).
    public let organisationalUnit: String?
    /// A stable, non-personal identifier of the user (the certificate's serialNumber attribute).
    public let userIdentifier: String

    public init(givenName: String, surname: String, email: String?, organisation: String, organisationalUnit: String? = nil,
                userIdentifier: String) {
        self.givenName = givenName
        self.surname = surname
        self.email = email
        self.organisation = organisation
        self.organisationalUnit = organisationalUnit
        self.userIdentifier = userIdentifier
    }

    public var commonName: String { "\(givenName) \(surname)" }

    public func distinguishedName() throws -> DistinguishedName {
        // givenName 2.5.4.42, surname 2.5.4.4, serialNumber 2.5.4.5 (X.520).
        var names = [
            RelativeDistinguishedName(.init(type: .RDNAttributeType.commonName, utf8String: commonName)),
            RelativeDistinguishedName(.init(type: [2, 5, 4, 42], utf8String: givenName)),
            RelativeDistinguishedName(.init(type: [2, 5, 4, 4], utf8String: surname)),
            RelativeDistinguishedName(try .init(type: [2, 5, 4, 5], printableString: userIdentifier)),
            RelativeDistinguishedName(.init(type: .RDNAttributeType.organizationName, utf8String: organisation)),
        ]
        if let organisationalUnit {
            names.append(RelativeDistinguishedName(.init(type: .RDNAttributeType.organizationalUnitName, utf8String: organisationalUnit)))
        }
        return DistinguishedName(names)
    }

    /// A request names the same person when its common name (if any) is the registered one.
    public func matches(_ request: SigningRequest) -> Bool {
        guard let name = request.commonName else { return true }
        return name.lowercased() == commonName.lowercased()
    }
}
