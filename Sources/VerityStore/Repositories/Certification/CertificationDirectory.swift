import Fluent
import Foundation
import VerityCore

/// Certification entities and checkpoints of one environment: the reference
/// data operators manage and the SDK reads.
public struct CertificationDirectory: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Most checkpoints an environment holds; nearest-first search reads them all.
    public static let maximumCheckpoints = 10_000

    /// `alongside` writes in the same transaction (the change's audit row).
    public func createEntity(environmentID: UUID, name: String, displayName: String, levels: [AccreditationLevel],
                             fields: [UserFieldDefinition], now: Int64,
                             alongside: @escaping @Sendable (any Database) async throws -> Void = { _ in }) async throws -> CertificationEntityModel {
        let exists = VerityError(.entityExists, "An entity named \(name) exists already.", field: "name")
        guard try await entity(environmentID: environmentID, name: name) == nil else { throw exists }
        let entity = CertificationEntityModel(environmentID: environmentID, name: name, displayName: displayName,
                                              levels: levels.map(\.rawValue).sorted(), fieldDefinitions: fields, createdAt: now)
        do {
            try await db.write { tx in
                try await entity.create(on: tx)
                try await alongside(tx)
            }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another request created it between the check and the insert (the unique index decides).
            throw exists
        }
        return entity
    }

    public func entity(environmentID: UUID, name: String) async throws -> CertificationEntityModel? {
        try await CertificationEntityModel.query(on: db).filter(\.$environment.$id == environmentID).filter(\.$name == name).first()
    }

    public func entities(environmentID: UUID) async throws -> [CertificationEntityModel] {
        try await CertificationEntityModel.query(on: db).filter(\.$environment.$id == environmentID).sort(\.$name).all()
    }

    public func addCheckpoint(environmentID: UUID, name: String, address: String, location: GeoCoordinate,
                              levels: [AccreditationLevel], openingHours: String?, now: Int64,
                              alongside: @escaping @Sendable (any Database) async throws -> Void = { _ in }) async throws -> CheckpointModel {
        let count = try await CheckpointModel.query(on: db).filter(\.$environment.$id == environmentID).count()
        guard count < Self.maximumCheckpoints else {
            throw VerityError(.validationError, "An environment holds at most \(Self.maximumCheckpoints) checkpoints.")
        }
        let checkpoint = CheckpointModel(environmentID: environmentID, name: name, address: address, latitude: location.latitude,
                                         longitude: location.longitude, levels: levels.map(\.rawValue).sorted(),
                                         openingHours: openingHours, createdAt: now)
        try await db.write { tx in
            try await checkpoint.create(on: tx)
            try await alongside(tx)
        }
        return checkpoint
    }

    public func checkpoints(environmentID: UUID) async throws -> [CheckpointModel] {
        try await CheckpointModel.query(on: db).filter(\.$environment.$id == environmentID).sort(\.$name).all()
    }

    public func checkpoint(environmentID: UUID, id: UUID) async throws -> CheckpointModel? {
        try await CheckpointModel.query(on: db).filter(\.$environment.$id == environmentID).filter(\.$id == id).first()
    }

    /// The `limit` checkpoints nearest to `location`, with their distance in kilometres.
    public func nearestCheckpoints(environmentID: UUID, to location: GeoCoordinate, limit: Int) async throws -> [(CheckpointModel, Double)] {
        let all = try await checkpoints(environmentID: environmentID)
        let measured = all.compactMap { checkpoint -> (CheckpointModel, Double)? in
            guard let point = try? GeoCoordinate(latitude: checkpoint.latitude, longitude: checkpoint.longitude) else { return nil }
            return (checkpoint, location.distanceKilometres(to: point))
        }
        return Array(measured.sorted { $0.1 < $1.1 }.prefix(max(0, limit)))
    }
}
