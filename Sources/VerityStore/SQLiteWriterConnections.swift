import FluentKit
import NIOConcurrencyHelpers

/// SQLite with connections kept for writes, apart from the ones reads use.
///
/// SQLite has one writer at a time; Verity queues its writes at `SQLiteWriteQueue`,
/// and how long a write holds the writer bounds every write the server makes.
/// Each event loop's read connection is often busy with that loop's reads, so
/// a write that used it either held the gate while waiting for it (every
/// other write waited too) or held the connection while waiting for the gate
/// (that loop's reads waited too, past the pool's 10 s under a steady stream
/// of writes). A write now takes the gate, then its loop's own write
/// connection, which no read ever holds: once in, it never waits.
struct SQLiteWithWriterConfiguration: DatabaseConfiguration {
    /// FluentSQLiteDriver's own configuration; each pool is made from it.
    var sqlite: any DatabaseConfiguration
    let writers = WriterSlot()
    /// Where this file's writes queue (`Database.write`).
    let queue = SQLiteWriteQueue()

    var middleware: [any AnyModelMiddleware] {
        get { sqlite.middleware }
        set { sqlite.middleware = newValue }
    }

    func makeDriver(for databases: Databases) -> any DatabaseDriver {
        let writer = sqlite.makeDriver(for: databases)
        writers.driver.withLockedValue { $0 = writer }
        return ReadersAndWriter(readers: sqlite.makeDriver(for: databases), writer: writer)
    }

    /// The write pool, once Fluent has made the drivers.
    final class WriterSlot: Sendable {
        let driver = NIOLockedValueBox<(any DatabaseDriver)?>(nil)
    }
}

/// Reads go to one pool; `Database.sqliteWrites` reaches the other. Both close
/// with the application.
private struct ReadersAndWriter: DatabaseDriver {
    let readers: any DatabaseDriver
    let writer: any DatabaseDriver

    func makeDatabase(with context: DatabaseContext) -> any Database { readers.makeDatabase(with: context) }

    func shutdown() {
        readers.shutdown()
        writer.shutdown()
    }

    func shutdownAsync() async {
        await readers.shutdownAsync()
        await writer.shutdownAsync()
    }
}

extension Database {
    /// This file's write queue and this event loop's write connection, when
    /// this is an SQLite file set up by `VerityDatabase.use`; nil otherwise.
    var sqliteWrites: (queue: SQLiteWriteQueue, writer: any Database)? {
        guard let configuration = context.configuration as? SQLiteWithWriterConfiguration,
              let driver = configuration.writers.driver.withLockedValue({ $0 }) else { return nil }
        return (configuration.queue, driver.makeDatabase(with: DatabaseContext(configuration: configuration, logger: context.logger,
                                                                               eventLoop: context.eventLoop, history: context.history,
                                                                               pageSizeLimit: context.pageSizeLimit)))
    }
}
