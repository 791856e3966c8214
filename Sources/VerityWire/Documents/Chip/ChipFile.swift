/// The chip's files an app reads and sends (ICAO 9303 part 10): the common
/// file, the security object, the data groups and the PACE/CA files. The raw
/// value is the name the API and the SDKs use for the file.
public enum ChipFile: String, Sendable, Codable, CaseIterable, Hashable, Comparable, CodingKeyRepresentable {
    case com, sod
    case dg1, dg2, dg3, dg4, dg5, dg6, dg7, dg8, dg9, dg10, dg11, dg12, dg13, dg14, dg15, dg16
    case cardAccess, cardSecurity

    /// DG1…DG16's number; nil for the other files.
    public var dataGroupNumber: Int? {
        guard rawValue.hasPrefix("dg") else { return nil }
        return Int(rawValue.dropFirst(2))
    }

    public init?(dataGroup number: Int) {
        self.init(rawValue: "dg\(number)")
    }

    /// The name ICAO 9303 gives it: "EF.SOD", "DG2", "EF.CardAccess".
    public var standardName: String {
        switch self {
        case .com: "EF.COM"
        case .sod: "EF.SOD"
        case .cardAccess: "EF.CardAccess"
        case .cardSecurity: "EF.CardSecurity"
        default: rawValue.uppercased()
        }
    }

    /// The most an app may send of the file. DG2 holds a face (15-30 KB
    /// usually), DG3 and DG4 fingerprints and irises; the rest are small.
    public var maximumBytes: Int {
        switch self {
        case .dg2, .dg3, .dg4, .dg5, .dg6, .dg7: 256 * 1024
        case .sod: 64 * 1024
        default: 16 * 1024
        }
    }

    public static func < (lhs: ChipFile, rhs: ChipFile) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
