import Foundation
import Testing
@testable import VerityKernel
@testable import VerityPages

/// The contract the server ships (and serves at /openapi.yaml and /docs)
/// reads whole: every operation under its tag, every schema.
@Suite("The shipped API contract")
struct APIContractTests {
    @Test func theShippedContractReadsWhole() throws {
        let url = URL(fileURLWithPath: "Sources/VerityPages/Assets/openapi.yaml")
        let contract = try APIContract(yaml: try String(contentsOf: url, encoding: .utf8))
        #expect(contract.version == "0.1.0" && contract.tags.contains("webhooks"))
        let operations = contract.operations.values.flatMap { $0 }
        #expect(operations.count > 80)
        #expect(operations.contains { $0.method == "POST" && $0.path == "/v1/identity/verify" && $0.parameters.contains { $0.name == "Idempotency-Key" } })
        #expect(contract.schemas.contains { $0.name == "VerifiedIdentity" && !$0.properties.isEmpty })
        #expect(APIContract.shipped != nil)
    }
}
