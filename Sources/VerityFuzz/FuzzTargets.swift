import Crypto
import Foundation
import JWTKit
import VerityAPI
import VerityChip
import VerityCore
import VerityEngines
import VerityVision

/// Every parser of bytes from outside, as a fuzz target: what a stranger can
/// send Verity (images, document payloads, tokens, keys, signatures, sealed
/// envelopes, JSON bodies) and what an SDK reads from a server. A target
/// takes any bytes and must return: a typed refusal is fine, a trap, a leak,
/// a hang or an allocation over libFuzzer's limit is a finding.
struct FuzzTarget: Sendable {
    let name: String
    let about: String
    let run: @Sendable ([UInt8]) -> Void
}

enum FuzzTargets {
    static let all: [FuzzTarget] = [
        FuzzTarget(name: "image-intake", about: "ImageIntake.admit: PNG chunks, JPEG segments and scans, GIF blocks, other formats") { bytes in
            _ = try? ImageIntake().admit(bytes)
        },
        FuzzTarget(name: "image-decode", about: "ImageDecoder after the intake (Leptonica, libjpeg, libpng, giflib, CJPEG), at most 4 megapixels") { bytes in
            var decoder = ImageDecoder()
            decoder.intake.maximumPixels = 4_000_000
            decoder.intake.maximumSide = 4_000
            _ = try? decoder.decode(bytes)
        },
        FuzzTarget(name: "barcode", about: "BarcodeScanner (ZXing through CZXing) on what the intake admits, at most 1 megapixel") { bytes in
            var intake = ImageIntake()
            intake.maximumPixels = 1_000_000
            guard (try? intake.admit(bytes)) != nil else { return }
            _ = try? BarcodeScanner().scan(imageBytes: bytes)
        },
        FuzzTarget(name: "face", about: "FaceEngine's detection and liveness (dlib, OpenCV through CFace) on what the intake admits, at most 1 megapixel") { bytes in
            var intake = ImageIntake()
            intake.maximumPixels = 1_000_000
            guard let faces = Faces.engine, (try? intake.admit(bytes)) != nil else { return }
            _ = try? faces.livenessSignals(bytes)
        },
        FuzzTarget(name: "mrz", about: "MRZParser.parse and its repairs, on lines of text") { bytes in
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            _ = try? MRZParser(today: today).parse(lines)
        },
        FuzzTarget(name: "aamva", about: "AAMVALicense.parse: a licence's PDF417 payload (header, subfiles, elements)") { bytes in
            _ = try? AAMVALicense.parse(bytes)
        },
        FuzzTarget(name: "egyptian-national-number", about: "EgyptianNationalNumber.parse, on text") { bytes in
            _ = try? EgyptianNationalNumber.parse(String(decoding: bytes, as: UTF8.self))
        },
        FuzzTarget(name: "ocr-envelope", about: "OCRTransport.open on a sealed request, and the side payload inside one that opens") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            _ = OCRTransport.open(text, key: ocrKey, purpose: .frontRequest, sessionID: "ocrs_fuzz")
            // What opens is JSON from the SDK: the payload's decoding, reached directly.
            _ = try? JSONDecoder().decode(OCRSidePayload.self, from: Data(bytes))
        },
        FuzzTarget(name: "ocr-result", about: "what the SDK decodes from the OCR service: accepted sides and combined results") { bytes in
            _ = try? JSONDecoder().decode(OCRSideAccepted.self, from: Data(bytes))
            _ = try? JSONDecoder().decode(OCRResult.self, from: Data(bytes))
        },
        FuzzTarget(name: "webhook-signature", about: "WebhookSignature.verify and the event's decoding: the header (first line) against a body") { bytes in
            let parts = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
            let header = String(decoding: parts.first ?? [], as: UTF8.self)
            let body = Data(parts.count > 1 ? Array(parts[1]) : [])
            if (try? WebhookSignature.verify(body, header: header, secrets: ["whsec_fuzz"], now: Date(timeIntervalSince1970: 1_800_000_000))) != nil {
                _ = try? JSONDecoder().decode(WebhookEvent.self, from: body)
            }
        },
        FuzzTarget(name: "webhook-payloads", about: "what a backend decodes from a delivery: the event, then its data as its type's payload struct") { bytes in
            if let event = try? JSONDecoder().decode(WebhookEvent.self, from: Data(bytes)) {
                _ = try? event.anyPayload()
            }
        },
        FuzzTarget(name: "engine-answer", about: "what the server reads from a sandboxed engine worker: a child's answer, checked against each task kind, and the zygote's reports") { bytes in
            if let answer = try? JSONDecoder().decode(EngineAnswer.self, from: Data(bytes)) {
                for task in EngineAnswerFuzzing.tasks where answer.fits(task) {
                    _ = try? answer.report(); _ = try? answer.flag(); _ = try? answer.selfie(); _ = try? answer.liveness()
                    _ = try? answer.age(); _ = try? answer.egyptianIDSide(); _ = try? answer.qualityProblems()
                    _ = try? answer.chip(); _ = try? answer.chipSigner(); _ = try? answer.chipTrust()
                }
            }
            _ = try? JSONDecoder().decode(ZygoteReport.self, from: Data(bytes))
        },
        FuzzTarget(name: "forwarded-for", about: "a proxy's X-Forwarded-For and Forwarded headers, each line a header value, and each hop's address") { bytes in
            let values = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            for hop in ForwardedHops.xForwardedFor(values) + ForwardedHops.forwarded(values) {
                if let hop { _ = ForwardedHops.addressBytes(hop) }
            }
        },
        FuzzTarget(name: "console-inputs", about: "what the console reads from a browser beside its forms, a line each: a User-Agent named as a device, and a confirmation's return path") { bytes in
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                let label = DeviceLabel.of(userAgent: line)
                precondition(label.utf8.count <= 40, "a device label longer than its parts")
                if let path = ConsoleReturnPath.checked(line, within: "/console") {
                    precondition(path.hasPrefix("/console") && !path.contains("//") && !path.contains("..") && !path.contains("\""),
                                 "a return path out of the console")
                }
            }
        },
        FuzzTarget(name: "credentials", about: "client keys, activation codes, dates of birth and user tokens (HS256 JWTs) as text") { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            _ = ClientKeyKind.of(text)
            _ = try? ActivationCode.parse(text)
            _ = try? DateOfBirth.parse(text, today: DateOfBirth(year: 2026, month: 11, day: 29))
            UserTokens.verify(text)
        },
        FuzzTarget(name: "hsm", about: "CPKCS11 on SoftHSM2: token label, PIN, key label and digest, a line each (a level-4 password is a PIN)") { bytes in
            HSMFuzzing.run(bytes)
        },
        FuzzTarget(name: "chip-sod", about: "an ePassport's EF.SOD: BER, CMS SignedData, the Document Signer's X.509, the LDS security object, its signature") { bytes in
            _ = PassiveAuthentication.signerReference(sod: bytes)
            _ = PassiveAuthentication(trust: ChipTrust()).inspect(ChipEvidence(files: [.sod: Data(bytes)]))
        },
        FuzzTarget(name: "chip-data-groups", about: "the chip's data groups, the bytes as each: DG1's MRZ, DG2's facial records, DG14's security infos, DG15's key with an Active Authentication answer") { bytes in
            let file = Data(bytes)
            let evidence = ChipEvidence(
                files: [.dg1: file, .dg2: file, .dg11: file, .dg14: file, .dg15: file],
                activeAuthentication: .init(challenge: Data(bytes.prefix(8)), signature: file))
            _ = PassiveAuthentication(trust: ChipTrust()).inspect(evidence)
            if let group = try? FaceImageGroup(bytes) { precondition(group.faces.allSatisfy { $0.bytes.count <= FaceImageGroup.maximumImageBytes }) }
        },
        FuzzTarget(name: "chip-trust", about: "what an operator imports to trust: CSCA master lists (CMS), certificates, CRLs, DER or PEM; each also its own signer's anchor") { bytes in
            _ = try? TrustImport.read(bytes, signerAnchors: [bytes])
        },
        FuzzTarget(name: "chip-face", about: "ChipFaceDecoder: DG2's JPEG 2000 (JP2 boxes, the codestream's SIZ, OpenJPEG through Leptonica) or JPEG, alone or inside a DG2") { bytes in
            _ = try? ChipFaceDecoder().decode((try? FaceImageGroup(bytes))?.faces.first?.bytes ?? bytes)
        },
        FuzzTarget(name: "sanctions-lists", about: "list files an operator imports: the UN's XML (XMLTree), BIS's tab-separated DPL, a tenant's watchlist in CSV or JSON") { bytes in
            _ = try? UNConsolidatedList.parse(xml: bytes)
            _ = try? DeniedPersonsList.parse(text: String(decoding: bytes, as: UTF8.self))
            _ = try? WatchlistFile.parse(bytes, list: "watchlist:fuzz")
        },
        FuzzTarget(name: "json-bodies", about: "every surface's request bodies, JSON into their types (the first byte picks the type)") { bytes in
            guard let first = bytes.first else { return }
            let body = Data(bytes.dropFirst())
            _ = RequestBodies.decoders[Int(first) % RequestBodies.decoders.count](body)
        },
    ]

    static let today = CalendarDate(year: 2026, month: 11, day: 29)!
    static let ocrKey = SymmetricKey(data: Data(repeating: 7, count: 32))

    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

