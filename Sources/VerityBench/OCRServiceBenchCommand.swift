import ArgumentParser
import AsyncHTTPClient
import Crypto
import Dispatch
import DocgenManifest
import Foundation
import NIOCore
import VerityAPI
import VerityCore
import VerityVision

/// The OCR service's whole transaction per card (session, both sides sealed
/// and sent, combination opened and its HMAC checked) beside the engine alone
/// on the same card (each side read, then combined) in the same run. One card
/// at a time: the ratio is what the service adds to one card's engine time.
struct OCRServiceBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ocr-service",
                                                    abstract: "The OCR service per card against the engine alone on the same cards.")

    @Option(help: "Verity base URL (a demo server).") var baseURL: String
    @Option(help: "An end user's token.") var token: String
    @Option(help: "The environment's HMAC key, base64.") var hmacKey: String
    @Option(help: "The generated documents (truth.json).") var dir: String
    @Option(help: "Face models, as the server's.") var models: String = "models"
    @Option(help: "Rounds over the cards.") var rounds: Int = 2

    func run() async throws {
        let manifest = try DocgenManifest.load(directory: URL(fileURLWithPath: dir))
        // Every degradation but blur, as the accuracy figures: one card each.
        var seen = Set<String>()
        let cards = manifest.samples.filter { $0.kind == "egypt_id" && $0.degradation != "blur" && seen.insert($0.degradation).inserted }
        let images = try cards.map { card in try card.files.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir).appendingPathComponent($0))) } }
        guard let key = Data(base64Encoded: hmacKey), key.count == 32 else { throw BenchClient.Failure(description: "--hmac-key is not 32 bytes of base64") }
        let inspector = DocumentInspector(today: CalendarDate(iso: "2026-11-23")!, faces: try FaceEngine(modelsDirectory: models))
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = BenchClient(http: http, baseURL: baseURL)
        var engine: [Double] = [], service: [Double] = []
        do {
            // One untimed pass each to warm both up.
            _ = try engineRead(inspector, images[0])
            _ = try await transaction(client, images[0], key: key)
            for _ in 0..<rounds {
                for card in images {
                    var started = DispatchTime.now().uptimeNanoseconds
                    _ = try engineRead(inspector, card)
                    engine.append(milliseconds(since: started))
                    started = DispatchTime.now().uptimeNanoseconds
                    _ = try await transaction(client, card, key: key)
                    service.append(milliseconds(since: started))
                }
            }
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        let total = { (values: [Double]) in values.reduce(0, +) }
        print(String(format: "ocr engine alone: cards=%d runs=%d median=%.1fms mean=%.1fms", cards.count, engine.count, median(engine),
                     total(engine) / Double(engine.count)))
        print(String(format: "ocr service: cards=%d runs=%d median=%.1fms mean=%.1fms", cards.count, service.count, median(service),
                     total(service) / Double(service.count)))
        print(String(format: "ocr service / engine: %.3f (total time)", total(service) / total(engine)))
    }

    func engineRead(_ inspector: DocumentInspector, _ card: [[UInt8]]) throws -> DocumentReport {
        inspector.combineEgyptianID(front: try inspector.readEgyptianIDSide(card[0], side: .front),
                                    back: try inspector.readEgyptianIDSide(card[1], side: .back))
    }

    /// The SDK's steps: key agreement, both sides sealed, the combination opened and checked.
    func transaction(_ client: BenchClient, _ card: [[UInt8]], key: Data) async throws -> OCRResult {
        let clientKey = Curve25519.KeyAgreement.PrivateKey()
        let session = try await client.send(.POST, OCRRoute.sessions.path, bearer: token,
                                            body: OCRSessionRequest(clientPublicKey: clientKey.publicKey.rawRepresentation.base64EncodedString()),
                                            as: OCRSessionInfo.self)
        let keys = try OCRTransport.keys(privateKey: clientKey, peerPublicKey: Data(base64Encoded: session.serverPublicKey)!,
                                         sessionID: session.sessionID)
        var transactions: [String] = []
        for (side, image, purpose) in [(DocumentSide.front, card[0], OCRTransport.Purpose.frontRequest), (.back, card[1], .backRequest)] {
            let sealed = try OCRTransport.seal(try JSONEncoder().encode(OCRSidePayload(image: Data(image).base64EncodedString())),
                                               key: keys[purpose]!, purpose: purpose, sessionID: session.sessionID)
            transactions.append(try await client.send(.POST, OCRRoute.side(side).path, bearer: token,
                                                      body: OCRSideRequest(sessionID: session.sessionID, sealedRequest: sealed),
                                                      as: OCRSideAccepted.self).transactionId)
        }
        let combined = try await client.send(.POST, OCRRoute.combine.path, bearer: token,
                                             body: OCRCombineRequest(sessionID: session.sessionID, transactionIdFront: transactions[0],
                                                                     transactionIdBack: transactions[1]), as: OCRCombineResponse.self)
        guard let opened = OCRTransport.open(combined.sealedResponse, key: keys[.combineResponse]!, purpose: .combineResponse,
                                             sessionID: session.sessionID) else { throw BenchClient.Failure(description: "the combination did not open") }
        let body = try JSONDecoder().decode(VIDVOCRResultBody.self, from: opened)
        guard let signed = body.hmacDataList.first,
              HMAC<SHA256>.isValidAuthenticationCode(Self.hex(signed.hmacDigest), authenticating: Data(signed.rawResponse.utf8),
                                                     using: SymmetricKey(data: key)) else {
            throw BenchClient.Failure(description: "the combination's HMAC did not check")
        }
        return body.ocrResult
    }

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
