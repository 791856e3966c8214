import Fluent
@_exported import VerityStoreTestSupport

/// A test app's database is read behind its back as the store's tests read theirs.
extension VerityTestApp: DatabaseUnderTest {
    public var db: any Database { app.db }
    public var dataDirectory: String { settings.dataDirectory }
    public var postgresURL: String? { settings.databaseURL }
}
