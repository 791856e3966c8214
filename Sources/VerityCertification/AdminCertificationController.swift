import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// `/admin/v1/certification`: entities, checkpoints, accreditation decisions,
/// unlocking users, transactions and session checks, with a secret key.
struct AdminCertificationController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    /// Built once at start-up; a request brings its context (environment, database handle, logger).
    let accreditation: AccreditationAdminService
    let clock: VerityClock

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        let endpoints = CertificationAdminEndpoint.self
        admin.on(endpoints.createEntity, use: createEntity)
        admin.on(endpoints.entities, use: entities)
        admin.on(endpoints.addCheckpoint, use: addCheckpoint)
        admin.on(endpoints.checkpoints, use: checkpoints)
        admin.on(endpoints.accreditationRequests, use: requests)
        admin.on(endpoints.approve, optionalBody: approve)
        admin.on(endpoints.reject, use: reject)
        admin.on(endpoints.unlock, use: unlock)
        admin.on(endpoints.createTransaction, use: createTransaction)
        admin.on(endpoints.transaction, use: transaction)
        admin.on(endpoints.verifySession, use: verifySession)
    }

    func createEntity(request: Request, input: EntityInput) async throws -> EntityDetails {
        guard let definitions = input.userFieldDefinitions else {
            throw VerityError(.validationError, "userFieldDefinitions is required: an empty list for an entity that asks for nothing.",
                              field: "userFieldDefinitions")
        }
        let fields = try definitions.enumerated().map { index, field in try Self.definition(field, index: index) }
        let entity = try await directory(request).createEntity(
            environmentID: try request.adminContext().environmentID, name: input.name, displayName: input.displayName,
            levels: input.levels, fields: fields, try request.adminContext().change)
        return EntityDetails(entity)
    }

    func entities(request: Request) async throws -> [EntityDetails] {
        try await directory(request).entities(environmentID: try request.adminContext().environmentID).map(EntityDetails.init)
    }

    func addCheckpoint(request: Request, input: CheckpointInput) async throws -> CheckpointDetails {
        let checkpoint = try await directory(request).addCheckpoint(
            environmentID: try request.adminContext().environmentID, name: input.name, address: input.address, latitude: input.latitude,
            longitude: input.longitude, levels: input.levels, openingHours: input.openingHours, try request.adminContext().change)
        return CheckpointDetails(checkpoint)
    }

    func checkpoints(request: Request) async throws -> [CheckpointDetails] {
        try await directory(request).checkpoints(environmentID: try request.adminContext().environmentID).map(CheckpointDetails.init)
    }

    func requests(request: Request) async throws -> [AccreditationRequestView] {
        try await accreditation.requests(status: request.query[String.self, at: "status"], context: try request.adminContext())
    }

    func approve(request: Request, input: AccreditationApprovalInput?) async throws -> ActivationCodeIssued {
        try await accreditation.approve(try idParameter(request), input: input ?? AccreditationApprovalInput(), context: try request.adminContext())
    }

    func reject(request: Request, input: AccreditationRejectionInput) async throws -> AccreditationRequestView {
        try await accreditation.reject(try idParameter(request), input: input, context: try request.adminContext())
    }

    func unlock(request: Request) async throws -> UnlockResult {
        try await accreditation.unlock(userRef: try request.userRef(), context: try request.adminContext())
    }

    func createTransaction(request: Request, input: TransactionInput) async throws -> TransactionView {
        try await accreditation.createTransaction(userRef: try request.userRef(), input: input, context: try request.adminContext())
    }

    func transaction(request: Request) async throws -> TransactionView {
        try await accreditation.transaction(try idParameter(request), context: try request.adminContext())
    }

    func verifySession(request: Request, input: SessionCheckInput) async throws -> SessionCheck {
        try await accreditation.checkSession(input, context: try request.adminContext())
    }

    // MARK: Plumbing

    /// A wire field definition as the core type; a bad type names its position.
    static func definition(_ field: FieldDefinition, index: Int) throws -> UserFieldDefinition {
        // Optional in the shared type only because the specification's apps read it so.
        guard let name = field.name else {
            throw VerityError(.validationError, "name is required.", field: "userFieldDefinitions.\(index).name")
        }
        guard let type = UserFieldDefinition.FieldType(rawValue: field.type) else {
            throw VerityError(.validationError, "type is one of \(UserFieldDefinition.FieldType.allCases.map(\.rawValue).joined(separator: ", ")).",
                              field: "userFieldDefinitions.\(index).type")
        }
        return UserFieldDefinition(name: name, type: type, required: field.required, maxLength: field.maxLength,
                                   minimum: field.minimum, maximum: field.maximum, choices: field.choices)
    }

    private func idParameter(_ request: Request) throws -> String {
        guard let id = request.parameters.get(.id) else { throw VerityError(.validationError, "id is required", field: "id") }
        return id
    }

    private func directory(_ request: Request) -> DirectoryOperations {
        DirectoryOperations(db: request.db, clock: clock)
    }

    init(secretKeys: SecretKeyMiddleware, accreditation: AccreditationAdminService, clock: VerityClock) {
        self.secretKeys = secretKeys
        self.accreditation = accreditation
        self.clock = clock
    }
}

extension EntityDetails {
    init(_ summary: CertificationEntitySummary) {
        self.init(name: summary.name, displayName: summary.displayName, levels: summary.levels,
                  userFieldDefinitions: summary.userFieldDefinitions.map(FieldDefinition.init))
    }
}
