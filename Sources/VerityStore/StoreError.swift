/// Failures inside the store that are the operator's to fix, not the client's.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    case badDataKey
    case sealFailed
    case corruptRecord(String)
    case notSQL
    /// No configured data key opens the database's derived keys.
    case wrongDataKey
    /// Previous keys are configured on a database whose root was never recorded.
    case rootNotRecorded
    /// The derived keys changed while a rotation of them ran (another ran too).
    case derivedKeysChanged

    public var description: String {
        switch self {
        case .badDataKey: "VERITY_DATA_KEY must be 32 bytes, base64-encoded (make one with `verity keys data-key`)"
        case .sealFailed: "encryption failed"
        case .corruptRecord(let place):
            "a value in \(place) did not open: sealed for another row or column, damaged, or under a key this server lacks (VERITY_DATA_KEY, VERITY_PREVIOUS_DATA_KEYS)"
        case .notSQL: "the database is not an SQL database"
        case .wrongDataKey:
            "neither VERITY_DATA_KEY nor VERITY_PREVIOUS_DATA_KEYS opens this database's derived keys (`data_key_root`): wrong key, or the key in use so far is missing from VERITY_PREVIOUS_DATA_KEYS"
        case .derivedKeysChanged:
            "the derived keys changed while this rotation ran: another rotation ran at the same time; nothing was changed by this one"
        case .rootNotRecorded:
            "this database has no derived keys recorded yet: start Verity once with the key in use so far as VERITY_DATA_KEY, and no VERITY_PREVIOUS_DATA_KEYS, before rotating"
        }
    }
}
