import Crypto
import Foundation
import VerityCore

/// A list's files as an operator gives them: one file (the UN's XML, BIS's
/// `dpl.txt`, OFAC's `sdn.csv`), and for OFAC its `alt.csv` and `add.csv`.
public struct SanctionsListFiles: Sendable {
    /// `SanctionsListID`; nil to recognise the list from the file.
    public var list: String?
    public var main: [UInt8]
    public var alternateNames: [UInt8]?
    public var addresses: [UInt8]?
    /// The publication date when the file gives none (OFAC's CSVs), `YYYY-MM-DD`.
    public var published: String?
    /// The files' names, `sdn.csv + alt.csv`: what `verity sanctions show` names the list by.
    public var source: String

    public init(list: String? = nil, main: [UInt8], alternateNames: [UInt8]? = nil, addresses: [UInt8]? = nil, published: String? = nil,
                source: String) {
        self.list = list
        self.main = main
        self.alternateNames = alternateNames
        self.addresses = addresses
        self.published = published
        self.source = source
    }

    /// OFAC's CSVs as text.
    public init(sdn: String, alternateNames: String? = nil, addresses: String? = nil, source: String) {
        self.init(list: SanctionsListID.ofacSDN, main: Array(sdn.utf8), alternateNames: alternateNames.map { Array($0.utf8) },
                  addresses: addresses.map { Array($0.utf8) }, source: source)
    }

    /// SHA-256 of the files together (and of entries joined to them, such as
    /// the demo's fictional one): the version's name beside its date.
    func sha256(adding extra: [SanctionsEntry] = []) -> String {
        var hash = SHA256()
        for file in [main, alternateNames ?? [], addresses ?? []] + extra.map({ Array("\($0.list) \($0.id) \($0.name)".utf8) }) {
            hash.update(data: Data(String(file.count).utf8 + [0]))
            hash.update(data: Data(file))
        }
        return hash.finalize().hexString
    }

    /// The list the file is: XML is the UN's, a tab-separated file whose header starts with `Name` BIS's, any other OFAC's CSV.
    public var recognisedList: String {
        if let list { return list }
        let start = main.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if start.first == UInt8(ascii: "<") { return SanctionsListID.unConsolidated }
        if start.starts(with: Array("\"Name\"\t".utf8)) || start.starts(with: Array("Name\t".utf8)) { return SanctionsListID.usDeniedPersons }
        return SanctionsListID.ofacSDN
    }

    /// What reading the files gave.
    struct Read {
        var file: SanctionsListFile
        var alternateNames = 0
        var addresses = 0
    }

    /// The list read whole: a malformed file or line refuses it, naming the line.
    func read() throws(VerityError) -> Read {
        let list = recognisedList
        switch list {
        case SanctionsListID.unConsolidated:
            return Read(file: try UNConsolidatedList.parse(xml: main))
        case SanctionsListID.usDeniedPersons:
            return Read(file: try DeniedPersonsList.parse(text: Self.text(main)))
        case SanctionsListID.ofacSDN:
            let joined = try OFACSupplements.join(sdn: Self.text(main), alt: alternateNames.map(Self.text), add: addresses.map(Self.text))
            let leftOut = joined.unmatchedRows > 0 ? ["\(joined.unmatchedRows) rows of alt.csv or add.csv name entries no longer listed"] : []
            return Read(file: SanctionsListFile(list: list, entries: joined.entries, leftOut: leftOut),
                        alternateNames: joined.alternateNames, addresses: joined.addresses)
        default:
            throw VerityError.invalid("list", "\(list) is imported as a tenant's watchlist (verity sanctions watchlist import)")
        }
    }

    /// UTF-8 when it is, Latin-1 otherwise (OFAC's files are Latin-1 in places).
    static func text(_ bytes: [UInt8]) -> String {
        String(validating: bytes, as: UTF8.self) ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
