import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// The intake must refuse what is made to break decoders, and nothing a user
/// really sends: every image no one on the project made (`../shared/data`:
/// public document specimens and barcode photographs) is admitted and decodes.
@Suite("Image intake: real documents and barcodes are admitted")
struct RealImageIntakeTests {
    static var sharedData: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["VERITY_SHARED_DATA_DIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../shared/data").standardizedFileURL.path)
    }

    /// Every PNG, JPEG or GIF under `directory`, by name.
    static func images(under directory: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { ["png", "jpg", "jpeg", "gif"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
    }

    @Test func everyRealImageIsAdmittedAndDecodes() throws {
        let images = Self.images(under: Self.sharedData)
        #expect(images.count >= 40, "the shared data's images at \(Self.sharedData.path)")
        for file in images {
            let bytes = [UInt8](try Data(contentsOf: file))
            let name = file.path.replacingOccurrences(of: Self.sharedData.path + "/", with: "")
            do {
                let admitted = try ImageIntake().admit(bytes)
                let image = try ImageDecoder().decode(bytes)
                // (A JPEG of 6,000 px or more is decoded at a reduced scale: never larger than declared.)
                #expect(image.width > 0 && image.width <= admitted.header.width, "\(name): \(admitted.header.width) px declared, \(image.width) decoded")
            } catch {
                Issue.record("\(name) was refused: \(error)")
            }
        }
    }
}
