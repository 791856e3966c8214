import Foundation
import VerityAPI
import VerityCore
import VerityVision

/// The images of one submission, checked before anything is stored: base64,
/// at most `maximumBytes` decoded, and admitted by the engines' `ImageIntake`
/// (PNG, JPEG or GIF by their magic bytes, as the identity specification
/// lists them; the mobile API and the OCR service take PNG and JPEG, as
/// theirs say; structure walked end to end, size and cost within the budget:
/// a decompression bomb declares a huge canvas in a small file). The engine
/// decodes them later, in the check; what the structure cannot show (pixels
/// that do not decode) is the check's to report.
package struct DocumentImages: Sendable {
    package let front: [UInt8]
    package let back: [UInt8]
    package let face: [UInt8]?

    /// 5 MB decoded per image: a phone photo at full resolution fits.
    static let maximumBytes = 5 * 1024 * 1024
    /// The largest request a submission can be: three images in base64, and the JSON around them.
    package static let maximumRequestBytes = 3 * (maximumBytes / 3 * 4 + 4) + 64 * 1024

    package init(_ input: VerifyIdentityDocumentInput) throws(VerityError) {
        front = try Self.image(input.imageBase64, field: "imageBase64", formats: Self.identityFormats)
        back = try Self.image(input.backImageBase64, field: "backImageBase64", formats: Self.identityFormats)
        face = try input.faceImageBase64.map { text throws(VerityError) in
            try Self.image(text, field: "faceImageBase64", formats: Self.identityFormats)
        }
    }

    /// The formats of `identity-verification.md`: "PNG, JPG or GIF".
    static let identityFormats: Set<ImageHeader.Format> = [.png, .jpeg, .gif]

    /// `maximumBytes`: 5 MB for the identity API, 8 MB for the mobile API.
    package static func image(_ base64: String, field: String, maximumBytes: Int = DocumentImages.maximumBytes,
                      formats: Set<ImageHeader.Format> = [.png, .jpeg]) throws(VerityError) -> [UInt8] {
        guard !base64.isEmpty else { throw .invalid(field, "\(field) must not be empty") }
        guard base64.utf8.count <= maximumBytes / 3 * 4 + 4 else {
            throw VerityError(.imageTooLarge, "\(field) is larger than \(maximumBytes / 1_048_576) MB", field: field)
        }
        guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters), !data.isEmpty,
              base64.utf8.allSatisfy(Self.isBase64Byte) else {
            throw VerityError(.invalidImage, "\(field) is not base64", field: field)
        }
        guard data.count <= maximumBytes else {
            throw VerityError(.imageTooLarge, "\(field) is larger than \(maximumBytes / 1_048_576) MB", field: field)
        }
        let bytes = [UInt8](data)
        // The engines' own intake decides: a route can never admit what the decoder would refuse.
        do {
            _ = try ImageDecoder().intake.admit(bytes, formats: formats)
        } catch {
            throw VerityError(error.code, "\(field): \(error.message)", field: field)
        }
        return bytes
    }

    /// The base64 alphabet, padding, and the line breaks some encoders add.
    private static func isBase64Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "\n"), UInt8(ascii: "\r"): true
        default: false
        }
    }
}
