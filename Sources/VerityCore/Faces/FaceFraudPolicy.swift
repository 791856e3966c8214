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

/// Turns portrait evidence into the spec's `faceFraudZone`: 0 no sign of a
/// substituted portrait, 1 review by a person, 2 strong signs of tampering,
/// with a score (0–1) and the reasons.
public struct FaceFraudPolicy: Sendable, Equatable, Codable {
    public enum Reason: String, Sendable, Codable, Equatable {
        /// No portrait found on the front (or several faces): cannot be checked.
        case portraitNotFound = "PORTRAIT_NOT_FOUND"
        /// The face is not where the layout prints the portrait.
        case portraitOutOfPlace = "PORTRAIT_OUT_OF_PLACE"
        /// The portrait's noise differs from the card's: pasted in after capture.
        case portraitNoiseMismatch = "PORTRAIT_NOISE_MISMATCH"
        /// Straight edges around the portrait lean against the card: a photo glued on.
        case portraitEdgesTilted = "PORTRAIT_EDGES_TILTED"
    }

    public struct Assessment: Sendable, Codable, Equatable {
        public var zone: Int
        /// 0–1: how strongly the signals point to a substituted portrait.
        public var score: Double
        public var reasons: [Reason]

        public init(zone: Int, score: Double, reasons: [Reason]) {
            self.zone = zone
            self.score = score
            self.reasons = reasons
        }
    }

    /// Noise ratios beyond this factor either way are suspicious; beyond `strongNoiseFactor`, strong.
    public var noiseFactor: Double = 2.5
    public var strongNoiseFactor: Double = 4.0
    /// Scores from which the zone is 1 and 2.
    public static let reviewScore = 0.4, fraudScore = 0.7

    public init() {}

    public func assess(_ evidence: PortraitEvidence) -> Assessment {
        var findings: [(Reason, Double)] = []
        switch evidence.placement {
        case .notFound: findings.append((.portraitNotFound, 0.5))
        case .elsewhere: findings.append((.portraitOutOfPlace, 0.8))
        case .expected: break
        }
        if let ratio = evidence.noiseRatio, ratio > 0 {
            let factor = max(ratio, 1 / ratio)
            if factor >= noiseFactor {
                // 0.4 at the first factor, 0.7 at the strong one, up to 0.95.
                let position = (factor - noiseFactor) / (strongNoiseFactor - noiseFactor)
                findings.append((.portraitNoiseMismatch, min(0.95, 0.4 + 0.3 * position)))
            }
        }
        if let tilt = evidence.tiltedEdges.first {
            // One edge at the smallest measurable tilt also comes from a coarse or
            // recompressed capture: review. Several, or a clear tilt: a glued photo.
            let clear = evidence.tiltedEdges.count >= 2 || tilt >= 3
            let score = clear ? min(0.95, 0.7 + 0.05 * Double(evidence.tiltedEdges.count - 1) + 0.02 * tilt) : 0.45
            findings.append((.portraitEdgesTilted, score))
        }
        let score = findings.map(\.1).max() ?? 0
        let zone = score >= Self.fraudScore ? 2 : score >= Self.reviewScore ? 1 : 0
        return Assessment(zone: zone, score: (score * 100).rounded() / 100, reasons: findings.map(\.0))
    }
}
