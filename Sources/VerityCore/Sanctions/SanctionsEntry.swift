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

    /// The list's own id (OFAC's `ent_num`).
    public var id: Int
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

    public init(id: Int, name: String, kind: Kind, programs: [String] = [], aliases: [String] = [], weakAliases: [String] = [],
                datesOfBirth: [PartialDate] = [], nationalities: [String] = [], addressCountries: [String] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.programs = programs
        self.aliases = aliases
        self.weakAliases = weakAliases
        self.datesOfBirth = datesOfBirth
        self.nationalities = nationalities
        self.addressCountries = addressCountries
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind, programs, aliases, weakAliases, datesOfBirth, nationalities, addressCountries
    }

    /// Lists imported before weak aliases and addresses were read lack those
    /// keys; they decode as empty (their remark aliases stay ordinary aliases
    /// until the list is imported again).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(Kind.self, forKey: .kind)
        programs = try container.decodeIfPresent([String].self, forKey: .programs) ?? []
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
        weakAliases = try container.decodeIfPresent([String].self, forKey: .weakAliases) ?? []
        datesOfBirth = try container.decodeIfPresent([PartialDate].self, forKey: .datesOfBirth) ?? []
        nationalities = try container.decodeIfPresent([String].self, forKey: .nationalities) ?? []
        addressCountries = try container.decodeIfPresent([String].self, forKey: .addressCountries) ?? []
    }

    /// Every name the entry is known by, the listed name first, weak a.k.a.s last.
    public var allNames: [String] { [name] + aliases + weakAliases }
}
