/// The chip's elementary files as ICAO 9303 part 10 numbers them, and the
/// tag each data group's file opens with.
enum DataGroupFiles {
    /// DG1…DG16's first tags (part 10 §4.7).
    static let tags: [Int: UInt32] = [
        1: 0x01, 2: 0x15, 3: 0x03, 4: 0x16, 5: 0x05, 6: 0x06, 7: 0x07, 8: 0x08,
        9: 0x09, 10: 0x0A, 11: 0x0B, 12: 0x0C, 13: 0x0D, 14: 0x0E, 15: 0x0F, 16: 0x10,
    ]

    /// A data group's template: its application tag, e.g. DG1's 0x61.
    static func template(_ bytes: [UInt8], number: Int) throws(ChipFormatError) -> BERNode {
        let node = try BERReader.parse(bytes, allowingTrailingBytes: true)
        guard let tag = tags[number], node.isApplication(tag), node.isConstructed else {
            throw ChipFormatError("DG\(number) does not open with its own tag")
        }
        return node
    }
}

/// DG1: the MRZ as the chip holds it (tag 5F1F): TD1 (3×30), TD2 (2×36) or TD3 (2×44).
struct MachineReadableZoneGroup: Sendable {
    let lines: [String]

    init(_ bytes: [UInt8]) throws(ChipFormatError) {
        let template = try DataGroupFiles.template(bytes, number: 1)
        guard let mrz = template.children.first(where: { $0.isApplication(0x1F) }) else {
            throw ChipFormatError("DG1 holds no MRZ")
        }
        let characters = Array(mrz.content)
        guard characters.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x3C }) else {
            throw ChipFormatError("DG1's MRZ holds characters an MRZ cannot")
        }
        let width: Int = switch characters.count {
        case 90: 30
        case 72: 36
        case 88: 44
        default: throw ChipFormatError("DG1's MRZ is \(characters.count) characters, no MRZ format's")
        }
        lines = stride(from: 0, to: characters.count, by: width).map {
            String(decoding: characters[$0..<($0 + width)], as: UTF8.self)
        }
    }
}
