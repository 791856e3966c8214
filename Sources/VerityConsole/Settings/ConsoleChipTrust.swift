import Fluent
import Foundation
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityKernel
import VerityOperators

/// The console's door to the tenant's chip trust (`ChipTrustService`, the
/// same the admin API and the CLI use): what is trusted, for any admin; an
/// import, for an admin who confirmed themselves recently, with their reason
/// in the audit line. The file is read in the engines' sandbox.
struct ConsoleChipTrust {
    let db: any Database
    let clock: VerityClock
    let trust: ChipTrustService

    /// A file the admin chose, and the CSCA that signed it when it is a master list.
    struct Upload {
        var file: Data?
        var signerCSCA: Data?
        var signerFromTrustStore: Bool
        var reason: String?
    }

    func view(session: OperatorAccounts.Session) async throws -> ChipTrustView {
        try ConsoleEnvironmentSettings.requireAdmin(session)
        return try await trust.trust(tenantID: session.tenantID, db: db)
    }

    func importFile(_ upload: Upload, session: OperatorAccounts.Session) async throws -> ChipTrustImportResult {
        try ConsoleEnvironmentSettings.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try ConsoleEnvironmentSettings.reason(upload.reason)
        guard let file = upload.file, !file.isEmpty else { throw VerityError.invalid("chipTrustFile", "choose a file") }
        guard file.count <= ChipTrustImportInput.maximumFileBytes else {
            throw VerityError(.payloadTooLarge, "a trust file is at most \(ChipTrustImportInput.maximumFileBytes / 1024) KB", field: "chipTrustFile")
        }
        let input = ChipTrustImportInput(fileBase64: file.base64EncodedString(),
                                         signerCscaBase64: upload.signerCSCA.flatMap { $0.isEmpty ? nil : [$0.base64EncodedString()] },
                                         signerFromTrustStore: upload.signerFromTrustStore ? true : nil)
        return try await trust.importFile(input, tenantID: session.tenantID, environmentID: nil,
                                          change: .operator(session.operatorID, reason: reason), db: db)
    }
}
