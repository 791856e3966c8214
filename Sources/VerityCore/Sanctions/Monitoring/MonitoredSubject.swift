/// A person kept under ongoing screening: who was screened, as the check
/// that screened them read it. Sealed in the store (it is PII); found again
/// by the keyed index of `SanctionsPerson.key`, the one false positives use.
public struct MonitoredSubject: Sendable, Codable, Equatable {
    public var name: String
    /// Other names the person is known by (a document's, a form's).
    public var aliases: [String]
    /// `YYYY-MM-DD` as read.
    public var dateOfBirth: String?
    /// ISO 3166 alpha-2.
    public var nationality: String?

    public init(name: String, aliases: [String] = [], dateOfBirth: String? = nil, nationality: String? = nil) {
        self.name = name
        self.aliases = aliases
        self.dateOfBirth = dateOfBirth
        self.nationality = nationality
    }

    /// The screens a re-screen makes: the name, then each alias, as the person (not an organisation).
    public func queries(today: DateOfBirth, lists: Set<String>?) -> [SanctionsMatcher.Query] {
        let birth = dateOfBirth.flatMap { try? DateOfBirth.parse($0, today: today) }
        return ([name] + aliases).map { SanctionsMatcher.Query(name: $0, dateOfBirth: birth, nationality: nationality, lists: lists) }
    }

    /// What `SanctionsPerson.key` makes of this subject: the index that finds it again and its false positives.
    public var personKey: String { SanctionsPerson.key(name: name, dateOfBirth: dateOfBirth) }
}
