import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel
import VerityIdentity
import VerityCertification

/// Certification reference data: entities and checkpoints (issue 6).
public struct CertificationOperations: AdminRequestTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector
    let links: CaptureLinkAddresses
    let settings: Settings

    public func createEntity(tenant: String, environment kind: EnvironmentKind, name: String, displayName: String,
                             levels: [Int], fields: [UserFieldDefinition]) async throws -> CertificationEntitySummary {
        let environmentID = try await environmentID(tenant: tenant, kind: kind)
        return try await directory.createEntity(environmentID: environmentID, name: name, displayName: displayName, levels: levels, fields: fields, .cli)
    }

    public func entities(tenant: String, environment kind: EnvironmentKind) async throws -> [CertificationEntitySummary] {
        try await directory.entities(environmentID: try await environmentID(tenant: tenant, kind: kind))
    }

    public func addCheckpoint(tenant: String, environment kind: EnvironmentKind, name: String, address: String,
                              latitude: Double, longitude: Double, levels: [Int], openingHours: String?) async throws -> CheckpointSummary {
        let environmentID = try await environmentID(tenant: tenant, kind: kind)
        return try await directory.addCheckpoint(environmentID: environmentID, name: name, address: address, latitude: latitude,
                                                 longitude: longitude, levels: levels, openingHours: openingHours, .cli)
    }

    public func checkpoints(tenant: String, environment kind: EnvironmentKind) async throws -> [CheckpointSummary] {
        try await directory.checkpoints(environmentID: try await environmentID(tenant: tenant, kind: kind))
    }

    /// The `limit` (1–100) checkpoints nearest to a point, nearest first.
    public func nearestCheckpoints(tenant: String, environment kind: EnvironmentKind, latitude: Double, longitude: Double,
                                   limit: Int) async throws -> [CheckpointSummary] {
        let environmentID = try await environmentID(tenant: tenant, kind: kind)
        return try await directory.nearestCheckpoints(environmentID: environmentID, latitude: latitude, longitude: longitude, limit: limit)
    }

    var directory: DirectoryOperations { DirectoryOperations(db: db, clock: clock) }
}
