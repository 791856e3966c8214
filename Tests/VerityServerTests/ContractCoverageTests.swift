import Foundation
import Testing
import Vapor
import VerityAPI
import VerityTestSupport
@testable import VerityKernel
@testable import VerityPages

/// `docs/openapi.yaml` describes every API route the server registers from
/// a VerityAPI `Endpoint`, and no API route it does not serve; and each
/// described as its endpoint declares it: the same credential, its success
/// status among the answers, every header it reads a parameter. A fact
/// changed on one side only fails here. (The bodies' shapes are held by the
/// contract fuzzing, which checks every answer against its schema, and by
/// `scripts/sdk-contract.py` for the SDKs.)
@Suite("The contract and the endpoints: every API route described as it is served, nothing described that is not served")
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

            let operations = Dictionary(contract.operations.values.flatMap { $0 }.map { ("\($0.method) \(Self.normalised($0.path))", $0) },
                                        uniquingKeysWith: { first, _ in first })
            for route in app.app.routes.all {
                guard let credential = EndpointCredentialKey.of(route), let answer = EndpointAnswerKey.of(route) else { continue }
                let line = "\(route.method.rawValue) \(RouteCredentialsTests.path(of: route, parameter: "{}"))"
                guard let operation = operations[line] else { continue }
                #expect(Set(operation.security) == Self.schemes[credential], "\(line): \(credential) but described as \(operation.security)")
                #expect(operation.responses.contains { $0.code == String(answer.status) },
                        "\(line): answers \(answer.status), described \(operation.responses.map(\.code))")
                let headers = Set(operation.parameters.filter { $0.location == "header" }.map { $0.name.lowercased() })
                for header in answer.headers where !Self.credentialHeaders[credential, default: []].contains(header.lowercased()) {
                    #expect(headers.contains(header.lowercased()), "\(line): reads \(header), not described")
                }
            }
        }
    }

    /// Headers that travel as part of a credential, described with its scheme
    /// (the device token's `Verity-Device-ID`), not as parameters.
    static let credentialHeaders: [EndpointCredential: Set<String>] = [.deviceOrUserToken: ["verity-device-id"]]

    /// The security schemes of `docs/openapi.yaml` each credential is described with.
    static let schemes: [EndpointCredential: Set<String>] = [
        .userToken: ["userToken"], .secretKey: ["secretKey"], .clientKey: ["clientKey"],
        .deviceOrUserToken: ["deviceToken", "userToken"], .none: [],
    ]

    /// `/v1/x/{id}` as `/v1/x/{}`: parameters compare by place, not name.
    static func normalised(_ path: String) -> String {
        path.replacingOccurrences(of: #"\{[^}]+\}"#, with: "{}", options: .regularExpression)
    }
}