/// The request types of every surface, each a decoder of JSON bytes.
enum RequestBodies {
    static let decoders: [@Sendable (Data) -> Bool] = [
        decoder(VerifyIdentityInput.self), decoder(VerifyIdentityDocumentInput.self), decoder(RequiredVerificationMethodInput.self),
        decoder(IdentityDataProcessingConsentInput.self), decoder(IdentityDataProcessingConsentContentInput.self),
        decoder(UserTokenRequest.self), decoder(ClientKeyRequest.self), decoder(WebhookEndpointInput.self), decoder(OperatorInput.self),
        decoder(MobileSelfieUpload.self), decoder(MobileDateOfBirth.self), decoder(MobileIDFrontUpload.self), decoder(MobileIDBackUpload.self),
        decoder(MobileAgeDocumentUpload.self), decoder(MobileEmptyRequest.self),
        decoder(OCRSessionRequest.self), decoder(OCRSideRequest.self), decoder(OCRCombineRequest.self),
        decoder(DeviceVerificationRequest.self), decoder(DeviceVerificationInput.self), decoder(DeviceTokenRequest.self),
        decoder(RegistrationInput.self), decoder(AccreditationRequestInput.self), decoder(CertifyInput.self),
        decoder(SignatureInput.self), decoder(DocumentSigningInput.self), decoder(CheckpointInput.self), decoder(TransactionInput.self),
        decoder(SessionCheckInput.self), decoder(AccreditationApprovalInput.self), decoder(AccreditationRejectionInput.self),
    ]

