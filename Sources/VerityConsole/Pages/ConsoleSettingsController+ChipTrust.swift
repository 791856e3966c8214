import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityOperators

/// `/console/settings/chip-trust`: the CSCAs, link certificates and CRLs the
/// tenant trusts for passports' chips, and a form to import more (a master
/// list with the CSCA that signed it, a certificate, a CRL). The import's
/// answer shows every certificate accounted for: added, already trusted, a
/// duplicate, or skipped with why.
extension ConsoleSettingsController {
    func bootChipTrust(_ pages: any RoutesBuilder) {
        pages.get(routePath(ConsoleRoute.settingsChipTrust.components), use: chipTrust)
        // A master list runs to about 1 MB; the signer's CSCA and the form's fields beside it (a large-body route: `LargeBodyGate`).
        pages.postCollecting(routePath(ConsoleRoute.settingsChipTrustImport.components), maxBytes: ChipTrustImportInput.maximumFileBytes + 256 * 1024,
                             use: importChipTrust)
    }

    private func chipTrustService(_ request: Request) -> ConsoleChipTrust {
        ConsoleChipTrust(db: console.scopes.of(request).db, clock: console.clock, trust: chipTrust)
    }

    struct ChipTrustForm: Decodable {
        var csrf: String?
        var file: File?
        var signer: File?
        var signerFromTrustStore: String?
        var reason: String?
    }

    func chipTrust(request: Request) async throws -> Response {
        try await admin(request) { session, signedIn, page in
            let view = try await chipTrustService(request).view(session: session)
            return ConsoleController.html(page.settingsChipTrust(signedIn, view: view, imported: nil, problem: nil), status: .ok)
        }
    }

    func importChipTrust(request: Request) async throws -> Response {
        let form = (try? request.content.decode(ChipTrustForm.self, as: .formData)) ?? ChipTrustForm()
        return try await admin(request) { session, signedIn, page in
            let service = chipTrustService(request)
            func again(_ problem: String?, _ imported: ChipTrustImportResult?, _ status: HTTPResponseStatus) async throws -> Response {
                let view = try await service.view(session: session)
                return ConsoleController.html(page.settingsChipTrust(signedIn, view: view, imported: imported, problem: problem), status: status)
            }
            guard OperatorAccounts.csrfMatches(form.csrf, session) else { return try await again(page.t("error_csrf"), nil, .forbidden) }
            do {
                let upload = ConsoleChipTrust.Upload(file: form.file.map { Data(buffer: $0.data) }, signerCSCA: form.signer.map { Data(buffer: $0.data) },
                                                     signerFromTrustStore: form.signerFromTrustStore == "yes", reason: form.reason)
                let imported = try await service.importFile(upload, session: session)
                request.logger.notice("console chip trust imported", metadata: ["kind": .string(imported.kind), "added": .stringConvertible(imported.added)])
                return try await again(nil, imported, .ok)
            } catch let error as VerityError {
                // The import's own refusal says what was wrong with the file: shown as it is.
                let problem = error.field == "fileBase64" || error.field == "signerCscaBase64" ? error.message : Self.problem(error, page)
                return try await again(problem, nil, HTTPResponseStatus(statusCode: error.code.httpStatus))
            }
        }
    }
}
