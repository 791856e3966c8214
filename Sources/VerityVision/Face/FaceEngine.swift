import CFace
import Foundation
import VerityCore

/// Faces: detection, selfie-to-portrait comparison, age. Embeddings and face
/// crops exist only inside these calls: nothing is stored or logged.
public final class FaceEngine: Sendable {
    /// Distance at or below which two faces are the same person: calibrated on
    /// selfies against document-like portraits (docs/faces.md); dlib publishes
    /// 0.6 for clean photos. Environments may set their own (`FaceMatchSettings`).
    public static let defaultThreshold = FaceMatchSettings.defaultThreshold
    /// Smallest eye distance compared, in pixels.
    public static let minimumEyeDistance = 12.0

    let pool: FaceNetworkPool

    /// Checks the model files first (missing or altered files are `SERVICE_UNAVAILABLE`).
    public init(modelsDirectory: String) throws(VerityError) {
        pool = FaceNetworkPool(files: try FaceModelFiles(directory: modelsDirectory))
    }

    /// Loads the networks now rather than at the first face (an engine
    /// zygote, whose children may open no file).
    public func loadNetworks() throws(VerityError) {
        try pool.with { _ in () }
    }

    public func compare(_ firstBytes: [UInt8], _ secondBytes: [UInt8], threshold: Double = FaceEngine.defaultThreshold) throws(VerityError) -> FaceComparison {
        var clock = Stopwatch()
        let first = try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decode(firstBytes, field: "first") }
        let second = try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decode(secondBytes, field: "second") }
        return try compare(images: first, second, threshold: threshold, clock: clock)
    }

    /// Two decoded pictures: a chip's face (DG2, a JPEG 2000 the intake does
    /// not take) against a selfie or a document's page.
    public func compare(images first: RGBImage, _ second: RGBImage, threshold: Double = FaceEngine.defaultThreshold) throws(VerityError) -> FaceComparison {
        try compare(images: first, second, threshold: threshold, clock: Stopwatch())
    }

    private func compare(images first: RGBImage, _ second: RGBImage, threshold: Double, clock: Stopwatch) throws(VerityError) -> FaceComparison {
        var (first, second, clock) = (first, second, clock)
        // A grey portrait against a colour selfie: compare both in grey, as colour
        // alone moves same-person distances by up to 0.07.
        if first.isGrey != second.isGrey { (first, second) = (first.greyRGB, second.greyRGB) }
        return try pool.with { networks throws(VerityError) in
            let (a, aFinding, firstUpright) = clock.measure("detect") { findUpright(first, networks) }
            let (b, bFinding, secondUpright) = clock.measure("detect") { findUpright(second, networks) }
            guard let a, let b else {
                return FaceComparison(match: nil, distance: nil, similarity: nil, threshold: threshold, first: aFinding, second: bFinding, timings: clock.timings)
            }
            let distance = clock.measure("embed") { () -> Double in
                Self.distance(embedding(firstUpright, a, networks), embedding(secondUpright, b, networks))
            }
            let similarity = min(1, max(0, 1 - distance / (2 * threshold)))
            return FaceComparison(match: distance <= threshold, distance: round(distance), similarity: round(similarity),
                                  threshold: threshold, first: aFinding, second: bFinding, timings: clock.timings)
        }
    }

    /// Age of the face in `bytes`, or nil age fields when there is none.
    public func estimateAge(_ bytes: [UInt8]) throws(VerityError) -> AgeEstimate? {
        var clock = Stopwatch()
        let image = try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decode(bytes, field: "image") }
        return try pool.with { networks throws(VerityError) -> AgeEstimate? in
            let (face, finding, upright) = clock.measure("detect") { findUpright(image, networks) }
            guard let face else { return nil }
            let probabilities = clock.measure("age") { ageProbabilities(upright, face, networks) }
            guard probabilities.count == 81 else { throw VerityError(.systemError, "The age network returned no estimate.") }
            // Class 0 stands for under one year (0.25), then 1…80.
            let ages = [0.25] + (1...80).map(Double.init)
            let mean = zip(ages, probabilities).reduce(0.0) { $0 + $1.0 * Double($1.1) }
            return AgeEstimate(age: round(mean), low: percentile(probabilities, ages, 0.1), high: percentile(probabilities, ages, 0.9),
                               finding: finding, timings: clock.timings)
        }
    }

    /// Checks an active challenge: frames captured while the user was asked to
    /// turn their head `direction`.
    public func headTurn(_ frames: [[UInt8]], direction: HeadTurnChallenge.Direction,
                         challenge: HeadTurnChallenge = HeadTurnChallenge()) throws(VerityError) -> HeadTurnResult {
        guard frames.count <= 5 else { throw VerityError.invalid("frames", "A head-turn challenge has 2 to 5 frames.") }
        var clock = Stopwatch()
        var images: [RGBImage] = []
        for (index, bytes) in frames.enumerated() {
            images.append(try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decode(bytes, field: "frames[\(index)]") })
        }
        return try pool.with { networks throws(VerityError) -> HeadTurnResult in
            // Frames are upright selfies: no turning the image to find the face.
            let found = clock.measure("detect") { images.map { ($0, findInOrientation($0, networks, cnnFallback: true)) } }
            let yaws = found.map { $0.1.1.quality?.yaw }
            let vectors = clock.measure("embed") { found.map { image, finding in finding.0.map { embedding(image, $0, networks) } } }
            let distances = vectors.dropFirst().compactMap { vector -> Double? in
                guard let first = vectors[0], let vector else { return nil }
                return round(Self.distance(first, vector))
            }
            let failures = challenge.evaluate(direction: direction, yaws: yaws, distances: distances)
            return HeadTurnResult(passed: failures.isEmpty, direction: direction, failures: failures, yaws: yaws, distances: distances,
                                  timings: clock.timings)
        }
    }

    /// Passive liveness signals on one selfie: a screen's moiré or a print's
    /// halftone over the face, a frame edge around it.
    public func livenessSignals(_ bytes: [UInt8], policy: PassiveLivenessPolicy = PassiveLivenessPolicy()) throws(VerityError) -> LivenessSignals {
        var clock = Stopwatch()
        let image = try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decode(bytes, field: "image") }
        return try pool.with { networks throws(VerityError) -> LivenessSignals in
            let (face, finding, upright) = clock.measure("detect") { findUpright(image, networks) }
            guard let face else {
                return LivenessSignals(attackSuspected: nil, reasons: [], patternStrength: nil, frameSides: [], glare: 0, colourRange: 0,
                                       finding: finding, timings: clock.timings)
            }
            let gray = upright.gray
            let pattern = clock.measure("pattern") { PeriodicPattern().strength(gray, face: face.box) }
            let sides = clock.measure("edges") { FrameEdges().sides(gray, face: face.box) }
            let (glare, colourRange) = clock.measure("surface") {
                (SurfaceSignals().glare(upright, face: face.box), SurfaceSignals().colourRange(upright, face: face.box))
            }
            let reasons = policy.evaluate(patternStrength: pattern, frameSides: sides.count)
            return LivenessSignals(attackSuspected: !reasons.isEmpty, reasons: reasons, patternStrength: pattern.map(round),
                                   frameSides: FrameEdges.Side.allCases.filter(sides.contains), glare: round(glare), colourRange: colourRange,
                                   finding: finding, timings: clock.timings)
        }
    }

    /// The embedding of the one face in `bytes`, for measuring error rates over
    /// many pairs (tests, benchmarks); nil without a usable face. `grey`: as
    /// `compare` sees a colour selfie next to a grey portrait.
    func embedding(of bytes: [UInt8], grey: Bool = false) throws(VerityError) -> [Float]? {
        let decoded = try decode(bytes, field: "image")
        let image = grey ? decoded.greyRGB : decoded
        return try pool.with { networks throws(VerityError) -> [Float]? in
            let (face, _, upright) = findUpright(image, networks)
            return face.map { embedding(upright, $0, networks) }
        }
    }

    static func distance(_ x: [Float], _ y: [Float]) -> Double {
        zip(x, y).reduce(0.0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }.squareRoot()
    }

    // MARK: Steps

    private func decode(_ bytes: [UInt8], field: String) throws(VerityError) -> RGBImage {
        do { return try ImageDecoder().decode(bytes) } catch { throw VerityError(error.code, error.message, field: field) }
    }

    /// The largest face; several faces of similar size, or only tiny ones, are
    /// outcomes of their own. dlib finds upright faces only: a document photographed
    /// sideways or upside down is turned until a confident face appears.
    func find(_ image: RGBImage, _ networks: FaceNetworkPool.Networks) -> (DetectedFace?, FaceFinding) {
        let (face, finding, _) = findUpright(image, networks)
        return (face, finding)
    }

    func findUpright(_ image: RGBImage, _ networks: FaceNetworkPool.Networks) -> (DetectedFace?, FaceFinding, RGBImage) {
        // HOG in every quarter turn first; the slow CNN only if no turn shows a face.
        var best = findInOrientation(image, networks, cnnFallback: false)
        if best.0.map({ $0.score >= Self.confidentScore }) == true { return (best.0, best.1, image) }
        var bestImage = image
        for turn in [90, 180, 270] {
            let turned = image.rotated(clockwise: turn)
            let attempt = findInOrientation(turned, networks, cnnFallback: false)
            if let face = attempt.0, face.score > (best.0?.score ?? -.infinity) {
                best = attempt
                bestImage = turned
                if face.score >= Self.confidentScore { break }
            }
        }
        if best.0 == nil {
            let withCNN = findInOrientation(image, networks, cnnFallback: true)
            return (withCNN.0, withCNN.1, image)
        }
        return (best.0, best.1, bestImage)
    }

    /// Smallest image side searched for a face (a face with eyes 12 px apart needs ~40 px).
    static let minimumImageSide = 40

    /// HOG scores above this are faces beyond doubt; weaker upright finds are checked against other turns.
    static let confidentScore = 1.0

    private func findInOrientation(_ image: RGBImage, _ networks: FaceNetworkPool.Networks, cnnFallback: Bool) -> (DetectedFace?, FaceFinding) {
        // dlib's detectors stop the process on images too small to scan; no face fits there anyway.
        guard min(image.width, image.height) >= Self.minimumImageSide else {
            return (nil, FaceFinding(outcome: .noFace, face: nil, count: 0, quality: nil))
        }
        let faces = FaceDetector().detect(image, networks: networks, cnnFallback: cnnFallback).sorted { $0.box.width > $1.box.width }
        guard let largest = faces.first, eyeDistance(largest) >= Self.minimumEyeDistance else {
            return (nil, FaceFinding(outcome: .noFace, face: nil, count: faces.count, quality: nil))
        }
        if faces.count > 1, Double(faces[1].box.width) >= 0.7 * Double(largest.box.width) {
            return (nil, FaceFinding(outcome: .severalFaces, face: nil, count: faces.count, quality: nil))
        }
        return (largest, FaceFinding(outcome: .found, face: largest, count: faces.count, quality: quality(image, largest)))
    }

    func embedding(_ image: RGBImage, _ face: DetectedFace, _ networks: FaceNetworkPool.Networks) -> [Float] {
        var vector = [Float](repeating: 0, count: 128)
        let region = FaceRegion(around: face.box, in: image)
        let landmarks = region.local(face.cLandmarks)
        _ = region.image.pixels.withUnsafeBufferPointer {
            cface_embed(networks.engine, $0.baseAddress, Int32(region.image.width), Int32(region.image.height), region.local(face.cBox), landmarks, &vector)
        }
        return vector
    }

    private func ageProbabilities(_ image: RGBImage, _ face: DetectedFace, _ networks: FaceNetworkPool.Networks) -> [Float] {
        var chip = [UInt8](repeating: 0, count: 64 * 64 * 3)
        let region = FaceRegion(around: face.box, in: image)
        let landmarks = region.local(face.cLandmarks)
        // 64 px with 0.2 padding: the chip the age network was trained on.
        let status = region.image.pixels.withUnsafeBufferPointer {
            cface_chip($0.baseAddress, Int32(region.image.width), Int32(region.image.height), region.local(face.cBox), landmarks, 64, 0.2, &chip)
        }
        guard status == 0 else { return [] }
        var probabilities = [Float](repeating: 0, count: 81)
        guard cface_age_probabilities(networks.age, chip, &probabilities) == 0 else { return [] }
        return probabilities
    }

    // MARK: Measures

    private func eyeDistance(_ face: DetectedFace) -> Double {
        // Landmarks 0,1: one eye's corners; 2,3: the other's; 4: the nose.
        let p = face.landmarks
        let left = Point(x: (p[2].x + p[3].x) / 2, y: (p[2].y + p[3].y) / 2), right = Point(x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2)
        return ((left.x - right.x) * (left.x - right.x) + (left.y - right.y) * (left.y - right.y)).squareRoot()
    }

    private func quality(_ image: RGBImage, _ face: DetectedFace) -> FaceQuality {
        let p = face.landmarks
        let eyes = eyeDistance(face)
        let midX = (p[0].x + p[1].x + p[2].x + p[3].x) / 4
        let gray = image.gray
        let crop = gray.cropped(face.box)
        return FaceQuality(eyeDistance: round(eyes), sharpness: round(QualityAnalyzer().laplacianVariance(crop)),
                           yaw: round((p[4].x - midX) / max(eyes, 1)), eyesVisible: EyeVisibility().visible(gray, landmarks: p))
    }

    private func percentile(_ probabilities: [Float], _ ages: [Double], _ p: Double) -> Double {
        var total = 0.0
        for (probability, age) in zip(probabilities, ages) {
            total += Double(probability)
            if total >= p { return age }
        }
        return ages.last!
    }

    func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
