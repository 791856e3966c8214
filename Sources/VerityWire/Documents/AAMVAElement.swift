/// One data element of an AAMVA subfile: its three-letter id and trimmed value.
public struct AAMVAElement: Sendable, Codable, Equatable {
    public let id: String
    public let value: String

    public init(id: String, value: String) {
        self.id = id
        self.value = value
    }
}
