import Foundation

/// One entry of a sanctions list: a person, an organisation, a vessel or an
/// aircraft, with its other names and, for people, what identifies them.
public struct SanctionsEntry: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case individual, entity, vessel, aircraft
    }

    /// A date as lists write it: a year, maybe a month, maybe a day.
    public struct PartialDate: Sendable, Codable, Equatable, CustomStringConvertible {
        public var year: Int
        public var month: Int?
        public var day: Int?

        public init(year: Int, month: Int? = nil, day: Int? = nil) {
            self.year = year
            self.month = month
            self.day = day
        }

        public var description: String {
            [String(format: "%04d", year), month.map { String(format: "%02d", $0) }, day.map { String(format: "%02d", $0) }]
                .compactMap { $0 }.joined(separator: "-")
        }
    }

    /// Which list the entry is on (`SanctionsListID`): OFAC's, the UN's, a tenant's watchlist.
    public var list: String
    /// The list's own number for the entry (OFAC's `ent_num`, the UN's `DATAID`,
    /// a number derived from the row for lists that have none): unique within its list.
    public var id: Int
    /// The entry's reference as its publisher writes it (the UN's `QDi.006`, a
    /// Federal Register citation, an operator's own reference); nil where the
    /// number is the reference (OFAC's `ent_num`).
    public var reference: String?
    /// The name as listed (OFAC writes people `SURNAME, Given Names`).
    public var name: String
    public var kind: Kind
    public var programs: [String]
    /// Other names (a.k.a., f.k.a., n.k.a.) as OFAC's `alt.csv` lists them:
    /// names the person is known by, screened like the listed name.
    public var aliases: [String]
    /// Weak a.k.a.s: nicknames, noms de guerre and common acronyms, which OFAC
    /// writes quoted in the remarks (`a.k.a. 'El Mayo'`). OFAC expects them to
    /// confirm a hit more than to make one, so they count less (`SanctionsMatcher`).
    public var weakAliases: [String]
    public var datesOfBirth: [PartialDate]
    /// Countries as written (`Egypt`, `Syria`): nationality and citizenship.
    public var nationalities: [String]
    /// Countries of the entry's addresses (OFAC's `add.csv`), as written.
    public var addressCountries: [String]
    /// Why the entry is listed, as a tenant's watchlist says it (for the reviewer).
    public var note: String?

    public init(list: String = SanctionsListID.ofacSDN, id: Int, reference: String? = nil, name: String, kind: Kind, programs: [String] = [],
                aliases: [String] = [], weakAliases: [String] = [], datesOfBirth: [PartialDate] = [], nationalities: [String] = [],
                addressCountries: [String] = [], note: String? = nil) {
        self.list = list
        self.id = id
        self.reference = reference
        self.name = name
        self.kind = kind
        self.programs = programs
        self.aliases = aliases
        self.weakAliases = weakAliases
        self.datesOfBirth = datesOfBirth
        self.nationalities = nationalities
        self.addressCountries = addressCountries
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case list, id, reference, name, kind, programs, aliases, weakAliases, datesOfBirth, nationalities, addressCountries, note
    }

    /// Lists imported before weak aliases and addresses were read lack those
    /// keys; they decode as empty (their remark aliases stay ordinary aliases
    /// until the list is imported again).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        list = try container.decodeIfPresent(String.self, forKey: .list) ?? SanctionsListID.ofacSDN
        id = try container.decode(Int.self, forKey: .id)
        reference = try container.decodeIfPresent(String.self, forKey: .reference)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        programs = try container.decodeIfPresent([String].self, forKey: .programs) ?? []
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
        weakAliases = try container.decodeIfPresent([String].self, forKey: .weakAliases) ?? []
        datesOfBirth = try container.decodeIfPresent([PartialDate].self, forKey: .datesOfBirth) ?? []
        nationalities = try container.decodeIfPresent([String].self, forKey: .nationalities) ?? []
        addressCountries = try container.decodeIfPresent([String].self, forKey: .addressCountries) ?? []
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }

    /// OFAC's entries encode as they did before there were other lists (no
    /// `list` key), so their content hashes, which remember a reviewer's
    /// false positives (`SanctionsClearanceRepository.fingerprint`), stay the same.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if list != SanctionsListID.ofacSDN { try container.encode(list, forKey: .list) }
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(reference, forKey: .reference)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(programs, forKey: .programs)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(weakAliases, forKey: .weakAliases)
        try container.encode(datesOfBirth, forKey: .datesOfBirth)
        try container.encode(nationalities, forKey: .nationalities)
        try container.encode(addressCountries, forKey: .addressCountries)
        try container.encodeIfPresent(note, forKey: .note)
    }

    /// The entry's reference as its list writes it: the UN's `QDi.006`, OFAC's `ent_num`.
    public var listReference: String { reference ?? String(id) }

    /// Every name the entry is known by, the listed name first, weak a.k.a.s last.
    public var allNames: [String] { [name] + aliases + weakAliases }
}
