/// Failures inside the store that are the operator's to fix, not the client's.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    case badDataKey
    case sealFailed
    case corruptRecord(String)
    case notSQL

    public var description: String {
        switch self {
        case .badDataKey: "VERITY_DATA_KEY must be 32 bytes, base64-encoded (make one with `verity keys data-key`)"
        case .sealFailed: "encryption failed"
        case .corruptRecord(let table): "a row in \(table) could not be decrypted: wrong VERITY_DATA_KEY?"
        case .notSQL: "the database is not an SQL database"
        }
    }
}
