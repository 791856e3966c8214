/// DG2: the holder's face as the issuing state captured it, inside the
/// biometric templates of ISO/IEC 7816-11: an ISO/IEC 19794-5 facial record
/// (tag 5F2E) or an ISO/IEC 39794-5 one (7F2E), holding a JPEG or a JPEG 2000.
package struct FaceImageGroup: Sendable {
    package struct Face: Sendable, Equatable {
        package let format: ChipImageFormat
        /// As the record declares them; nil in a record that does not.
        package let width: Int?
        package let height: Int?
        package let bytes: [UInt8]
    }

    package let faces: [Face]

    /// No face image on a chip is larger: 19794-5 portraits run 15-30 KB.
    package static let maximumImageBytes = 1 << 20

    package init(_ bytes: [UInt8]) throws(ChipFormatError) {
        let template = try DataGroupFiles.template(bytes, number: 2)
        var faces: [Face] = []
        for group in template.children where group.isApplication(0x61) {
            for info in group.children where info.isApplication(0x60) {
                for block in info.children {
                    if block.isApplication(0x2E), !block.isConstructed {
                        faces += try Self.iso19794Faces(Array(block.content))
                    } else if block.isApplication(0x2E) {
                        faces += Self.embeddedImages(Array(block.encoded))
                    }
                }
            }
        }
        guard !faces.isEmpty else { throw ChipFormatError("DG2 holds no face image") }
        guard faces.allSatisfy({ $0.bytes.count <= Self.maximumImageBytes }) else {
            throw ChipFormatError("DG2's face image is larger than any chip holds")
        }
        self.faces = faces
    }

    /// ISO/IEC 19794-5:2005: "FAC\0", version, record length, face count, then
    /// each face's block (header, feature points, image information, image).
    private static func iso19794Faces(_ record: [UInt8]) throws(ChipFormatError) -> [Face] {
        guard record.count >= 14, record.starts(with: [0x46, 0x41, 0x43, 0x00]) else {
            // Not the 2005 layout: find the image by its signature.
            return embeddedImages(record)
        }
        let count = Int(record[12]) << 8 | Int(record[13])
        var offset = 14
        var faces: [Face] = []
        for _ in 0..<count {
            guard record.count - offset >= 20 else { throw ChipFormatError("a facial record is cut short") }
            let blockLength = record[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let featurePoints = Int(record[offset + 4]) << 8 | Int(record[offset + 5])
            let imageInfo = offset + 20 + featurePoints * 8
            let imageStart = imageInfo + 12
            let blockEnd = offset + blockLength
            guard blockLength >= 32, blockEnd <= record.count, imageStart <= blockEnd else {
                throw ChipFormatError("a facial record's lengths do not add up")
            }
            let format: ChipImageFormat = record[imageInfo + 1] == 0x01 ? .jpeg2000 : .jpeg
            let width = Int(record[imageInfo + 2]) << 8 | Int(record[imageInfo + 3])
            let height = Int(record[imageInfo + 4]) << 8 | Int(record[imageInfo + 5])
            let image = Array(record[imageStart..<blockEnd])
            faces.append(Face(format: ChipImageFormat(signatureOf: image) ?? format, width: width, height: height, bytes: image))
            offset = blockEnd
        }
        return faces
    }

    /// An image found by its signature (ISO/IEC 39794-5 records are DER with
    /// the image in a field of their own): from the signature to the end.
    private static func embeddedImages(_ bytes: [UInt8]) -> [Face] {
        for start in bytes.indices where bytes[start] == 0xFF || bytes[start] == 0x00 {
            if let format = ChipImageFormat(signatureOf: bytes[start...]) {
                return [Face(format: format, width: nil, height: nil, bytes: Array(bytes[start...]))]
            }
        }
        return []
    }
}

/// The picture formats a chip's face comes in.
package enum ChipImageFormat: String, Sendable, Codable {
    case jpeg, jpeg2000

    init?(signatureOf bytes: some Collection<UInt8>) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if bytes.starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || bytes.starts(with: [0xFF, 0x4F, 0xFF, 0x51]) {
            self = .jpeg2000
        } else {
            return nil
        }
    }
}
