/// What the face engine measured about the portrait on a document's front.
public struct PortraitEvidence: Sendable, Codable, Equatable {
    public enum Placement: String, Sendable, Codable {
        /// One face, where ICAO 9303 and AAMVA layouts print the portrait (the left of the page).
        case expected
        /// A face elsewhere on the page.
        case elsewhere
        /// No face large enough, or several of similar size.
        case notFound
    }

    public var placement: Placement
    /// Sensor-like noise in the portrait over the noise on the rest of the card
    /// (1 when both come from the same capture); nil without a portrait.
    public var noiseRatio: Double?
    /// Long straight edges around the portrait leaning away from the card's own edges (degrees, largest first).
    public var tiltedEdges: [Double]

    public init(placement: Placement, noiseRatio: Double? = nil, tiltedEdges: [Double] = []) {
        self.placement = placement
        self.noiseRatio = noiseRatio
        self.tiltedEdges = tiltedEdges
    }
}

/// Why a document's portrait may have been substituted (`FaceFraudPolicy`).
public enum FaceFraudReason: String, Sendable, Codable, Equatable {
    /// No portrait found on the front (or several faces): cannot be checked.
    case portraitNotFound = "PORTRAIT_NOT_FOUND"
    /// The face is not where the layout prints the portrait.
    case portraitOutOfPlace = "PORTRAIT_OUT_OF_PLACE"
    /// The portrait's noise differs from the card's: pasted in after capture.
    case portraitNoiseMismatch = "PORTRAIT_NOISE_MISMATCH"
    /// Straight edges around the portrait lean against the card: a photo glued on.
    case portraitEdgesTilted = "PORTRAIT_EDGES_TILTED"
}
