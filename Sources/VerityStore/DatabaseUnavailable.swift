import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import NIOCore

/// Whether a database error means "not now" rather than "wrong": PostgreSQL
/// down, restarting or out of resources, the SQLite file on a full or
/// read-only disk. The API answers those 503 `SERVICE_UNAVAILABLE`
/// (retryable), never 500.
public enum DatabaseUnavailable {
    /// Whether the database is there but every connection to it is busy: the
    /// pool's wait ran out (AsyncKit), or SQLite's writer stayed locked past
    /// its busy timeout. An overload, answered 503 with `Retry-After`.
    public static func isOverload(_ error: any Error) -> Bool {
        if error is ConnectionPoolTimeoutError { return true }
        if let error = error as? SQLiteError { return error.reason == .busy || error.reason == .locked }
        return false
    }

    public static func matches(_ error: any Error) -> Bool {
        if let error = error as? PSQLError {
            if [PSQLError.Code.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed]
                .contains(error.code) {
                return true
            }
            guard error.code == .server, let state = error.serverInfo?[.sqlState] else { return false }
            // 08: connection exception; 53: insufficient resources (disk full, memory, connections);
            // 57P01–57P03: shutting down, crashed, starting up.
            return state.hasPrefix("08") || state.hasPrefix("53") || ["57P01", "57P02", "57P03"].contains(state)
        }
        if let error = error as? SQLiteError {
            switch error.reason {
            case .full, .readOnly, .ioError, .cantOpen, .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback,
                 .readonlyBackingMoved, .readonlyDirectory, .ioErrorFailedRead, .ioErrorFailedWrite, .ioErrorFailedSync,
                 .ioErrorFailedDirSync, .ioErrorFailedTruncate, .cantOpenDirectory:
                return true
            default:
                return false
            }
        }
        return error is NIOConnectionError || error is ChannelError || error is IOError || error is DatabaseConnectionLost
    }
}
