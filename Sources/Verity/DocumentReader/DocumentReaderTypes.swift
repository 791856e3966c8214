import Foundation
import VerityAPI

/// How a read ends, or a side's image as the service accepts it: the spec's
/// `VIDVOCRResponse`, Swift names.
public enum VIDVOCRResponse: Sendable, Equatable {
    /// The card was read; every signature checked.
    case success(VIDVOCRResult)
    /// A side's image, accepted by the service, not processed yet (in real time, front then back).
    case capturedImages(CapturedImageData)
    /// The read was stopped (the task cancelled) at `step`.
    case userExit(step: String, result: VIDVOCRResult?)
    /// The service refused or failed, or an answer's signature did not check: nothing of it is used.
    case serviceFailure(code: String, message: String, result: VIDVOCRResult?)
    /// The client was built wrong; no request was sent.
    case builderError(code: String, message: String)
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

/// Receives the reader's event and error logs as they happen.
public protocol DocumentReaderDelegate: AnyObject, Sendable {
    func documentReader(didLog event: VIDVEvent)
    func documentReader(didFail error: VIDVError)
}
