import ArgumentParser
import Foundation
import VerityAPI
import VerityCore
import VerityServer
import VerityKernel
import VerityIdentity
import VerityAdmin

/// `verity entities …`: organisations users register with for certification.
struct EntitiesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entities", abstract: "Certification entities: their registration forms and levels.", subcommands: [List.self, Create.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the environment's entities as JSON.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.entities(tenant: target.tenant, environment: target.environment)
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an entity.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Short name: lowercase letters, digits, '-', '_'.") var name: String
        @Option(help: "Name shown to users.") var displayName: String
        @Option(help: "Accreditation levels offered, e.g. 1,2,3.") var levels: String
        @Option(help: #"Registration form as JSON: [{"name":"givenName","type":"text","required":true}, …]."#) var fields: String

        func run() async throws {
            let levelList = levels.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !levelList.isEmpty, levelList.allSatisfy({ $0 != nil }) else { throw ValidationError("--levels is a comma-separated list such as 1,2,3") }
            guard let definitions = try? JSONDecoder().decode([UserFieldDefinition].self, from: Data(fields.utf8)) else {
                throw ValidationError(#"--fields must be a JSON array of {"name", "type", "required"} objects"#)
            }
            try await AdminCommand.run { operations in
                try await operations.certification.createEntity(
                    tenant: target.tenant, environment: target.environment, name: name, displayName: displayName,
                    levels: levelList.compactMap { $0 }, fields: definitions)
            }
        }
    }
}

/// `verity checkpoints …`: places where users are accredited in person.
struct CheckpointsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoints", abstract: "Checkpoints where users are accredited in person.", subcommands: [List.self, Add.self, Nearest.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the environment's checkpoints as JSON.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.checkpoints(tenant: target.tenant, environment: target.environment)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a checkpoint.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Its name.") var name: String
        @Option(help: "Its postal address.") var address: String
        @Option(help: "Degrees north (−90…90).") var latitude: Double
        @Option(help: "Degrees east (−180…180).") var longitude: Double
        @Option(help: "Levels accredited there, e.g. 2,3.") var levels: String
        @Option(help: "Opening hours, free text.") var openingHours: String?

        func run() async throws {
            let levelList = levels.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            try await AdminCommand.run { operations in
                try await operations.certification.addCheckpoint(
                    tenant: target.tenant, environment: target.environment, name: name, address: address, latitude: latitude,
                    longitude: longitude, levels: levelList, openingHours: openingHours)
            }
        }
    }

    struct Nearest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The checkpoints nearest a point, nearest first.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Degrees north.") var latitude: Double
        @Option(help: "Degrees east.") var longitude: Double
        @Option(help: "How many (1–100).") var limit: Int = 5

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.nearestCheckpoints(
                    tenant: target.tenant, environment: target.environment, latitude: latitude, longitude: longitude, limit: limit)
            }
        }
    }
}

/// `verity accreditations …`: operators decide users' accreditation requests.
struct AccreditationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accreditations", abstract: "Decide accreditation requests (an approval prints the DIAC once).",
        subcommands: [List.self, Approve.self, Reject.self, Unlock.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List requests, newest first.")
        @OptionGroup var target: TenantOptions
        @Option(help: "pending, approved or rejected.") var status: String?

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.accreditationRequests(
                    tenant: target.tenant, environment: target.environment, status: status)
            }
        }
    }

    struct Approve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Approve a request: the user is accredited and the DIAC printed (and sent by SMS or e-mail).")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The request's id.") var id: String
        @Option(help: "Identity evidence: document, checkpoint or videoCall (needed from level 3 when the request has none and the user has no succeeded document check).") var evidence: String?
        @Option(help: "The evidence's reference (a checkpoint id, a document check's id, your record of the video call).") var reference: String?
        @Option(help: "How the DIAC reaches the user: sms (to the verified phone, the default) or email (the address on file or the form's).") var delivery: String?

        func run() async throws {
            let proof: AccreditationEvidence?
            switch (evidence, reference) {
            case (nil, nil): proof = nil
            case (let kind?, let reference?): proof = AccreditationEvidence(kind: kind, reference: reference)
            default: throw ValidationError("--evidence and --reference go together")
            }
            try await AdminCommand.run { operations in
                try await operations.certification.approveAccreditation(
                    tenant: target.tenant, environment: target.environment, id: id, evidence: proof, delivery: delivery)
            }
        }
    }

    struct Reject: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reject a request with a reason for the user.")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The request's id.") var id: String
        @Option(help: "Why (1–500 characters).") var reason: String

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.rejectAccreditation(
                    tenant: target.tenant, environment: target.environment, id: id, reason: reason)
            }
        }
    }

    struct Unlock: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Unlock a user locked after too many wrong codes or passwords.")
        @OptionGroup var target: TenantOptions
        @Option(help: "The integrator's reference for the user.") var user: String

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.unlockCertificationUser(
                    tenant: target.tenant, environment: target.environment, userRef: user)
            }
        }
    }
}

/// `verity sms outbox`: what the development outbox kept instead of sending.
struct SMSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sms", abstract: "Text messages.", subcommands: [Outbox.self])

    struct Outbox: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Text messages and e-mails the development outbox kept (test environments), newest first.")
        @OptionGroup var target: TenantOptions
        @Option(help: "How many.") var limit: Int = 20

        func run() async throws {
            try await AdminCommand.run { operations in
                try await operations.certification.outbox(tenant: target.tenant, environment: target.environment, limit: limit)
            }
        }
    }
}

/// `verity sign verify FILE SIG`: checks a document signature against the platform CA.
struct SignCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sign", abstract: "Document signatures.", subcommands: [Verify.self])

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a detached CMS signature: the signer chains to the platform CA, is valid and not revoked. Exit 65 when not.")
        @Argument(help: "The signed document.") var file: String
        @Argument(help: "The detached signature (DER).") var signature: String
        @Option(help: "Folder of the CA files (default: VERITY_DATA_DIR).") var dataDir: String?
        @Option(help: "Whose CA the signer must chain to: live (the platform CA) or test (the test environments' CA).")
        var environment: EnvironmentKind = .live

        func run() async throws {
            let document = try CLIFiles.read(file)
            let signatureBytes = try CLIFiles.read(signature)
            let environment = self.environment
            try await AdminCommand.run { operations in
                try await operations.certification.verifySignature(
                    document: document, signature: signatureBytes, caDirectory: dataDir, environment: environment)
            }
        }
    }
}

/// The shape of every operator command here: settings, the database, one
/// operation, its result as JSON; a `VerityError` is "CODE: message", exit 65.
enum AdminCommand {
    static func run<T: Encodable & Sendable>(_ operation: @escaping @Sendable (AdminOperations) async throws -> T) async throws {
        let settings = try SettingsLoading.load()
        let result = try await CLIOutput.reportingAsync {
            try await VerityApp.withDatabase(settings) { app in try await operation(try AdminOperations(app: app, settings: settings)) }
        }
        print(try JSONOutput.render(result))
    }
}
