/// One element of a BER (or DER) encoding, as a chip or a master list writes
/// it: its tag, and either its content bytes or its children. `encoded` is
/// the element's own bytes as they came, which is what a signature covers.
struct BERNode: Sendable {
    enum TagClass: UInt8, Sendable {
        case universal = 0, application = 1, contextSpecific = 2, privateUse = 3
    }

    let tagClass: TagClass
    let tagNumber: UInt32
    let isConstructed: Bool
    /// The element as encoded: tag, length and content (and end-of-contents).
    let encoded: ArraySlice<UInt8>
    /// A primitive element's content; empty for a constructed one.
    let content: ArraySlice<UInt8>
    let children: [BERNode]

    /// Whether this is `[class number]`, e.g. `.universal, 16` for a SEQUENCE.
    func isTag(_ tagClass: TagClass, _ number: UInt32) -> Bool {
        self.tagClass == tagClass && tagNumber == number
    }

    var isSequence: Bool { isTag(.universal, 16) && isConstructed }
    var isSet: Bool { isTag(.universal, 17) && isConstructed }

    /// Whether this is the context-specific tag `[number]`.
    func isContext(_ number: UInt32) -> Bool { isTag(.contextSpecific, number) }

    /// Whether this is the application tag `[APPLICATION number]`, as the LDS files use.
    func isApplication(_ number: UInt32) -> Bool { isTag(.application, number) }

    /// The bytes of a string type, whether primitive or constructed (BER
    /// allows an OCTET STRING in pieces; DER does not, chips sometimes do).
    func stringBytes() throws(ChipFormatError) -> [UInt8] {
        guard isConstructed else { return Array(content) }
        var bytes: [UInt8] = []
        for child in children {
            guard child.tagClass == tagClass, child.tagNumber == tagNumber else {
                throw ChipFormatError("a string in pieces holds a piece of another type")
            }
            bytes += try child.stringBytes()
        }
        return bytes
    }

    /// The child at `index`, or a format error naming what was expected.
    func child(_ index: Int, _ what: String) throws(ChipFormatError) -> BERNode {
        guard children.indices.contains(index) else { throw ChipFormatError("\(what) is missing") }
        return children[index]
    }
}

/// Bytes that are not the structure the standard describes. Its text says
/// which part, never the bytes themselves.
package struct ChipFormatError: Error, Sendable, CustomStringConvertible {
    package let description: String
    /// An algorithm, curve or encoding the standard allows and Verity does
    /// not read, rather than bytes that are wrong.
    let isUnsupported: Bool

    init(_ description: String, unsupported: Bool = false) {
        self.description = description
        isUnsupported = unsupported
    }
}
