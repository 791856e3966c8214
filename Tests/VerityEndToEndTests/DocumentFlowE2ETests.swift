import Foundation
import Testing
import Verity
import VerityTestSupport

/// The identity API's document flows through the SDK against a live server.
@Suite("Document flows through the SDK against a live server")
struct DocumentFlowE2ETests {
    @Test func whetherAFaceImageIsRequiredFollowsTheEnvironmentPerFlow() async throws {
        try await withLiveClient { client, app, _ async throws in
            // given: a new environment asks for none
            #expect(try await !client.isFaceImageRequiredWithDocumentVerification(option: .remoteOnly))
            #expect(try await !client.isFaceImageRequiredWithDocumentCapture())
            // when: the operator asks for a selfie with document verification only
            try await app.configure { $0.documents.faceImageRequiredForVerification = true }
            // then
            #expect(try await client.isFaceImageRequiredWithDocumentVerification())
            #expect(try await !client.isFaceImageRequiredWithDocumentCapture())
        }
    }
}
