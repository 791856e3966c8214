import Foundation

/// The hostile-image set tools/hostile/generate.py writes (scripts/test.sh
/// puts it in .build/hostile, or VERITY_HOSTILE_DIR): files made from the
/// formats' specifications to break decoders, each with what the image
/// intake must do with it. Shared by the vision tests and the route tests.
public struct HostileImageSet: Sendable {
    public struct Image: Decodable, Sendable {
        /// The file's name; its true format is `format`, whatever its extension says.
        public let file: String
        /// "png", "jpeg", "gif", or "other".
        public let format: String
        public let about: String
        /// The code the intake refuses it with, or nil when it is admitted.
        public let refused: String?
        /// For an admitted file: whether its pixels decode (nil: either, typed).
        public let decodes: Bool?
        public let size: Int
    }

    public let directory: URL
    public let images: [Image]

    public static var directoryPath: String {
        ProcessInfo.processInfo.environment["VERITY_HOSTILE_DIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../.build/hostile").standardizedFileURL.path
    }

    public init(directory: String = HostileImageSet.directoryPath) throws {
        self.directory = URL(fileURLWithPath: directory)
        struct Manifest: Decodable { let images: [Image] }
        images = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: self.directory.appendingPathComponent("manifest.json"))).images
    }

    public func bytes(_ image: Image) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(image.file))
    }

    /// What a route answers for `image` when it takes `formats` ("png", "jpeg",
    /// "gif"): the intake walks the structure first (its errors come first),
    /// then refuses a format the route does not take, then checks the budget.
    /// nil when the route admits it.
    public static func refusal(of image: Image, formats: Set<String>) -> (status: Int, code: String)? {
        var code = image.refused
        if ["png", "jpeg", "gif"].contains(image.format), !formats.contains(image.format), code != "INVALID_IMAGE" {
            code = "UNSUPPORTED_IMAGE"
        }
        guard let code else { return nil }
        return (["INVALID_IMAGE": 400, "IMAGE_TOO_LARGE": 413, "UNSUPPORTED_IMAGE": 415][code] ?? 400, code)
    }
}
