/// Image quality measurements, each with the threshold it was judged by.
public struct QualityReport: Sendable, Codable, Equatable {
    public var width: Int
    public var height: Int
    public var signals: [QualitySignal]
    public var document: DocumentPlacement?

    public init(width: Int, height: Int, signals: [QualitySignal] = [], document: DocumentPlacement? = nil) {
        self.width = width
        self.height = height
        self.signals = signals
        self.document = document
    }

    public func signal(_ name: QualitySignal.Name) -> QualitySignal? { signals.first { $0.name == name } }

    /// The signals that failed.
    public var problems: [QualitySignal] { signals.filter { !$0.passed } }
}

public struct QualitySignal: Sendable, Codable, Equatable {
    public enum Name: String, Sendable, Codable {
        /// Variance of the Laplacian over the document (higher is sharper).
        case sharpness
        /// Share of the document's area that is saturated white in blobs.
        case glare
        /// Mean grey level (0–255) of the document: too dark below the threshold.
        case brightness
        /// Grey level of the darkest 2 % (the print): washed out above the threshold.
        case overexposure
        /// Standard deviation of grey levels of the document.
        case contrast
        /// Mean colour saturation (0–1) of the document; a grey copy has none.
        case colourfulness
        /// Letter height in pixels of the text that was read.
        case textHeight
        /// Share of the picture's rows the file held: under 1 for a JPEG that
        /// ended early (reported only then), read as far as it goes.
        case completeness
    }

    /// Whether a larger value is better or worse.
    public enum Direction: String, Sendable, Codable { case atLeast, atMost }

    public var name: Name
    public var value: Double
    public var threshold: Double
    public var direction: Direction
    public var passed: Bool

    public init(name: Name, value: Double, threshold: Double, direction: Direction) {
        self.name = name
        self.value = value
        self.threshold = threshold
        self.direction = direction
        passed = direction == .atLeast ? value >= threshold : value <= threshold
    }
}

/// Where the document lies in the frame.
public struct DocumentPlacement: Sendable, Codable, Equatable {
    /// Corners in image pixels: top-left, top-right, bottom-right, bottom-left.
    public var corners: [[Double]]
    /// Every corner inside the frame with a margin around the document.
    public var fullyInFrame: Bool
    /// The document fills the frame edge to edge (a flat scan).
    public var fillsFrame: Bool
    /// Share of the frame the document covers (0–1).
    public var coverage: Double

    public init(corners: [[Double]], fullyInFrame: Bool, fillsFrame: Bool, coverage: Double) {
        self.corners = corners
        self.fullyInFrame = fullyInFrame
        self.fillsFrame = fillsFrame
        self.coverage = coverage
    }
}

/// Reasons a user can act on when a document cannot be read.
public enum UnreadableReason: String, Sendable, Codable {
    case blurry = "BLURRY"
    case glare = "GLARE"
    case tooDark = "TOO_DARK"
    case tooBright = "TOO_BRIGHT"
    case lowContrast = "LOW_CONTRAST"
    case documentNotFound = "DOCUMENT_NOT_FOUND"
    case documentCutOff = "DOCUMENT_CUT_OFF"
    case resolutionTooLow = "RESOLUTION_TOO_LOW"
    case mrzNotFound = "MRZ_NOT_FOUND"
    case mrzUnreadable = "MRZ_UNREADABLE"
    case barcodeNotFound = "BARCODE_NOT_FOUND"
    case textUnreadable = "TEXT_UNREADABLE"
    /// The file ended early: part of the picture is missing.
    case imageIncomplete = "IMAGE_INCOMPLETE"
    // Document flows (DocumentVerdictPolicy): what a user fixes by submitting again.
    /// The selfie shows no face, or more than one.
    case selfieUnusable = "SELFIE_UNUSABLE"
    /// No face was found on the document's portrait to compare the selfie with.
    case portraitNotFound = "PORTRAIT_NOT_FOUND"
    /// The document was read but lacks a field the check needs (name, date of birth, address).
    case identityIncomplete = "IDENTITY_INCOMPLETE"
    /// The document was issued by another country than the one stated.
    case countryMismatch = "COUNTRY_MISMATCH"
    /// The file passed the header checks but its pixels could not be decoded.
    case imageUndecodable = "IMAGE_UNDECODABLE"
    /// No type was stated and neither an MRZ nor a licence barcode says what
    /// the document is (the mobile API, where the type is an optional hint).
    case documentTypeUnknown = "DOCUMENT_TYPE_UNKNOWN"
    /// The document named its own type or country, and this environment does
    /// not accept it: another document is needed.
    case documentNotAccepted = "DOCUMENT_NOT_ACCEPTED"
    /// The check itself failed repeatedly (an engine or the data source); nothing the user did.
    case checkError = "CHECK_ERROR"
}

/// The spec's `documentVerificationPlus`.
public struct DocumentVerificationPlus: Sendable, Codable, Equatable {
    public var frontDataValidity: Bool
    public var backDataValidity: Bool
    public var frontConfidence: Int
    public var backConfidence: Int
    public var isFrontGreyscale: Bool
    public var isBackGreyscale: Bool
    public var expired: Bool
    /// snake_case field names needing a person's look: `front_nid`, `expiry_date`, …
    public var reviewRequired: [String]

    public init(frontDataValidity: Bool = false, backDataValidity: Bool = false, frontConfidence: Int = 0,
                backConfidence: Int = 0, isFrontGreyscale: Bool = false, isBackGreyscale: Bool = false,
                expired: Bool = false, reviewRequired: [String] = []) {
        self.frontDataValidity = frontDataValidity
        self.backDataValidity = backDataValidity
        self.frontConfidence = frontConfidence
        self.backConfidence = backConfidence
        self.isFrontGreyscale = isFrontGreyscale
        self.isBackGreyscale = isBackGreyscale
        self.expired = expired
        self.reviewRequired = reviewRequired
    }
}
