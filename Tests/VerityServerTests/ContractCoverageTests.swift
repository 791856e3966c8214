import Foundation
import Testing
import Vapor
import VerityTestSupport
@testable import VerityKernel
@testable import VerityPages

/// `docs/openapi.yaml` describes every API route the server registers from
/// a VerityAPI `Endpoint`, and no API route it does not serve: a route added
/// or removed on one side only fails here (issue 68, until the document's
/// paths are generated from the endpoints).
@Suite("The contract and the endpoints: every API route described, nothing described that is not served")
struct ContractCoverageTests {
    static let apiPrefixes = ["/v1/", "/admin/v1/", "/api/mobile/v1/"]

    @Test func everyEndpointIsDescribedAndEveryDescribedRouteIsServed() async throws {
        let contractURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        let contract = try APIContract(yaml: try String(contentsOf: contractURL, encoding: .utf8))
        let described = Set(contract.operations.values.flatMap { $0 }.map { "\($0.method) \(Self.normalised($0.path))" }
            .filter { line in Self.apiPrefixes.contains { line.split(separator: " ")[1].hasPrefix($0) } })
        try await withVerityApp { app async throws in
            var served: Set<String> = []
            for route in app.app.routes.all where EndpointCredentialKey.of(route) != nil {
                served.insert("\(route.method.rawValue) \(RouteCredentialsTests.path(of: route, parameter: "{}"))")
            }
            #expect(served.count >= 90, "\(served.count) endpoint routes")
            #expect(served.subtracting(described).isEmpty, "served but not in docs/openapi.yaml: \(served.subtracting(described).sorted())")
            #expect(described.subtracting(served).isEmpty, "in docs/openapi.yaml but not served: \(described.subtracting(served).sorted())")
        }
    }

    /// `/v1/x/{id}` as `/v1/x/{}`: parameters compare by place, not name.
    static func normalised(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "{}", options: .regularExpression)
    }
}
