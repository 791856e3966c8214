import Fluent
import SQLKit

extension Database {
    /// This database as SQL, for the statements Fluent cannot say (a
    /// conditional update with `RETURNING`, a join). Both drivers Verity
    /// ships (SQLite, PostgreSQL) are SQL databases.
    public func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else { throw StoreError.notSQL }
        return sql
    }
}
