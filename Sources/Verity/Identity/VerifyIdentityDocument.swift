import Foundation
import VerityAPI

/// A government ID's images for `verifyIdentityDocument` and
/// `captureAndVerifyIdentityDocument` (JPEG or PNG, at most 5 MB each).
public struct VerifyIdentityDocument: Sendable, Equatable {
    /// The front (a passport's photo page).
    public var image: Data
    /// The back; for a passport, the photo page again.
    public var backImage: Data
    /// A selfie, only when `isFaceImageRequiredWithDocumentVerification()`
    /// (or `…Capture()`) says so: the server rejects one it did not ask for.
    public var faceImage: Data?
    /// ISO 3166-1 alpha-2 country that issued the document.
    public var country: String
    public var documentType: IdDocumentType
    /// The document's chip, as the app read it over NFC (`docs/chip.md`).
    public var chip: ChipRead?

    public init(image: Data, backImage: Data, faceImage: Data? = nil, country: String, documentType: IdDocumentType, chip: ChipRead? = nil) {
        self.image = image
        self.backImage = backImage
        self.faceImage = faceImage
        self.country = country
        self.documentType = documentType
        self.chip = chip
    }

    var wire: VerifyIdentityDocumentInput {
        VerifyIdentityDocumentInput(imageBase64: image.base64EncodedString(), backImageBase64: backImage.base64EncodedString(),
                                    faceImageBase64: faceImage?.base64EncodedString(), country: country, documentType: documentType,
                                    chip: chip?.wire)
    }
}
