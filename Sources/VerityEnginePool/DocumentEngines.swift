import Foundation
import VerityChip
import VerityEngines
import VerityCore
import VerityVision

/// The document and face engines a check uses, through `runner`: in engine
/// worker processes (`EngineWorkerPool`), or on the server's engine threads
/// (`InProcessEngines`). Without face models (`VERITY_MODELS_DIR`) documents
/// are still read; the portrait check is absent and a check with a selfie
/// cannot run. Only measurements come back: never an image or an embedding.
package struct DocumentEngines: Sendable {
    let runner: any EngineRunner
    /// The server's own threads, for work on what the engines returned (no outside bytes).
    let pool: EnginePool
    /// How many tasks wait or run at once, shared by every view of these engines.
    let admission: EngineAdmission
    /// Whose turn it is on the engine threads: requests before background work.
    let turns: EngineTurns
    /// Whether a caller is a request (refused with the overload answer when
    /// the engines' queue is full) or background work (a job: it waits).
    var queue: EngineAdmission.Queue = .request

    init(runner: any EngineRunner, pool: EnginePool, workers: Int) {
        self.runner = runner
        self.pool = pool
        admission = EngineAdmission(requestLimit: workers * EngineAdmission.requestsPerWorker)
        turns = EngineTurns(turns: workers)
    }

    /// The same engines for background work, which waits its turn however long the queue.
    package var inBackground: DocumentEngines {
        var copy = self
        copy.queue = .background
        return copy
    }

    private func perform(_ task: EngineTask) async throws -> EngineAnswer {
        try admission.enter(queue)
        defer { admission.leave() }
        await turns.take(queue)
        defer { turns.give() }
        return try await runner.perform(task)
    }

    /// The document's report. A passport's photo page may come as both images:
    /// the back is read only when the front yields nothing and differs from it.
    /// Without a type or country the document names its own (`DocumentInspector`).
    func inspect(front: [UInt8], back: [UInt8], type: DocumentType?, country: String?, today: CalendarDate) async throws
        -> DocumentReport {
        try await perform(.inspect(front: Data(front), back: Data(back), type: type, country: country, today: today)).report()
    }

    /// Whether a front alone is a passport's photo page (its MRZ says so).
    package func isPassportPage(_ front: [UInt8], today: CalendarDate) async throws -> Bool {
        try await perform(.isPassportPage(front: Data(front), today: today)).flag()
    }

    /// The selfie against the document's portrait at `threshold`, and the
    /// selfie's passive liveness signals.
    func selfie(_ selfie: [UInt8], document front: [UInt8], threshold: Double, chipDG2: [UInt8]? = nil) async throws -> SelfieEvidence {
        try await perform(.selfie(selfie: Data(selfie), document: Data(front), threshold: threshold, chipDG2: chipDG2.map { Data($0) })).selfie()
    }

    /// The passive liveness signals of one selfie (VerifyHuman).
    package func liveness(_ selfie: [UInt8]) async throws -> LivenessSignals {
        try await perform(.liveness(selfie: Data(selfie))).liveness()
    }

    /// The age of the face in `selfie` (VerifyAge); nil without a face.
    package func age(_ selfie: [UInt8]) async throws -> AgeEstimate? {
        try await perform(.age(selfie: Data(selfie))).age()
    }

    /// One side of an Egyptian national ID (the OCR service's transactions),
    /// with the portrait check on the front when face models are installed.
    package func readEgyptianIDSide(_ bytes: [UInt8], side: DocumentSide, today: CalendarDate) async throws -> EgyptianIDSideReading {
        try await perform(.egyptianIDSide(image: Data(bytes), side: side, today: today)).egyptianIDSide()
    }

    /// The capture page's picture rules (dark, washed out, flat, glare, blur,
    /// cut off), repeated by the server before a submission is stored.
    package func captureQuality(_ bytes: [UInt8]) async throws -> [UnreadableReason] {
        try await perform(.captureQuality(image: Data(bytes))).qualityProblems()
    }

    /// A chip's passive and active authentication, and DG2's face against the
    /// selfie and the document's page (`ChipCheck`, in the sandbox).
    package func chip(_ task: ChipCheckTask) async throws -> ChipCheckReport {
        try await perform(.chip(task)).chip()
    }

    /// The Document Signer's issuer an EF.SOD names; nil when the SOD cannot say.
    package func chipSigner(sod: [UInt8]) async throws -> ChipSignerReference? {
        try await perform(.chipSigner(sod: Data(sod))).chipSigner()
    }

    /// A file an operator imports to trust, read and checked in the sandbox.
    package func chipTrust(file: [UInt8], signerAnchors: [Data]) async throws -> ChipTrustAnswer {
        try await perform(.chipTrust(file: Data(file), signerAnchors: signerAnchors)).chipTrust()
    }
}