    static func decoder<T: Decodable>(_ type: T.Type) -> @Sendable (Data) -> Bool {
        { data in (try? JSONDecoder().decode(T.self, from: data)) != nil }
    }
}

/// User tokens as the server checks them: an HS256 JWT with Verity's claims
/// (the claims of `UserTokenService.Payload`, repeated: VerityFuzz links no
/// server code, and JWTKit's parsing of them is what is fuzzed).
enum UserTokens {
    struct Payload: JWTPayload {
        var sub: SubjectClaim
        var env: String
        var jti: IDClaim
        var iat: IssuedAtClaim
        var exp: ExpirationClaim
        var iss: IssuerClaim

        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    static let keys: JWTKeyCollection = {
        let keys = JWTKeyCollection()
        let ready = DispatchSemaphore(value: 0)
        Task {
            await keys.add(hmac: HMACKey(from: Data(repeating: 9, count: 32)), digestAlgorithm: .sha256)
            ready.signal()
        }
        ready.wait()
        return keys
    }()

    /// Verifies `token` to its end (the fuzzer's callback is synchronous).
    static func verify(_ token: String) {
        guard token.utf8.count <= 2048 else { return }
        let done = DispatchSemaphore(value: 0)
        Task {
            _ = try? await keys.verify(token, as: Payload.self)
            done.signal()
        }
        done.wait()
    }
}

/// The face models (`VERITY_MODELS_DIR`, or ./models), loaded once.
enum Faces {
    static let engine: FaceEngine? = try? FaceEngine(modelsDirectory: ProcessInfo.processInfo.environment["VERITY_MODELS_DIR"] ?? "models")
}
