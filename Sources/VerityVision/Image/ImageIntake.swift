import VerityCore

/// The one gate every image passes before a decoder sees it: the routes
/// (through `DocumentImages`) and the engines (through `ImageDecoder`) ask
/// the same question here, so the two can never disagree about what may be
/// decoded.
///
/// An image is admitted when its structure was walked end to end
/// (`ImageHeader`), it is in an accepted format, its declared size fits the
/// budget (sides compared before they are multiplied, so no size overflows),
/// and it holds one picture in a bounded number of scans. Refusals are
/// `INVALID_IMAGE` (malformed, truncated, not an image), `IMAGE_TOO_LARGE`
/// (bytes or pixels over the budget) and `UNSUPPORTED_IMAGE` (an image of a
/// kind Verity does not take), all with the field `image`; callers rename it.
public struct ImageIntake: Sendable {
    /// Largest accepted file.
    public var maximumBytes = 20 * 1024 * 1024
    /// Largest accepted image: 40 megapixels (a 7,700 × 5,200 photo).
    public var maximumPixels = 40_000_000
    /// Longest accepted side, so a 1 × 40,000,000 strip is refused too.
    public var maximumSide = 20_000
    /// Most scans a JPEG may have: a baseline photo has 1, a progressive one
    /// about 10, and each costs a pass over the whole image in libjpeg.
    /// (libjpeg-turbo's TurboJPEG refuses more than 500.)
    public var maximumScans = 100

    public init() {}

    /// An image that may be decoded.
    public struct Admitted: Sendable {
        public let header: ImageHeader
        /// The bytes a decoder reads: the file, or for a PNG the file
        /// without the chunks that do not draw the picture (`PNGLayout`).
        public let decodable: [UInt8]
    }

    public func admit(_ bytes: [UInt8], formats: Set<ImageHeader.Format> = Set(ImageHeader.Format.allCases)) throws(VerityError) -> Admitted {
        guard !bytes.isEmpty else { throw ImageHeader.invalid("The image is empty.") }
        guard bytes.count <= maximumBytes else {
            throw VerityError(.imageTooLarge, "Images are at most \(maximumBytes / 1_048_576) MiB.", field: "image")
        }
        let (header, decodable) = try ImageHeader.layout(bytes)
        guard formats.contains(header.format) else {
            let accepted = formats.contains(.gif) ? "a JPEG, PNG or GIF image" : "a JPEG or PNG image"
            throw VerityError(.unsupportedImage, "\(header.format.rawValue.uppercased()) images are not accepted here: send \(accepted).", field: "image")
        }
        try checkSize(header)
        switch header.format {
        case .gif where header.frames > 1:
            throw VerityError(.unsupportedImage, "Animated GIFs are not accepted (this one has \(header.frames) frames): send a still image.", field: "image")
        case .jpeg where header.scans == 0:
            throw ImageHeader.invalid(header.endsEarly ? "The JPEG file is truncated." : "The JPEG file holds no image data.")
        case .jpeg where header.scans > maximumScans:
            throw ImageHeader.invalid("The JPEG file has \(header.scans) scans; at most \(maximumScans) are accepted (a photo has fewer than 20).")
        default:
            return Admitted(header: header, decodable: decodable)
        }
    }

    /// The declared size against the budget: each side first, then their
    /// product, computed with overflow reported rather than trapped.
    private func checkSize(_ header: ImageHeader) throws(VerityError) {
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        guard header.width <= maximumSide, header.height <= maximumSide, !overflow, pixels <= maximumPixels else {
            throw VerityError(.imageTooLarge, "Images are at most \(maximumPixels / 1_000_000) megapixels and \(maximumSide) pixels a side; "
                              + "this one declares \(header.width) × \(header.height).", field: "image")
        }
    }
}
