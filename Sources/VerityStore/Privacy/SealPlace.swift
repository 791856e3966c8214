import Foundation

/// Where a sealed value belongs: its table, its column and the row that
/// owns it. The place is authenticated with the value (AES-GCM's associated
/// data), so someone who can write the database but holds no key cannot
/// move a value to another row, column or table, nor to another tenant's or
/// person's row: there it does not open (`StoreError.misplacedSeal`).
///
/// Values sealed before issue 47 carry no place; they still open, read as
/// they were, until `SealBinding` has re-sealed them in place.
public struct SealPlace: Sendable, Hashable, CustomStringConvertible {
    public let table: String
    public let column: String
    /// The owning row's key: its id, lower-case for a UUID.
    public let row: String

    public init(_ table: String, _ column: String, row: UUID) {
        self.init(table, column, key: row.uuidString.lowercased())
    }

    public init(_ table: String, _ column: String, key: String) {
        self.table = table
        self.column = column
        self.row = key
    }

    /// What AES-GCM authenticates: a version, then the three names,
    /// separated by a byte no name contains.
    var associatedData: Data {
        Data("verity.seal-place.v2".utf8) + [0] + Data(table.utf8) + [0] + Data(column.utf8) + [0] + Data(row.utf8)
    }

    public var description: String { "\(table).\(column)" }
}
