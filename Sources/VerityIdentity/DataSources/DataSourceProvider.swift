import Fluent
import Vapor
import VerityCore
import VerityStore

/// Picks the trusted data source an environment is configured for.
package struct DataSourceProvider: Sendable {
    let protector: DataProtector
    let bureau: HTTPBureau?

    func source(for kind: DataSourceKind, db: any Database) throws -> any IdentityDataSource {
        switch kind {
        case .registry:
            return ReferenceRegistry(db: db, protector: protector)
        case .bureau:
            guard let bureau else {
                throw VerityError(.serviceUnavailable, "this environment uses an identity bureau, but none is configured")
            }
            return bureau
        }
    }

    package init(protector: DataProtector, bureau: HTTPBureau?) {
        self.protector = protector
        self.bureau = bureau
    }
}
