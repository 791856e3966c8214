import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// Real photos from the face_recognition 1.3.0 sdist (scripts/fetch-face-test-data.sh)
/// and the CC0 dlib models (scripts/install-face-models.sh).
@Suite("Face engine: the same person matches, different people do not, bad input is typed")
struct FaceEngineTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let models = ProcessInfo.processInfo.environment["VERITY_MODELS_DIR"] ?? root.appendingPathComponent("models").path
    static let faces = URL(fileURLWithPath: ProcessInfo.processInfo.environment["VERITY_FACEDATA_DIR"]
        ?? root.appendingPathComponent(".build/facedata").path)

    func photo(_ name: String) -> [UInt8] {
        [UInt8]((try? Data(contentsOf: Self.faces.appendingPathComponent(name))) ?? Data())
    }

    @Test func photosOfOnePersonMatchAndOfTwoPeopleDoNot() throws {
        // given
        let engine = try FaceEngine(modelsDirectory: Self.models)
        // when
        let same = try [("obama.jpg", "obama2.jpg"), ("obama.jpg", "obama3.jpg"), ("obama2.jpg", "obama3.jpg")].map {
            try engine.compare(photo($0.0), photo($0.1))
        }
        let different = try ["obama.jpg", "obama2.jpg", "obama3.jpg"].map { try engine.compare(photo($0), photo("biden.jpg")) }
        // then
        #expect(same.allSatisfy { $0.match == true && ($0.distance ?? 1) < 0.5 })
        #expect(different.allSatisfy { $0.match == false && ($0.distance ?? 0) > 0.7 })
        #expect(same.allSatisfy { $0.first.outcome == .found && $0.first.quality!.eyeDistance > 20 })
        #expect(Set(same[0].timings.map(\.stage)) == ["decode", "detect", "embed"])
    }

    @Test func ageIsEstimatedWithABand() throws {
        let engine = try FaceEngine(modelsDirectory: Self.models)
        let older = try #require(try engine.estimateAge(photo("biden.jpg")))
        let younger = try #require(try engine.estimateAge(photo("obama.jpg")))
        #expect(older.age > younger.age + 15)
        #expect(older.low <= older.age && older.age <= older.high)
    }

    @Test func anImageWithoutAFaceIsAnOutcomeNotAnError() throws {
        let engine = try FaceEngine(modelsDirectory: Self.models)
        let back = GeneratedDocuments.shared.samples(kind: "driver_licence").first { $0.degradation == "clean" }!.files[1]
        let result = try engine.compare(photo("obama.jpg"), GeneratedDocuments.shared.bytes(back))
        #expect(result.match == nil && result.distance == nil)
        #expect(result.second.outcome == .noFace)
        #expect(try engine.estimateAge(GeneratedDocuments.shared.bytes(back)) == nil)
    }

    @Test func tinyAndStripImagesHaveNoFaceInsteadOfStoppingTheProcess() throws {
        // dlib aborts the process on images smaller than its scanning window.
        let engine = try FaceEngine(modelsDirectory: Self.models)
        for (width, height) in [(1, 1), (2, 2), (1, 4000), (4000, 3), (4000, 45)] {
            let image = RGBImage(width: width, height: height, pixels: [UInt8](repeating: 128, count: width * height * 3))
            let png = try #require(PNGWriter.encode(image))
            let result = try engine.compare(photo("obama.jpg"), png)
            #expect(result.second.outcome == .noFace, "\(width)×\(height)")
            #expect(try engine.estimateAge(png) == nil)
        }
    }

    @Test func badImagesAreTypedErrorsNamingTheImage() throws {
        let engine = try FaceEngine(modelsDirectory: Self.models)
        do {
            _ = try engine.compare(photo("obama.jpg"), Array("not an image".utf8))
            Issue.record("expected INVALID_IMAGE")
        } catch {
            #expect(error.code == .invalidImage && error.field == "second")
        }
    }

    @Test func missingOrAlteredModelsStopTheEngineWithAClearMessage() throws {
        // given: a copy of the models with one byte changed
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("verity-models-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: Self.models, toPath: copy.path)
        defer { try? FileManager.default.removeItem(at: copy) }
        let file = copy.appendingPathComponent("shape_predictor_5_face_landmarks.dat")
        var bytes = try Data(contentsOf: file)
        bytes[1000] ^= 0xFF
        try bytes.write(to: file)
        // then
        #expect(throws: VerityError(.serviceUnavailable, "")) { try FaceEngine(modelsDirectory: copy.path) }
        do { _ = try FaceEngine(modelsDirectory: "/nonexistent") } catch { #expect(error.message.contains("install-face-models")) }
    }
}

@Suite("Face engine: error rates on dlib's johns (5 people × 11 photos)")
struct FaceErrorRateTests {
    @Test func noFalseMatchesAndFewFalseNonMatchesAtTheThreshold() throws {
        // given: every photo's embedding, by person
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let johns = FaceEngineTests.faces.appendingPathComponent("johns")
        var people: [(String, [[Float]])] = []
        var undetected = 0
        for person in try FileManager.default.contentsOfDirectory(atPath: johns.path).sorted() {
            let folder = johns.appendingPathComponent(person)
            var vectors: [[Float]] = []
            for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
                if let vector = try engine.embedding(of: bytes) { vectors.append(vector) } else { undetected += 1 }
            }
            people.append((person, vectors))
        }
        // when: every same-person and different-person pair
        var same: [Double] = [], different: [Double] = []
        for (index, (_, vectors)) in people.enumerated() {
            for i in vectors.indices { for j in vectors.indices where j > i { same.append(FaceEngine.distance(vectors[i], vectors[j])) } }
            for (_, others) in people[(index + 1)...] {
                for x in vectors { for y in others { different.append(FaceEngine.distance(x, y)) } }
            }
        }
        let threshold = FaceEngine.defaultThreshold
        let falseMatches = different.filter { $0 <= threshold }.count
        let falseNonMatches = same.filter { $0 > threshold }.count
        print("johns: \(same.count) same-person pairs, \(different.count) different-person pairs, \(undetected) photos without a face; "
              + "FMR \(falseMatches)/\(different.count), FNMR \(falseNonMatches)/\(same.count) at \(threshold); "
              + "same max \(same.max() ?? 0), different min \(different.min() ?? 0)")
        // then
        #expect(undetected == 0)
        #expect(same.count == 275 && different.count == 1210)
        #expect(falseMatches == 0)
        #expect(Double(falseNonMatches) <= 0.02 * Double(same.count))
    }
}

