/// The machine readable zone layouts of ICAO 9303.
public enum MRZFormat: String, Sendable, Codable, CaseIterable {
    /// ID-1 size cards: three lines of 30.
    case td1 = "TD1"
    /// ID-2 size documents: two lines of 36.
    case td2 = "TD2"
    /// Passport books: two lines of 44.
    case td3 = "TD3"
    /// Full-size visas: two lines of 44 starting with V.
    case mrvA = "MRV-A"
    /// Small visas: two lines of 36 starting with V.
    case mrvB = "MRV-B"

    public var lineCount: Int { self == .td1 ? 3 : 2 }

    public var lineLength: Int {
        switch self {
        case .td1: 30
        case .td2, .mrvB: 36
        case .td3, .mrvA: 44
        }
    }
}
