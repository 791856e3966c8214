import VerityCore
import VerityVision

/// Why the engines refused a task, as a worker may say it: a reason from a
/// closed list and which image it concerns. Decoding fails for anything
/// else, so a worker cannot pass a code, a status or a sentence through.
package struct EngineRefusal: Codable, Sendable, Equatable {
    package enum Reason: String, Codable, Sendable {
        /// The pixels do not decode (a damaged or truncated file).
        case invalidImage
        /// A format the engines do not read.
        case unsupportedImage
        /// Over the engines' size or pixel budget.
        case imageTooLarge
        /// The face models are not installed.
        case facesUnavailable
        /// An OCR model is not installed.
        case ocrUnavailable
        /// No MRZ or licence barcode said what the document is, and the client did not.
        case documentTypeUnknown
        /// No MRZ named the issuing country, and the client did not.
        case countryUnknown
        /// Anything else the engines threw.
        case failed
    }

    /// The images a refusal may name: the request fields they came from.
    package enum Image: String, Codable, Sendable {
        case image, front, back, selfie, document, first, second
        case chipFace = "chip.dg2"
    }

    let reason: Reason
    let image: Image?

    init(reason: Reason, image: Image?) {
        self.reason = reason
        self.image = image
    }

    /// The refusal of an error the engines threw in this process.
    init(_ error: VerityError) {
        switch error.code {
        case .invalidImage: reason = .invalidImage
        case .unsupportedImage: reason = .unsupportedImage
        case .imageTooLarge: reason = .imageTooLarge
        case .invalidInput where error.field == DocumentNaming.typeUnknown.field: reason = .documentTypeUnknown
        case .invalidInput where error.field == DocumentNaming.countryUnknown.field: reason = .countryUnknown
        case .serviceUnavailable where error.message.contains("Tesseract"): reason = .ocrUnavailable
        case .serviceUnavailable: reason = .facesUnavailable
        default: reason = .failed
        }
        image = reason == .documentTypeUnknown || reason == .countryUnknown ? nil : error.field.flatMap(Image.init(rawValue:))
    }

    /// The server's error for this refusal: its own code, status and words.
    var error: VerityError {
        let field = image?.rawValue
        let which = image.map { "The \($0.rawValue) image" } ?? "The image"
        return switch reason {
        case .invalidImage:
            VerityError(.invalidImage, "\(which) could not be decoded: the file is damaged or incomplete. Send the picture again.", field: field)
        case .unsupportedImage:
            VerityError(.unsupportedImage, "\(which) is in a format the engines do not read: send a JPEG or PNG.", field: field)
        case .imageTooLarge:
            VerityError(.imageTooLarge, "\(which) is larger than the engines read: send a smaller picture.", field: field)
        case .facesUnavailable:
            VerityError(.serviceUnavailable, "Face checks are unavailable on this server: the face models are missing.")
        case .ocrUnavailable:
            VerityError(.serviceUnavailable, "Document reading is unavailable on this server: an OCR model is missing.")
        case .documentTypeUnknown:
            DocumentNaming.typeUnknown
        case .countryUnknown:
            DocumentNaming.countryUnknown
        case .failed:
            VerityError(.engineFailed, "The image could not be read: the engine reading it failed. Try once more, or send another picture.")
        }
    }
}
