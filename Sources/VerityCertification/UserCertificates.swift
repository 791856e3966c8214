import Foundation
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import X509

/// Reading users' certificates as the certification services need them.
extension UserCertificateRepository {
    /// The current certificate or `USER_NOT_ACCREDITED` when the user is not certified.
    func requireCurrent(registrationID: UUID, reader: PersonSealer) async throws -> (UserCertificateModel, Certificate) {
        guard let row = try await current(registrationID: registrationID), let pem = try row.pem(reader: reader) else {
            throw VerityError(.userNotAccredited, "The user is not certified with this entity.")
        }
        return (row, try Certificate(pemEncoded: pem))
    }

    /// Every revoked serial (uppercase hex) the CA for `kind` issued, with its revocation time, for its CRL.
    package func revokedSerials(issuedBy kind: EnvironmentKind) async throws -> [(serial: String, revokedAt: Int64)] {
        let issuer = UserCertificates.issuerCA(kind)
        let revoked = try await revoked(issuerCA: issuer).compactMap { row in row.serial.map { ($0, row.revokedAt ?? row.createdAt) } }
        // Certificates of erased users stay listed: only their serial is left.
        return try await revoked + erased(issuerCA: issuer).compactMap { row in row.id.map { ($0, row.revokedAt) } }
    }
}

/// A certificate row on the wire, with its chain.
enum UserCertificates {
    /// What `issuer_ca` says of a certificate the CA for `kind` issued.
    static func issuerCA(_ kind: EnvironmentKind) -> String? { kind == .test ? "test" : nil }

    static func wire(_ row: UserCertificateModel, pki: CertificationPKI, reader: PersonSealer) throws -> UserCertificate {
        let pem = try row.pem(reader: reader)
        let leaf = pem.flatMap { try? Certificate(pemEncoded: $0) }
        let chain = leaf.flatMap(pki.issuerPEM(of:)).map { "\n" + $0 + "\n" } ?? ""
        return UserCertificate(serialNumber: row.serial ?? "", level: row.level, notAfterEpochMs: row.notAfter ?? 0,
                               chainPEM: (pem ?? "") + chain, keyInHSM: row.hsmToken != nil)
    }
}

/// Who a certificate names, from the fields the user registered (`RegisteredName`).
enum RegisteredSubject {
    /// The certificate's subject: the registered name; the tenant (named by
    /// the platform, so no tenant can pass as another) as the organisation
    /// and the entity as the unit; an e-mail address only when the user
    /// proved they read it (`UserCertificateModel.verifiedEmailSealed`),
    /// never one merely typed into a form.
    static func make(fields: [String: String], entity: CertificationEntityModel, registrationID: UUID, tenant: String,
                     verifiedEmail: String?) throws(VerityError) -> UserSubject {
        let (given, surname) = try names(fields: fields, entity: entity)
        // serialNumber is a PrintableString: the registration id's hex is stable and names nobody.
        let identifier = registrationID.uuidString.replacingOccurrences(of: "-", with: "")
        return UserSubject(givenName: given, surname: surname, email: verifiedEmail, organisation: tenant,
                           organisationalUnit: entity.displayName, userIdentifier: identifier)
    }

    /// The given name and surname a certificate would carry, or why there are none.
    static func names(fields: [String: String], entity: CertificationEntityModel) throws(VerityError) -> (given: String, surname: String) {
        guard let (given, surname) = RegisteredName.parts(of: fields) else {
            throw VerityError(.validationError, "Certificates name the user: \(entity.name)'s form needs a given-name field (\(RegisteredName.givenNameFields[0])) and a surname field (\(RegisteredName.surnameFields[0])).")
        }
        return (given, surname)
    }

    /// Whether a device's request names the registered user (its common name, if it has one).
    static func requestNames(_ request: SigningRequest, given: String, surname: String) -> Bool {
        guard let name = request.commonName else { return true }
        return name.lowercased() == "\(given) \(surname)".lowercased()
    }
}