@Suite("Face engine: selfies against portraits printed on generated documents")
struct DocumentPortraitTests {
    @Test func documentPortraitsMatchTheirHolderAndNoOneElse() throws {
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let documents = GeneratedDocuments.shared
        let johns = FaceEngineTests.faces.appendingPathComponent("johns")
        func photos(_ person: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: johns.appendingPathComponent(person).path).sorted()
        }
        func bytes(_ person: String, _ file: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: johns.appendingPathComponent(person).appendingPathComponent(file)))
        }
        let everyone = try FileManager.default.contentsOfDirectory(atPath: johns.path).sorted()
        var genuine = AccuracyTable(), impostor = AccuracyTable(), found = AccuracyTable()
        var distances: [String: [Double]] = [:], substitutedMatched = 0
        for sample in documents.samples + documents.forgeries where ["passport", "id_card"].contains(sample.kind) {
            guard let person = sample.truth["portrait_person"]?.text, let used = sample.truth["portrait_photo"]?.text else { continue }
            // given: a selfie of the holder that is not the printed photo, and one of somebody else
            let selfie = try bytes(person, try photos(person).first { $0 != used }!)
            let other = everyone.first { $0 != person }!
            let stranger = try bytes(other, try photos(other)[0])
            let document = documents.bytes(sample.files[0])
            // when
            let holder = try engine.compare(selfie, document)
            let notHolder = try engine.compare(stranger, document)
            // then: a forged document carries someone else's photo, so its holder must not match it
            if sample.isForgery {
                if holder.match == true { substitutedMatched += 1 }
                continue
            }
            found.record(sample.degradation, holder.distance != nil)
            if let distance = holder.distance {
                genuine.record(sample.degradation, holder.match == true)
                distances[sample.degradation, default: []].append(distance)
            }
            if notHolder.distance != nil { impostor.record(sample.degradation, notHolder.match == true) }
        }
        print(found.summary("portrait found"))
        print(genuine.summary("holder matched"))
        print(impostor.summary("stranger matched (false matches)"))
        print("holder distances: " + distances.keys.sorted().map { "\($0) max \(String(format: "%.3f", distances[$0]!.max()!))" }.joined(separator: ", "))
        #expect(impostor.rate(excluding: []) == 0, "no stranger may match a document")
        #expect(substitutedMatched == 0, "the holder does not match a substituted portrait")
        #expect(genuine.rate(excluding: ["blur"]) >= 0.9)
        #expect(found.rate(excluding: ["blur"]) >= 0.9)
    }
}

/// Head turns from real photos: dlib's johns show each person at several poses.
@Suite("Liveness: the head-turn challenge")
struct HeadTurnTests {
    let engine: FaceEngine

    init() throws {
        engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
    }

    /// Each person's photos with their yaw, most frontal first.
    func posed() throws -> [(String, [(yaw: Double, bytes: [UInt8])])] {
        let johns = FaceEngineTests.faces.appendingPathComponent("johns")
        return try FileManager.default.contentsOfDirectory(atPath: johns.path).sorted().map { person in
            let folder = johns.appendingPathComponent(person)
            let photos = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().compactMap { file -> (Double, [UInt8])? in
                let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
                guard let yaw = try engine.compare(bytes, bytes).first.quality?.yaw else { return nil }
                return (yaw, bytes)
            }
            return (person, photos.sorted { abs($0.0) < abs($1.0) }.map { (yaw: $0.0, bytes: $0.1) })
        }
    }

