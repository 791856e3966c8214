import Foundation
import Testing
import VerityTestSupport

/// The identity API's document routes over raw HTTP: what bad requests get.
@Suite("Document flows: bad requests", .heavy)
struct DocumentFlowTests {
    @Test func aMissingOrUnknownFlowIsInvalidInputNamingIt() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "u")
            for query in ["", "?flow=", "?flow=selfie", "?flow=VERIFICATION"] {
                let reply = try await http.send("GET", "/v1/identity/document/face-image-required" + query, bearer: token)
                #expect(reply.status == 400, "\(query)")
                #expect(reply.error?.code == "INVALID_INPUT" && reply.error?.field == "flow", "\(query)")
            }
            let anonymous = try await http.send("GET", "/v1/identity/document/face-image-required?flow=capture")
            #expect(anonymous.status == 401)
        }
    }
}
