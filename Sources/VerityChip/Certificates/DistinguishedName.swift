import Crypto
import VerityCore

/// An X.509 name (an issuer or a subject), compared as ICAO 9303 and RFC
/// 5280 mean: the same attributes with the same values, whatever their order
/// in the name, their string type, their case or their spacing. States write
/// their CSCA's name one way in the CSCA and another in the Document Signer's
/// issuer; a byte comparison would miss them.
struct DistinguishedName: Sendable, Equatable, Hashable {
    struct Attribute: Sendable, Hashable {
        let type: String
        let value: String
    }

    /// In the order the name lists them.
    let attributes: [Attribute]

    init(_ node: BERNode) throws(ChipFormatError) {
        guard node.isSequence else { throw ChipFormatError("a name was expected") }
        var attributes: [Attribute] = []
        for relative in node.children {
            guard relative.isSet else { throw ChipFormatError("a name's part was expected") }
            for pair in relative.children {
                let type = try pair.child(0, "a name attribute's type").objectIdentifier()
                let value = try pair.child(1, "a name attribute's value").directoryString()
                attributes.append(Attribute(type: type, value: value))
            }
        }
        self.attributes = attributes
    }

    /// The attributes, each value folded (case, spacing), sorted: what two
    /// names that mean the same share.
    var canonical: String {
        attributes.map { "\($0.type)=\(Self.fold($0.value))" }.sorted().joined(separator: "\n")
    }

    /// A stable key for looking a name up: SHA-256 of `canonical`, in hex.
    var key: String {
        SHA256.hash(data: Array(canonical.utf8)).hexString
    }

    func means(_ other: DistinguishedName) -> Bool { canonical == other.canonical }

    static func == (lhs: DistinguishedName, rhs: DistinguishedName) -> Bool { lhs.means(rhs) }

    func hash(into hasher: inout Hasher) { hasher.combine(canonical) }

    /// The country (C) the name gives, upper-cased.
    var country: String? {
        attributes.first { $0.type == ObjectIdentifiers.countryName }.map { $0.value.uppercased() }
    }

    /// RFC 4514's order-as-listed text: "C=DE, O=HJP Consulting, CN=HJP PB CS".
    var text: String {
        attributes.map { "\(Self.shortNames[$0.type] ?? $0.type)=\($0.value)" }.joined(separator: ", ")
    }

    private static let shortNames: [String: String] = [
        "2.5.4.6": "C", "2.5.4.10": "O", "2.5.4.11": "OU", "2.5.4.3": "CN", "2.5.4.5": "SERIALNUMBER", "2.5.4.7": "L",
        "2.5.4.8": "ST", "1.2.840.113549.1.9.1": "E", "2.5.4.97": "ORGANIZATIONIDENTIFIER",
    ]

    /// Case-folded, trimmed, inner spaces collapsed (RFC 4518's gist).
    private static func fold(_ value: String) -> String {
        value.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
