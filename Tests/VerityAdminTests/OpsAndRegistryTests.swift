import Foundation
import Testing
import VerityAPI
@testable import VerityCore
import VerityTestSupport
@testable import VerityKernel

@Suite("Health, readiness and request ids")
struct OpsTests {
    @Test func healthAndReadinessAnswer() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let health = try await http.send("GET", OpsRoute.healthz.path)
            #expect(health.status == 200)
            #expect(try health.decode(HealthStatus.self).status == "ok")
            let ready = try await http.send("GET", OpsRoute.readyz.path)
            #expect(try ready.decode(HealthStatus.self).status == "ok")
            #expect((ready.headers["X-Request-Id"] as? String)?.isEmpty == false)
        }
    }
}

@Suite("Registry import")
struct RegistryImportTests {
    @Test func aFileWithABadRowImportsNothing() async throws {
        try await withVerityApp { app async throws in
            let before = try await app.operations.identity.registryCount()
            let csv = """
            firstName,lastName,address,postalCode,country,dateOfBirth
            Ann,Lee,1 Main St,30318,US,1970-01-01
            Bob,,2 Main St,30318,US,1970-01-01
            """
            await #expect(throws: RegistryCSV.Problems.self) {
                _ = try await app.operations.identity.importRegistry(csv: csv) { _, _ in }
            }
            #expect(try await app.operations.identity.registryCount() == before)
        }
    }

    @Test func importedPeopleCanBeVerifiedAndProgressIsReported() async throws {
        try await withVerityApp { app async throws in
            let rows = (0..<450).map { "Person\($0),Imported,\($0) Main St,30318,US,1970-01-01" }
            let csv = "firstName,lastName,address,postalCode,country,dateOfBirth\n" + rows.joined(separator: "\n")
            let progress = ProgressLog()
            #expect(try await app.operations.identity.importRegistry(csv: csv) { done, total in progress.add(done, total) } == 450)
            #expect(progress.values.last?.0 == 450)
            #expect(progress.values.count > 1)

            try await app.configure { $0.consentRequired = false }
            let http = RawHTTP(baseURL: try await app.startServer())
            let input = VerifyIdentityInput(firstName: "person449", lastName: "IMPORTED", address: "449 Main Street",
                                            postalCode: "30318", country: "US", dateOfBirth: "1970-01-01")
            let reply = try await http.send("POST", IdentityRoute.verify.path, bearer: try await app.token(for: "i"), json: input)
            #expect(try reply.decode(VerifiedIdentity.self).verified)
        }
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(Int, Int)] = []
    func add(_ done: Int, _ total: Int) { lock.withLock { entries.append((done, total)) } }
    var values: [(Int, Int)] { lock.withLock { entries } }
}
