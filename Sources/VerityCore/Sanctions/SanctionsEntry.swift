import Foundation

/// One entry of a sanctions list: a person, an organisation, a vessel or an
/// aircraft, with its other names and, for people, what identifies them.
public struct SanctionsEntry: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
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
    /// Other names: a.k.a., f.k.a., n.k.a.
    public var aliases: [String]
    public var datesOfBirth: [PartialDate]
    /// Countries as written (`Egypt`, `Syria`): nationality and citizenship.
    public var nationalities: [String]

    public init(id: Int, name: String, kind: Kind, programs: [String] = [], aliases: [String] = [],
                datesOfBirth: [PartialDate] = [], nationalities: [String] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.programs = programs
        self.aliases = aliases
        self.datesOfBirth = datesOfBirth
        self.nationalities = nationalities
    }
}
