import Vapor
import VerityAPI
import VerityCore

/// `/admin/v1/certification`: entities, checkpoints, accreditation decisions,
/// unlocking users, transactions and session checks, with a secret key.
struct AdminCertificationController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    /// Built once at start-up; a request brings its context (environment, database handle, logger).
    let accreditation: AccreditationAdminService
    let clock: VerityClock

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        let id = CertificationRoute.idParameter
        let ref = AdminRoute.userRefParameter
        func path(_ route: CertificationAdminRoute) -> [PathComponent] { routePath(route.components) }

        admin.post(path(.entities), use: createEntity)
        admin.get(path(.entities), use: entities)
        admin.post(path(.checkpoints), use: addCheckpoint)
        admin.get(path(.checkpoints), use: checkpoints)
        admin.get(path(.accreditationRequests), use: requests)
        admin.post(path(.approve(id: id)), use: approve)
        admin.post(path(.reject(id: id)), use: reject)
        admin.post(path(.unlock(userRef: ref)), use: unlock)
        admin.post(path(.transactions(userRef: ref)), use: createTransaction)
        admin.get(path(.transaction(id: id)), use: transaction)
        admin.post(path(.verifySession), use: verifySession)
    }

    func createEntity(request: Request) async throws -> Response {
        let input = try RequestBody.decode(EntityInput.self, from: request)
        let fields = try input.userFieldDefinitions.enumerated().map { index, field in try Self.definition(field, index: index) }
        let entity = try await directory(request).createEntity(
            environmentID: try request.adminContext().environmentID, name: input.name, displayName: input.displayName,
            levels: input.levels, fields: fields)
        return try await EntityDetails(entity).encodeResponse(status: .created, for: request)
    }

    func entities(request: Request) async throws -> [EntityDetails] {
        try await directory(request).entities(environmentID: try request.adminContext().environmentID).map(EntityDetails.init)
    }

    func addCheckpoint(request: Request) async throws -> Response {
        let input = try RequestBody.decode(CheckpointInput.self, from: request)
        let checkpoint = try await directory(request).addCheckpoint(
            environmentID: try request.adminContext().environmentID, name: input.name, address: input.address, latitude: input.latitude,
            longitude: input.longitude, levels: input.levels, openingHours: input.openingHours)
        return try await CheckpointDetails(checkpoint).encodeResponse(status: .created, for: request)
    }

    func checkpoints(request: Request) async throws -> [CheckpointDetails] {
        try await directory(request).checkpoints(environmentID: try request.adminContext().environmentID).map(CheckpointDetails.init)
    }

    func requests(request: Request) async throws -> [AccreditationRequestView] {
        try await accreditation.requests(status: request.query[String.self, at: "status"], context: try request.adminContext())
    }

    func approve(request: Request) async throws -> ActivationCodeIssued {
        let input = try RequestBody.decodeOptional(AccreditationApprovalInput.self, from: request) ?? AccreditationApprovalInput()
        return try await accreditation.approve(try idParameter(request), input: input, context: try request.adminContext())
    }

    func reject(request: Request) async throws -> AccreditationRequestView {
        let input = try RequestBody.decode(AccreditationRejectionInput.self, from: request)
        return try await accreditation.reject(try idParameter(request), input: input, context: try request.adminContext())
    }

    func unlock(request: Request) async throws -> UnlockResult {
        try await accreditation.unlock(userRef: try request.userRef(), context: try request.adminContext())
    }

    func createTransaction(request: Request) async throws -> Response {
        let input = try RequestBody.decode(TransactionInput.self, from: request)
        let view = try await accreditation.createTransaction(userRef: try request.userRef(), input: input, context: try request.adminContext())
        return try await view.encodeResponse(status: .created, for: request)
    }

    func transaction(request: Request) async throws -> TransactionView {
        try await accreditation.transaction(try idParameter(request), context: try request.adminContext())
    }

    func verifySession(request: Request) async throws -> SessionCheck {
        try await accreditation.checkSession(try RequestBody.decode(SessionCheckInput.self, from: request), context: try request.adminContext())
    }

    // MARK: Plumbing

    /// A wire field definition as the core type; a bad type names its position.
    static func definition(_ field: FieldDefinition, index: Int) throws -> UserFieldDefinition {
        guard let type = UserFieldDefinition.FieldType(rawValue: field.type) else {
            throw VerityError(.validationError, "type is one of \(UserFieldDefinition.FieldType.allCases.map(\.rawValue).joined(separator: ", ")).",
                              field: "userFieldDefinitions.\(index).type")
        }
        return UserFieldDefinition(name: field.name, type: type, required: field.required, maxLength: field.maxLength,
                                   minimum: field.minimum, maximum: field.maximum, choices: field.choices)
    }

    private func idParameter(_ request: Request) throws -> String {
        guard let id = request.parameters.get(.id) else { throw VerityError(.validationError, "id is required", field: "id") }
        return id
    }

    private func directory(_ request: Request) -> DirectoryOperations {
        DirectoryOperations(db: request.db, clock: clock)
    }
}

extension EntityDetails {
    init(_ summary: CertificationEntitySummary) {
        self.init(name: summary.name, displayName: summary.displayName, levels: summary.levels,
                  userFieldDefinitions: summary.userFieldDefinitions.map(FieldDefinition.init))
    }
}
