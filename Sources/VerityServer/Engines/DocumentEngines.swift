import VerityCore
import VerityVision

/// The document and face engines a check uses, always on the engine pool's
/// threads. Without face models (`VERITY_MODELS_DIR`) documents are still
/// read; the portrait check is absent and a check with a selfie cannot run.
struct DocumentEngines: Sendable {
    let pool: EnginePool
    let faces: FaceEngine?

    init(pool: EnginePool, modelsDirectory: String) {
        self.pool = pool
        faces = try? FaceEngine(modelsDirectory: modelsDirectory)
    }

    /// The document's report. A passport's photo page may come as both images:
    /// the back is read only when the front yields nothing and differs from it.
    /// Without a type or country the document names its own (`DocumentInspector`).
    func inspect(front: [UInt8], back: [UInt8], type: DocumentType?, country: String?, today: CalendarDate) async throws
        -> DocumentReport {
        let inspector = DocumentInspector(today: today, faces: faces)
        return try await pool.run {
            guard type == .passport else { return try inspector.inspect(front: front, back: back, type: type, country: country) }
            let report = try inspector.inspect(front: front, type: type, country: country)
            guard report.documentUnreadable != nil, back != front else { return report }
            let second = try inspector.inspect(front: back, type: type, country: country)
            return second.documentUnreadable == nil ? second : report
        }
    }

    /// Whether a front alone is a passport's photo page (its MRZ says so).
    func isPassportPage(_ front: [UInt8], today: CalendarDate) async throws -> Bool {
        try await pool.run { try DocumentInspector(today: today).isPassportPage(front) }
    }

    /// The selfie against the document's portrait at `threshold`, and the
    /// selfie's passive liveness signals. Only measurements leave here.
    func selfie(_ selfie: [UInt8], document front: [UInt8], threshold: Double) async throws -> SelfieEvidence {
        guard let faces else {
            throw VerityError(.serviceUnavailable, "Face checks are unavailable on this server: the face models are missing.")
        }
        return try await pool.run {
            let comparison = try VerityMetrics.timing("face_match") { try faces.compare(front, selfie, threshold: threshold) }
            let liveness = try VerityMetrics.timing("face_liveness") { try faces.livenessSignals(selfie) }
            return SelfieEvidence(
                selfieFaceFound: comparison.second.outcome == .found, portraitFaceFound: comparison.first.outcome == .found,
                distance: comparison.distance, threshold: threshold, attackSuspected: liveness.attackSuspected,
                livenessReasons: liveness.reasons.map(\.rawValue))
        }
    }
}

extension DocumentEngines {
    /// The passive liveness signals of one selfie, on the engine pool (VerifyHuman).
    func liveness(_ selfie: [UInt8]) async throws -> LivenessSignals {
        guard let faces else {
            throw VerityError(.serviceUnavailable, "Face checks are unavailable on this server: the face models are missing.")
        }
        return try await pool.run { try VerityMetrics.timing("face_liveness") { try faces.livenessSignals(selfie) } }
    }
}

extension DocumentEngines {
    /// The age of the face in `selfie`, on the engine pool (VerifyAge); nil without a face.
    func age(_ selfie: [UInt8]) async throws -> AgeEstimate? {
        guard let faces else {
            throw VerityError(.serviceUnavailable, "Face checks are unavailable on this server: the face models are missing.")
        }
        return try await pool.run { try VerityMetrics.timing("face_age") { try faces.estimateAge(selfie) } }
    }
}

extension DocumentEngines {
    /// One side of an Egyptian national ID (the OCR service's transactions),
    /// with the portrait check on the front when face models are installed.
    func readEgyptianIDSide(_ bytes: [UInt8], side: DocumentSide, today: CalendarDate) async throws -> EgyptianIDSideReading {
        let inspector = DocumentInspector(today: today, faces: faces)
        return try await pool.run { try VerityMetrics.timing("egyptian_id_side") { try inspector.readEgyptianIDSide(bytes, side: side) } }
    }
}
