import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// One check's evidence, unsealed for the tenant's backend (the admin API)
/// and operators (`verity document-checks show`), within one environment.
package struct DocumentCheckDetails: Sendable {
    let db: any Database
    let protector: DataProtector

    package func detail(checkID text: String, environmentID: UUID) async throws -> DocumentCheckDetail {
        // Another environment's check is as unknown as one that never existed.
        guard let id = UUID(uuidString: text), let check = try await DocumentCheckRepository(db: db).check(id: id),
              check.environmentID == environmentID
        else { throw VerityError(.notFound, "no document check with this id in this environment", field: "checkID") }
        let reader = try await PersonKeyRepository(db: db, protector: protector).reader(userID: check.$user.id)
        let evidence = try check.sealedEvidence.map {
            try reader.open(json: DocumentCheckHandler.Evidence.self, from: $0, at: .of(.checkEvidence, id))
        }
        return DocumentCheckDetail(
            summary: DocumentCheckSummary(check), owner: check.$user.id.uuidString, report: evidence?.report,
            selfie: evidence?.selfie, holderMismatches: evidence?.holderMismatches ?? [],
            dataSourceOutcome: evidence?.dataSourceOutcome?.rawValue)
    }

    package init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }
}
