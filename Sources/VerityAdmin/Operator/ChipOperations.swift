import Fluent
import Foundation
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityKernel

/// What `verity chip trust …` does: a tenant's CSCAs and CRLs. The CLI reads
/// the operator's own file in its own process; the admin API reads a
/// request's in the engines' sandbox (`ChipSurface`).
public struct ChipOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock

    /// Imports a master list (with the CSCA(s) its signer chains to), a CSCA or link certificate, or a CRL.
    public func importTrust(tenant: String, file: [UInt8], signerCSCAs: [[UInt8]], signerFromTrustStore: Bool) async throws
        -> ChipTrustImportResult {
        let tenantID = try await tenantID(named: tenant)
        let input = ChipTrustImportInput(fileBase64: Data(file).base64EncodedString(),
                                         signerCscaBase64: signerCSCAs.map { Data($0).base64EncodedString() },
                                         signerFromTrustStore: signerFromTrustStore)
        return try await ChipTrustService(clock: clock, read: ChipTrustService.inProcess)
            .importFile(input, tenantID: tenantID, environmentID: nil, change: .cli, db: db)
    }

    /// What the tenant trusts.
    public func trust(tenant: String) async throws -> ChipTrustView {
        try await ChipTrustService(clock: clock, read: ChipTrustService.inProcess).trust(tenantID: try await tenantID(named: tenant), db: db)
    }
}
