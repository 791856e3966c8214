import Fluent
import Foundation

/// What each tenant trusts for ePassport passive authentication: CSCA and
/// link certificates, and the newest revocation list of each CSCA.
public struct ChipTrustRepository: Sendable {
    let db: any Database

    public init(db: any Database) {
        self.db = db
    }

    /// Adds the certificates the tenant does not trust yet, in one transaction;
    /// says how many were new. `audit` writes the change's audit row with them.
    public func add(_ certificates: [ChipTrustCertificateModel], tenantID: UUID,
                    audit: @escaping @Sendable (any Database) async throws -> Void) async throws -> Int {
        try await db.write { db in
            try await db.transaction { tx in
                let known = Set(try await ChipTrustCertificateModel.query(on: tx).filter(\.$tenantID == tenantID)
                    .field(\.$fingerprint).all().map(\.fingerprint))
                let fresh = Dictionary(certificates.filter { !known.contains($0.fingerprint) }.map { ($0.fingerprint, $0) },
                                       uniquingKeysWith: { first, _ in first }).values
                for certificate in fresh {
                    certificate.tenantID = tenantID
                    try await certificate.create(on: tx)
                }
                try await audit(tx)
                return fresh.count
            }
        }
    }

    /// Keeps `list` as the issuer's list unless a newer one is kept already; says whether it was kept.
    public func keep(_ list: ChipRevocationListModel, tenantID: UUID,
                     audit: @escaping @Sendable (any Database) async throws -> Void) async throws -> Bool {
        try await db.write { db in
            try await db.transaction { tx in
                let current = try await ChipRevocationListModel.query(on: tx)
                    .filter(\.$tenantID == tenantID).filter(\.$issuerKey == list.issuerKey).first()
                if let current, current.thisUpdate >= list.thisUpdate { return false }
                try await current?.delete(on: tx)
                list.tenantID = tenantID
                try await list.create(on: tx)
                try await audit(tx)
                return true
            }
        }
    }

    /// The certificates that may have issued a Document Signer: its issuer's
    /// name key, or its authority key identifier.
    public func anchors(tenantID: UUID, issuerKey: String, keyIdentifier: String?) async throws -> [Data] {
        var query = ChipTrustCertificateModel.query(on: db).filter(\.$tenantID == tenantID)
        if let keyIdentifier {
            query = query.group(.or) { $0.filter(\.$subjectKey == issuerKey).filter(\.$keyIdentifier == keyIdentifier) }
        } else {
            query = query.filter(\.$subjectKey == issuerKey)
        }
        return try await query.field(\.$encoded).all().map(\.encoded)
    }

    /// The revocation lists the issuer's CSCAs signed.
    public func revocationLists(tenantID: UUID, issuerKey: String) async throws -> [Data] {
        try await ChipRevocationListModel.query(on: db).filter(\.$tenantID == tenantID).filter(\.$issuerKey == issuerKey)
            .field(\.$encoded).all().map(\.encoded)
    }

    /// Every trusted certificate of the tenant, by country then expiry.
    public func certificates(tenantID: UUID) async throws -> [ChipTrustCertificateModel] {
        try await ChipTrustCertificateModel.query(on: db).filter(\.$tenantID == tenantID)
            .sort(\.$country).sort(\.$notAfter).all()
    }

    /// Every kept revocation list of the tenant.
    public func revocationLists(tenantID: UUID) async throws -> [ChipRevocationListModel] {
        try await ChipRevocationListModel.query(on: db).filter(\.$tenantID == tenantID).sort(\.$issuer).all()
    }

    /// For the doctor: lists past their next update, and CSCAs that end within
    /// `soon` milliseconds, across tenants.
    public func health(now: Int64, soon: Int64) async throws -> (staleLists: Int, expiringCertificates: Int) {
        let stale = try await ChipRevocationListModel.query(on: db).filter(\.$nextUpdate != nil).filter(\.$nextUpdate < now).count()
        let expiring = try await ChipTrustCertificateModel.query(on: db).filter(\.$notAfter >= now).filter(\.$notAfter < now + soon).count()
        return (stale, expiring)
    }
}
