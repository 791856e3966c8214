import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// An entity as operators and the CLI see it.
public struct CertificationEntitySummary: Sendable, Codable, Equatable {
    public let name: String
    public let displayName: String
    public let levels: [Int]
    public let userFieldDefinitions: [UserFieldDefinition]
}

/// A checkpoint, with its distance when it was found by location.
public struct CheckpointSummary: Sendable, Codable, Equatable {
    public let id: UUID
    public let name: String
    public let address: String
    public let latitude: Double
    public let longitude: Double
    public let levels: [Int]
    public let openingHours: String?
    public let distanceKilometres: Double?
}

/// Entities and checkpoints of one environment, checked: what the CLI and the
/// admin API both call.
package struct DirectoryOperations: Sendable {
    let db: any Database
    let clock: VerityClock

    /// Most fields an entity's registration form has.
    static let maximumFields = 50

    package func createEntity(environmentID: UUID, name: String, displayName: String, levels: [Int],
                      fields: [UserFieldDefinition], _ change: AuditedChange) async throws -> CertificationEntitySummary {
        guard (1...64).contains(name.count), name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw VerityError(.validationError, "An entity name is 1–64 lowercase letters, digits, '-' or '_'.", field: "name")
        }
        try Self.checkText(displayName, field: "displayName", limit: 200)
        let accreditation = try Self.levels(levels)
        guard fields.count <= Self.maximumFields else {
            throw VerityError(.validationError, "An entity has at most \(Self.maximumFields) fields.", field: "userFieldDefinitions")
        }
        let checked = try fields.map { field throws(VerityError) in try field.validated() }
        guard Set(checked.map(\.name)).count == checked.count else {
            throw VerityError(.validationError, "Field names must be distinct.", field: "userFieldDefinitions")
        }
        let now = clock.nowMillis()
        let audit = try await audited("certification.entity.create", change, detail: name, environmentID: environmentID, now: now)
        let entity = try await CertificationDirectory(db: db).createEntity(
            environmentID: environmentID, name: name, displayName: displayName, levels: accreditation, fields: checked, now: now, alongside: audit)
        return Self.summary(entity)
    }

    /// The change's audit row, for the directory to write in its transaction.
    private func audited(_ action: String, _ change: AuditedChange, detail: String, environmentID: UUID, now: Int64) async throws
        -> @Sendable (any Database) async throws -> Void {
        let tenantID = try await TenantRepository(db: db).environment(id: environmentID)?.$tenant.id
        return { tx in
            try await AuditRepository.record(action, actor: change.actor, environmentID: environmentID, userID: nil, now: now,
                                             tenantID: tenantID, reason: change.reason(with: detail), on: tx)
        }
    }

    package func entities(environmentID: UUID) async throws -> [CertificationEntitySummary] {
        try await CertificationDirectory(db: db).entities(environmentID: environmentID).map(Self.summary)
    }

    package func addCheckpoint(environmentID: UUID, name: String, address: String, latitude: Double, longitude: Double,
                       levels: [Int], openingHours: String?, _ change: AuditedChange) async throws -> CheckpointSummary {
        try Self.checkText(name, field: "name", limit: 200)
        try Self.checkText(address, field: "address", limit: 500)
        if let openingHours { try Self.checkText(openingHours, field: "openingHours", limit: 200) }
        let location = try GeoCoordinate(latitude: latitude, longitude: longitude)
        let accreditation = try Self.levels(levels)
        let now = clock.nowMillis()
        let audit = try await audited("certification.checkpoint.add", change, detail: name, environmentID: environmentID, now: now)
        let checkpoint = try await CertificationDirectory(db: db).addCheckpoint(
            environmentID: environmentID, name: name, address: address, location: location, levels: accreditation,
            openingHours: openingHours, now: now, alongside: audit)
        return try Self.summary(checkpoint, distance: nil)
    }

    package func checkpoints(environmentID: UUID) async throws -> [CheckpointSummary] {
        try await CertificationDirectory(db: db).checkpoints(environmentID: environmentID).map { try Self.summary($0, distance: nil) }
    }

    func checkpoint(environmentID: UUID, id: UUID) async throws -> CheckpointSummary {
        guard let checkpoint = try await CertificationDirectory(db: db).checkpoint(environmentID: environmentID, id: id) else {
            throw VerityError(.notFound, "No checkpoint has that id.", field: "id")
        }
        return try Self.summary(checkpoint, distance: nil)
    }

    package func nearestCheckpoints(environmentID: UUID, latitude: Double, longitude: Double, limit: Int) async throws -> [CheckpointSummary] {
        guard (1...100).contains(limit) else { throw VerityError(.validationError, "limit is 1–100.", field: "limit") }
        let location = try GeoCoordinate(latitude: latitude, longitude: longitude)
        return try await CertificationDirectory(db: db).nearestCheckpoints(environmentID: environmentID, to: location, limit: limit)
            .map { try Self.summary($0.0, distance: ($0.1 * 1000).rounded() / 1000) }
    }

    // MARK: Checks and summaries

    static func levels(_ levels: [Int]) throws(VerityError) -> [AccreditationLevel] {
        guard !levels.isEmpty, Set(levels).count == levels.count else {
            throw VerityError(.validationError, "List each accreditation level once, at least one.", field: "levels")
        }
        return try levels.map { level throws(VerityError) in try AccreditationLevel.parse(level, field: "levels") }
    }

    static func checkText(_ text: String, field: String, limit: Int) throws(VerityError) {
        guard (1...limit).contains(text.count), !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw VerityError(.validationError, "\(field) is 1–\(limit) printable characters.", field: field)
        }
    }

    static func summary(_ entity: CertificationEntityModel) -> CertificationEntitySummary {
        CertificationEntitySummary(name: entity.name, displayName: entity.displayName, levels: entity.levels,
                                   userFieldDefinitions: entity.fieldDefinitions)
    }

    static func summary(_ checkpoint: CheckpointModel, distance: Double?) throws -> CheckpointSummary {
        CheckpointSummary(id: try checkpoint.requireID(), name: checkpoint.name, address: checkpoint.address, latitude: checkpoint.latitude,
                          longitude: checkpoint.longitude, levels: checkpoint.levels, openingHours: checkpoint.openingHours,
                          distanceKilometres: distance)
    }

    package init(db: any Database, clock: VerityClock) {
        self.db = db
        self.clock = clock
    }
}
