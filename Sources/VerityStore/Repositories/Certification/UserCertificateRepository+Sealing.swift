import Fluent
import Foundation
import SQLKit

extension UserCertificateModel {
    /// The certificate as PEM: opened with its holder's key, or as a row
    /// from before certificates were sealed kept it.
    public func pem(reader: PersonSealer) throws -> String? {
        if let certificateSealed { return try reader.openText(certificateSealed, at: .of(.certificate, try requireID())) }
        return certificatePEM
    }

    /// The CSR's DER: opened with its holder's key, or as it was kept before.
    public func csrDER(reader: PersonSealer) throws -> Data? {
        guard let csr else { return nil }
        return PersonSealer.isPersonSealed(csr) ? try reader.open(csr, at: .of(.certificateRequest, try requireID())) : csr
    }
}

extension UserCertificateRepository {
    /// Seals up to `limit` certificates and CSRs kept in clear by releases
    /// before issue 47 under their holders' keys; returns how many rows it
    /// sealed (0 once none is left: then the query is one index-free look).
    public func sealLegacy(protector: DataProtector, limit: Int = 200, now: Int64) async throws -> Int {
        let sql = try db.sql()
        let unsealedCSR: SQLQueryString = sql.dialect.name == "sqlite"
            ? "(c.csr IS NOT NULL AND substr(c.csr, 1, 4) NOT IN (X'56504B31', X'56504B32'))"
            : "(c.csr IS NOT NULL AND substring(c.csr from 1 for 4) NOT IN ('\\x56504b31'::bytea, '\\x56504b32'::bytea))"
        let select: SQLQueryString = """
            SELECT c.id, r.user_id, e.environment_id FROM cert_certificates c
            JOIN cert_registrations r ON r.id = c.registration_id JOIN cert_entities e ON e.id = r.entity_id
            WHERE c.certificate_pem IS NOT NULL OR
            """
        let rows = try await sql.raw(select + " " + unsealedCSR + " LIMIT \(literal: limit)").all()
        let keys = PersonKeyRepository(db: db, protector: protector)
        var sealed = 0
        for row in rows {
            let id = try row.decode(column: "id", as: UUID.self)
            let userID = try row.decode(column: "user_id", as: UUID.self)
            let environmentID = try row.decode(column: "environment_id", as: UUID.self)
            guard let certificate = try await UserCertificateModel.find(id, on: db) else { continue }
            let sealer = try await keys.sealer(userID: userID, environmentID: environmentID, now: now)
            let pem = try certificate.certificatePEM.map { try sealer.seal(text: $0, at: .of(.certificate, id)) }
            let csr = try certificate.csr.map { PersonSealer.isPersonSealed($0) ? $0 : try sealer.seal($0, at: .of(.certificateRequest, id)) }
            let oldPEM = certificate.certificatePEM
            try await db.write { tx in
                // Only if unchanged since read: an issuance in between wrote a sealed value itself.
                var query = UserCertificateModel.query(on: tx).filter(\.$id == id)
                query = oldPEM.map { query.filter(\.$certificatePEM == $0) } ?? query.filter(\.$certificatePEM == nil)
                if let pem { query = query.set(\.$certificateSealed, to: pem).set(\.$certificatePEM, to: nil) }
                if let csr { query = query.set(\.$csr, to: csr) }
                try await query.update()
            }
            sealed += 1
        }
        return sealed
    }
}