    @Test func realTurnsPassAndStillsSwapsAndWrongTurnsFail() throws {
        var genuine = 0, genuinePassed = 0, attacks = 0, attacksPassed = 0
        let people = try posed()
        for (index, (_, photos)) in people.enumerated() {
            // The two photos of the person whose poses differ most: a turn from one to the other.
            let byYaw = photos.sorted { $0.yaw < $1.yaw }
            let (frontal, turned) = (byYaw.first!, byYaw.last!)
            guard abs(turned.yaw - frontal.yaw) >= 0.15 else { continue }
            let direction: HeadTurnChallenge.Direction = turned.yaw > frontal.yaw ? .left : .right
            let opposite: HeadTurnChallenge.Direction = direction == .left ? .right : .left
            // when: a genuine turn
            genuine += 1
            if try engine.headTurn([frontal.bytes, turned.bytes], direction: direction).passed { genuinePassed += 1 }
            // and three attacks: a still photo, a swapped person, the wrong way
            let still = try engine.headTurn([frontal.bytes, frontal.bytes], direction: direction)
            let someoneElse = people[(index + 1) % people.count].1
            let swapped = try engine.headTurn([frontal.bytes, someoneElse.first { abs($0.yaw - frontal.yaw) >= 0.15 }?.bytes ?? someoneElse[0].bytes],
                                              direction: direction)
            let wrongWay = try engine.headTurn([frontal.bytes, turned.bytes], direction: opposite)
            #expect(still.failures.contains(.noTurn))
            #expect(swapped.failures.contains(.identityChanged))
            #expect(wrongWay.failures == [.wrongDirection])
            attacks += 3
            attacksPassed += [still, swapped, wrongWay].filter(\.passed).count
        }
        print("head turn: genuine \(genuinePassed)/\(genuine) passed, attacks \(attacksPassed)/\(attacks) passed")
        #expect(genuine >= 3)
        #expect(genuinePassed == genuine)
        #expect(attacksPassed == 0)
    }

    @Test func aFrameWithoutAFaceFailsTheChallenge() throws {
        let back = GeneratedDocuments.shared.samples(kind: "driver_licence").first { $0.degradation == "clean" }!.files[1]
        let photo = [UInt8](try Data(contentsOf: FaceEngineTests.faces.appendingPathComponent("obama.jpg")))
        let result = try engine.headTurn([photo, GeneratedDocuments.shared.bytes(back)], direction: .left)
        #expect(result.failures == [.faceMissing])
    }
}

@Suite("Face quality: eyes visible")
struct EyeVisibilityTests {
    @Test func realPhotosShowTheirEyesAndCoveredEyesDoNot() throws {
        // given
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let johns = FaceEngineTests.faces.appendingPathComponent("johns")
        var visible = 0, total = 0
        for person in try FileManager.default.contentsOfDirectory(atPath: johns.path).sorted() {
            for file in try FileManager.default.contentsOfDirectory(atPath: johns.appendingPathComponent(person).path).sorted() {
                let bytes = [UInt8](try Data(contentsOf: johns.appendingPathComponent(person).appendingPathComponent(file)))
                // when
                let finding = try engine.compare(bytes, bytes).first
                total += 1
                if finding.quality?.eyesVisible == true { visible += 1 }
            }
        }
        // then
        #expect(Double(visible) >= 0.95 * Double(total), "\(visible)/\(total) real photos show both eyes")

        // given: the same photo with dark glasses painted over both eyes
        let photo = FaceEngineTests().photo("obama.jpg")
        let face = try #require(try engine.compare(photo, photo).first.face)
        var image = try ImageDecoder().decode(photo)
        let p = face.landmarks
        let eyeWidth = abs(p[0].x - p[1].x)
        for (a, b) in [(p[0], p[1]), (p[2], p[3])] {
            let cx = (a.x + b.x) / 2, cy = (a.y + b.y) / 2
            for y in Int(cy - 0.6 * eyeWidth)...Int(cy + 0.5 * eyeWidth) {
                for x in Int(cx - 0.9 * eyeWidth)...Int(cx + 0.9 * eyeWidth) {
                    for channel in 0..<3 { image.pixels[(y * image.width + x) * 3 + channel] = 18 }
                }
            }
        }
        let covered = try #require(PNGWriter.encode(image))
        // when
        let finding = try engine.compare(covered, photo).first
        // then
        #expect(finding.outcome == .found)
        #expect(finding.quality?.eyesVisible == false)
        #expect(try engine.compare(photo, photo).first.quality?.eyesVisible == true)
    }
}
