import Foundation
import VerityAPI

/// How a read ends, or a side's image as the service accepts it: the spec's
/// `VIDVOCRResponse`, with its cases and labels.
public enum VIDVOCRResponse: Sendable, Equatable {
    /// The card was read, passed the service's requirements, and every signature checked.
    case success(VIDVOCRResult)
    /// A side's image, accepted by the service, not processed yet (in real time, front then back).
    case capturedImages(capturedImageData: CapturedImageData)
    /// The read was stopped (`exit()` or the task cancelled) at `step`, with what it had so far.
    case userExit(step: String, data: VIDVOCRResult?)
    /// The read finished short of the service's requirements
    /// (`DocumentReaderClient.verificationFailed`, the whole result in `data`),
    /// or the service refused or failed, or an answer's signature did not check
    /// (then `data` holds only what was checked before).
    case serviceFailure(code: String, message: String, data: VIDVOCRResult?)
    /// The client was built wrong; no request was sent.
    case builderError(code: String, message: String)

    /// The result this case carries (`result.data?.ocrResult?…` in the specification's examples).
    public var data: VIDVOCRResult? {
        switch self {
        case .success(let data): data
        case .userExit(_, let data), .serviceFailure(_, _, let data): data
        case .capturedImages, .builderError: nil
        }
    }

    /// The specification's accessor for `data`.
    public func getData() -> VIDVOCRResult? { data }
}

/// The spec's `VIDVOCRResult`.
public struct VIDVOCRResult: Sendable, Equatable {
    public var sessionID: String
    public var ocrResult: OCRResult?
    public var documentVerificationResult: DocumentVerificationResult?
    public var captures: OCRCaptures?
    public var hmacDataList: [HMACData]
    /// The session's keys, from this side of the key agreement.
    public var decryptionKeys: OCRDecryptionKeys?

    /// The specification's accessor (`VIDVOCRResult.getData()`): the result itself.
    public func getData() -> VIDVOCRResult { self }
}

/// The spec's `CapturedImageData`.
public struct CapturedImageData: Sendable, Equatable {
    /// `nationalIdFront` or `nationalIdBack`.
    public var nationalIDLabel: String
    /// base64.
    public var nationalIdImage: String

    public init(nationalIDLabel: String, nationalIdImage: String) {
        self.nationalIDLabel = nationalIDLabel
        self.nationalIdImage = nationalIdImage
    }
}

/// The spec's `VIDVEvent`: what the reader did, without PII or image bytes.
public struct VIDVEvent: Sendable, Equatable {
    public var key: String
    public var screen: String
    public var type: String
    public var sessionId: String?
    /// Ids and counts only.
    public var payload: String
    /// Milliseconds since 1970.
    public var timestamp: Int64
    public var date: Date
}

/// The spec's `VIDVError`.
public struct VIDVError: Sendable, Equatable {
    public var code: Int16
    public var message: String
    public var screen: String
    public var type: String
    public var sessionId: String?
    public var timestamp: Int64
    public var date: Date
}

/// One log line: an event or an error.
public enum DocumentReaderLog: Sendable, Equatable {
    case event(VIDVEvent)
    case error(VIDVError)
}

/// Receives the read's cases (`onOCRResult(result:)`, as the specification's
/// apps implement it) and the event and error logs, as they happen. Every
/// method has an empty default: implement the ones you need.
public protocol DocumentReaderDelegate: AnyObject, Sendable {
    func onOCRResult(result: VIDVOCRResponse)
    func documentReader(didLog event: VIDVEvent)
    func documentReader(didFail error: VIDVError)
}

extension DocumentReaderDelegate {
    public func onOCRResult(result: VIDVOCRResponse) {}
    public func documentReader(didLog event: VIDVEvent) {}
    public func documentReader(didFail error: VIDVError) {}
}
