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

    /// Every revoked serial (uppercase hex) with its revocation time, for the CRL.
    func revokedSerials() async throws -> [(serial: String, revokedAt: Int64)] {
        let revoked = try await revoked().compactMap { row in row.serial.map { ($0, row.revokedAt ?? row.createdAt) } }
        // Certificates of erased users stay listed: only their serial is left.
        return try await revoked + erased().compactMap { row in row.id.map { ($0, row.revokedAt) } }
    }
}

/// A certificate row on the wire, with its chain.
enum UserCertificates {
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
    static func make(fields: [String: String], entity: CertificationEntityModel, registrationID: UUID) throws(VerityError) -> UserSubject {
        guard let (given, surname) = RegisteredName.parts(of: fields) else {
            throw VerityError(.validationError, "Certificates name the user: \(entity.name)'s form needs a given-name field (\(RegisteredName.givenNameFields[0])) and a surname field (\(RegisteredName.surnameFields[0])).")
        }
        let email = entity.fieldDefinitions.first { $0.type == .email && fields[$0.name] != nil }.flatMap { fields[$0.name] }
        // serialNumber is a PrintableString: the registration id's hex is stable and names nobody.
        let identifier = registrationID.uuidString.replacingOccurrences(of: "-", with: "")
        return UserSubject(givenName: given, surname: surname, email: email, organisation: entity.displayName, userIdentifier: identifier)
    }
}
