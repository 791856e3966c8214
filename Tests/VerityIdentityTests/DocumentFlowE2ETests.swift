import Foundation
import Testing
import Verity
import VerityTestSupport

/// The identity API's document flows through the SDK against a live server.
@Suite("Document flows through the SDK against a live server", .heavy)
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

    /// `option:` is honoured: `.cachedOrRemote` answers from what the client
    /// last heard, `.remoteOnly` asks again; `isFaceImageRequired()` is the capture flow's.
    @Test func theQueryOptionSaysWhetherTheServiceIsAskedAgain() async throws {
        try await withLiveClient { client, app, _ async throws in
            #expect(try await !client.isFaceImageRequired(option: .cachedOrRemote))   // asked: none yet
            try await app.configure { $0.documents.faceImageRequiredForCapture = true }
            #expect(try await !client.isFaceImageRequiredWithDocumentCapture(option: .cachedOrRemote), "the kept answer")
            #expect(try await client.isFaceImageRequired(option: .remoteOnly), "asked again")
            #expect(try await client.isFaceImageRequired(option: .cachedOrRemote), "the newer answer is kept")
        }
    }
}
