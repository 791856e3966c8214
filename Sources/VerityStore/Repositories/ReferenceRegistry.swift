import Fluent
import Foundation
import SQLKit
import VerityCore

/// The embedded reference registry: a trusted data source of people held in
/// Verity's own database, every record sealed with the data key.
public struct ReferenceRegistry: IdentityDataSource {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    public var name: String { "registry" }
    /// The blind-index domain of `lookupKey`.
    static let domain = "registry"

    /// What a record is found by: country, surname and date of birth.
    static func lookupKey(_ record: IdentityRecord) -> String {
        IdentityMatcher.lookupKey(country: record.country, lastName: record.lastName, dateOfBirth: record.dateOfBirth)
    }
    public var answersFromOwnDatabase: Bool { true }

    public func check(_ claim: IdentityClaim) async throws -> DataSourceOutcome {
        let index = protector.blindIndex(IdentityMatcher.lookupKey(claim), domain: Self.domain)
        let sealed: [(id: UUID, record: Data)]
        if let rows = try await db.prepared(RegistryLookupStatement(lookupIndex: index)) {
            sealed = rows.map { ($0.0, Data($0.1.readableBytesView)) }
        } else {
            guard let sql = db as? any SQLDatabase else { throw StoreError.corruptRecord(RegistryRecordModel.schema) }
            sealed = try await sql.raw("SELECT id, sealed_record FROM registry_records WHERE lookup_index = \(bind: index)").all()
                .map { (try $0.decode(column: "id", as: UUID.self), try $0.decode(column: "sealed_record", as: Data.self)) }
        }
        let candidates = try sealed.map { row in
            do { return try protector.open(json: IdentityRecord.self, from: row.record, at: .of(.registryRecord, row.id)) }
            catch { throw StoreError.corruptRecord(RegistryRecordModel.schema) }
        }
        return IdentityMatcher.outcome(for: claim, among: candidates)
    }

    /// Adds all records in one transaction: either every record is stored or none.
    /// `progress` is called with the number stored so far.
    public func importRecords(_ records: [IdentityRecord], now: Int64,
                              progress: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        let sealed = try records.map { record in
            let id = UUID()
            let model = RegistryRecordModel(
                lookupIndex: protector.blindIndex(Self.lookupKey(record), domain: Self.domain),
                sealedRecord: try protector.seal(json: record, at: .of(.registryRecord, id)), createdAt: now)
            model.id = id
            return model
        }
        try await db.write { tx in
            var done = 0
            for batch in sealed.chunked(into: 200) {
                try await batch.create(on: tx)
                done += batch.count
                progress(done)
            }
        }
    }

    public func count() async throws -> Int {
        try await RegistryRecordModel.query(on: db).count()
    }
}

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
