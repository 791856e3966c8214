/// Turns portrait evidence into the spec's `faceFraudZone`: 0 no sign of a
/// substituted portrait, 1 review by a person, 2 strong signs of tampering,
/// with a score (0–1) and the reasons.
public struct FaceFraudPolicy: Sendable, Equatable, Codable {
    /// The reasons are the wire's (`AdvancedConfidence.faceFraudReasons`).
    public typealias Reason = FaceFraudReason

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

extension AdvancedConfidence {
    /// The report's zones from the portrait policy's assessment.
    public init(face: FaceFraudPolicy.Assessment, portrait: PortraitEvidence) {
        self.init(faceFraudZone: face.zone, faceFraudScore: face.score, faceFraudReasons: face.reasons, portrait: portrait)
    }
}
