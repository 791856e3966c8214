import Foundation
import Testing
@testable import VerityCore

/// The UN Security Council Consolidated List as the UN publishes it (the real
/// file of 2026-02-27, which no one on the project made), read whole, and
/// screened beside OFAC's list.
@Suite("UN Consolidated List")
struct UNConsolidatedListTests {
    static let folder = ProcessInfo.processInfo.environment["VERITY_SANCTIONS_DIR"] ?? "../shared/data/sanctions"
    static let bytes: [UInt8] = FileManager.default.contents(atPath: folder + "/un-consolidated-2026-02-27.xml").map(Array.init) ?? []
    static let list: SanctionsListFile? = try? UNConsolidatedList.parse(xml: bytes)
    static let entries = list?.entries ?? []
    /// Every list: OFAC's (with its alternate names), the UN's and BIS's, as a server holding them all screens.
    static let everyList: SanctionsMatcher = {
        let dpl = (try? String(contentsOfFile: folder + "/us-bis-dpl.txt", encoding: .utf8)).flatMap { try? DeniedPersonsList.parse(text: $0) }
        return SanctionsMatcher(entries: (OFACListTests.joined?.entries ?? []) + entries + (dpl?.entries ?? []))
    }()

    @Test func theWholeListIsReadWithEveryAliasDateAndNationality() throws {
        let list = try #require(Self.list, "the UN list at \(Self.folder) did not load")
        #expect(list.published == "2026-02-27" && list.list == SanctionsListID.unConsolidated)
        #expect(list.entries.filter { $0.kind == .individual }.count == 730)
        #expect(list.entries.filter { $0.kind == .entity }.count == 273)
        // Every ALIAS_NAME the file gives is one of its entry's names (some give several, and their other script).
        let root = try XMLTree.parse(Self.bytes)
        var aliases = 0
        for (group, tag, aliasTag) in [("INDIVIDUALS", "INDIVIDUAL", "INDIVIDUAL_ALIAS"), ("ENTITIES", "ENTITY", "ENTITY_ALIAS")] {
            for node in root.child(group)?.children(tag) ?? [] {
                let entry = try #require(list.entries.first { $0.id == Int(node.value("DATAID") ?? "") })
                for alias in node.children(aliasTag) {
                    guard let text = alias.value("ALIAS_NAME") else { continue }
                    aliases += 1
                    let names = UNConsolidatedList.names(in: text)
                    #expect(!names.isEmpty && names.allSatisfy { name in entry.allNames.contains { $0.lowercased() == name.lowercased() } || name.lowercased() == entry.name.lowercased() },
                            "\(entry.listReference): \(text)")
                }
            }
        }
        #expect(aliases == 2752)
        let zawahiri = try #require(list.entries.first { $0.reference == "QDi.006" })
        #expect(zawahiri.name == "AIMAN MUHAMMED RABI AL-ZAWAHIRI" && zawahiri.programs == ["Al-Qaida"] && zawahiri.nationalities == ["Egypt"])
        #expect(zawahiri.aliases.contains("أيمن محمد ربيع الظواهري") && zawahiri.aliases.contains("Ayman Al-Zawahari"))
        #expect(zawahiri.weakAliases.contains("Abu Fatma") && !zawahiri.aliases.contains("Abu Fatma"))
        #expect(zawahiri.datesOfBirth.contains(.init(year: 1951, month: 6, day: 19)))
        // "Between" years are each year; the UN's several names in one alias are each a name.
        let ghul = try #require(list.entries.first { $0.weakAliases.contains("Hassan Ghul") || $0.aliases.contains("Hassan Ghul") })
        #expect(ghul.allNames.contains("حسن غول") && ghul.allNames.contains("Hasan Gul"))
        // 336 people's names are given in original script as well.
        let scripted = list.entries.filter { $0.kind == .individual && $0.aliases.contains { !UNConsolidatedList.isLatin($0) } }
        #expect(scripted.count >= 336)
    }

    /// The people compliance teams look for on the UN list, as the press
    /// spells them, in Latin and in Arabic script: each names the UN entry.
    @Test(arguments: [
        ("Ayman al-Zawahiri", "QDi.006"), ("أيمن الظواهري", "QDi.006"), ("Hafiz Saeed", "QDi.263"), ("Joseph Kony", "CFi.009"),
        ("Sirajuddin Haqqani", "TAi.144"), ("Eric Badege", "CDi.001"), ("Abu Bakr al-Baghdadi", "QDi.299"), ("أبو بكر البغدادي", "QDi.299"),
        ("Hassan Ghul", "QDi.306"), ("حسن غول", "QDi.306"), ("Saif al-Islam Gaddafi", "LYi.017"), ("سيف الإسلام القذافي", "LYi.017"), ("Abdul Ghani Baradar", "TAi.024"), ("عبد الغني برادر", "TAi.024"),
    ])
    func theUNsListedPeopleAreFoundAsThePressWritesThemInLatinAndArabic(name: String, reference: String) {
        let matches = Self.everyList.screen(.init(name: name))
        #expect(matches.contains { $0.list == SanctionsListID.unConsolidated && $0.reference == reference },
                "\(name): \(matches.prefix(4).map { "\($0.list) \($0.reference) \($0.matchedName) \($0.score)" })")
    }

    /// On both lists, a person comes back once per list, each naming its own entry.
    @Test func aPersonOnBothListsComesBackOncePerListEachNamingItsEntry() throws {
        let matches = Self.everyList.screen(.init(name: "Ayman al-Zawahiri"))
        let ofac = matches.filter { $0.list == SanctionsListID.ofacSDN && $0.entryID == 2676 }
        let un = matches.filter { $0.list == SanctionsListID.unConsolidated && $0.reference == "QDi.006" }
        #expect(ofac.count == 1 && un.count == 1, "\(matches.map { "\($0.list) \($0.reference)" })")
        #expect(ofac.first?.reference == "2676" && un.first?.programs == ["Al-Qaida"])
        // An environment that screens the UN list alone sees only its entry.
        let unOnly = Self.everyList.screen(.init(name: "Ayman al-Zawahiri", lists: [SanctionsListID.unConsolidated]))
        #expect(!unOnly.isEmpty && unOnly.allSatisfy { $0.list == SanctionsListID.unConsolidated })
    }

    /// A changed version (made here from the real file): one individual
    /// removed, one added, one alias edited; the diff names exactly those.
    @Test func aChangedVersionReportsExactlyWhatWasAddedRemovedAndChanged() throws {
        let old = try #require(Self.list)
        var text = String(decoding: Self.bytes, as: UTF8.self)
        // Remove Eric Badege (CDi.001), add a made-up individual, and give QDi.006 one more alias.
        let badege = try #require(text.range(of: "<INDIVIDUAL>\n      <DATAID>6907993</DATAID>"))
        let badegeEnd = try #require(text.range(of: "</INDIVIDUAL>", range: badege.upperBound..<text.endIndex))
        text.removeSubrange(badege.lowerBound..<badegeEnd.upperBound)
        text = text.replacingOccurrences(of: "<INDIVIDUALS>", with: """
            <INDIVIDUALS><INDIVIDUAL><DATAID>99000001</DATAID><FIRST_NAME>TESTFIRST</FIRST_NAME><SECOND_NAME>NEWLYLISTED</SECOND_NAME>
            <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER><NAME_ORIGINAL_SCRIPT>تست</NAME_ORIGINAL_SCRIPT>
            <INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Testy Newly &amp; Listed</ALIAS_NAME></INDIVIDUAL_ALIAS></INDIVIDUAL>
            """)
        text = text.replacingOccurrences(of: "<ALIAS_NAME>Ahmed Fuad Salim</ALIAS_NAME>", with: "<ALIAS_NAME>Ahmed Fuad Salim</ALIAS_NAME></INDIVIDUAL_ALIAS><INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME>Ayman Zawahiri Edited</ALIAS_NAME>")
        let new = try UNConsolidatedList.parse(xml: Array(text.utf8))
        let diff = SanctionsListDiff.between(old.entries, new.entries)
        #expect(diff.added.map(\.listReference) == ["QDi.999"] && diff.added.first?.aliases == ["Testy Newly & Listed", "تست"])
        #expect(diff.removed.map(\.listReference) == ["CDi.001"])
        #expect(diff.changed.map(\.listReference) == ["QDi.006"])
        #expect(SanctionsListDiff.between(old.entries, old.entries).isEmpty)
    }

    @Test(arguments: [
        ("<!DOCTYPE x [<!ENTITY a \"b\">]><CONSOLIDATED_LIST/>", "DOCTYPE"),
        ("<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>", "closes"),
        ("<OTHER/>", "not the UN's consolidated list"),
        ("<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>1</DATAID></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>", "has no name"),
        ("<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><DATAID>x</DATAID><FIRST_NAME>A</FIRST_NAME></INDIVIDUAL></INDIVIDUALS></CONSOLIDATED_LIST>", "no DATAID"),
        ("<CONSOLIDATED_LIST>&bogus;</CONSOLIDATED_LIST>", "not an entity"),
        ("<CONSOLIDATED_LIST/>", "empty"),
        ("", "no document element"),
    ])
    func aMalformedFileIsRefusedWithWhy(xml: String, expected: String) {
        #expect {
            try UNConsolidatedList.parse(xml: Array(xml.utf8))
        } throws: { error in
            ((error as? VerityError)?.message ?? "").contains(expected) && (error as? VerityError)?.code == .invalidInput
        }
    }

    @Test func xmlReadsEntitiesCharacterReferencesCDATAAndComments() throws {
        let tree = try XMLTree.parse(Array("<?xml version=\"1.0\"?><!-- c --><a k='v &amp; w'><b>x &lt;&#65;&#x42;&gt;</b><![CDATA[<raw>]]><c/></a>".utf8))
        #expect(tree.name == "a" && tree.attributes["k"] == "v & w" && tree.value("b") == "x <AB>" && tree.text == "<raw>" && tree.child("c") != nil)
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: VerityError.self) { try XMLTree.parse(Array(deep.utf8)) }
    }
}
