import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityAdmin

struct EnvironmentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "environment", abstract: "Show or change an environment's verification rules.",
        subcommands: [Show.self, Set.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the environment's rules as JSON.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            let settings = try SettingsLoading.load()
            let configuration = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .tenants.configuration(tenant: target.tenant, environment: target.environment)
            }
            print(try JSONOutput.render(configuration))
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change some of the environment's rules.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Comma-separated ISO 3166-1 alpha-2 codes.") var countries: String?
        @Option(help: "Failed PII attempts allowed (1–20).") var maxAttempts: Int?
        @Option(help: "true to require consent before verification.") var consentRequired: Bool?
        @Option(help: "KNOWLEDGE_OF_PII or GOVERNMENT_ID for every user.") var requiredMethod: String?
        @Option(help: "true to ask for a government ID when PII cannot verify.") var escalate: Bool?
        @Option(help: "registry or bureau.") var dataSource: String?
        @Option(help: "Locale of the default consent text.") var defaultLocale: String?
        @Option(help: "Face-match threshold for selfies against document portraits (0.4–0.66, default 0.58).") var faceMatchThreshold: Double?
        @Option(help: "true when verifyIdentityDocument needs a face image (default false).") var faceImageForVerification: Bool?
        @Option(help: "true when captureAndVerifyIdentityDocument needs a face image (default false).") var faceImageForCapture: Bool?
        @Option(help: "Seconds a capture link lives (300–86400, default 3600).") var captureLinkLifetime: Int?
        @Option(help: "Times a capture link may be opened (1–20, default 5).") var captureLinkOpens: Int?
        @Option(help: "Submissions through one capture link, retakes included (1–10, default 3).") var captureLinkSubmissions: Int?
        @Option(help: "true to make a capture link when a user needs a government ID and show it as idScanUrl.") var idScanUrl: Bool?
        @Option(help: "false to keep the card's images (captures) out of OCR results, and never kept past their read; on by default.") var ocrCaptures: Bool?
        @Option(help: "true to hold doubtful document checks for a reviewer in the console; off by default.") var documentReview: Bool?
        @Option(help: "How near the face threshold a selfie's distance sends a check to a reviewer (0–0.1, default 0.04).")
        var documentReviewFaceMargin: Double?
        @Option(help: "true to require a passport's chip (NFC) and its verification for passports (docs/chip.md); off by default.")
        var chipRequiredForPassports: Bool?
        @Option(help: "Mobile API: requests per client key and product per minute (default 120).") var mobileRequestsPerMinute: Int?
        @Option(help: "Mobile API: minutes of inactivity before a session expires (default 30).") var mobileSessionMinutes: Int?
        @Option(help: ArgumentHelp("Mobile API: one product's session lifetime, overriding --mobile-session-minutes (repeatable; PRODUCT=default removes it).",
                                   valueName: "verifyage|verifyidentity|verifycompliance=MINUTES"))
        var mobileProductSessionMinutes: [String] = []
        @Option(help: "Mobile API: VerifyAge's minimum age (13–25, default 18).") var mobileMinimumAge: Int?
        @Option(help: "Mobile API: days a finished session's result stays readable and an expired one answers SESSION_EXPIRED (1–3,650, default 30).")
        var mobileResultRetentionDays: Int?
        @Option(help: "true to deliver webhooks to private and loopback addresses (a receiver on this machine or network, in development); off by default.")
        var webhooksAllowPrivateAddresses: Bool?
        @Option(help: "Requests per end-user token per minute on /v1/identity (default 600).") var userTokenRequestsPerMinute: Int?
        @Option(help: "Days a document check's images are kept after it ends (0, the default: erased when it ends; up to 3,650).")
        var retentionDocumentImagesDays: Int?
        @Option(help: "Days a check held for a reviewer keeps its images (1–3,650, default 30).") var retentionHeldImagesDays: Int?
        @Option(help: ArgumentHelp("Days a check's evidence (report, fields read) is kept after it ends (1–3,650), or keep.", valueName: "days|keep"))
        var retentionEvidenceDays: String?
        @Option(help: ArgumentHelp("Days the audit trail is kept (365–3,650), or keep (the default).", valueName: "days|keep"))
        var retentionAuditDays: String?
        @Option(help: "Days webhook events and their delivery log are kept once delivered or given up (1–3,650, default 90).")
        var retentionWebhookLogDays: Int?
        @Option(help: "Requests per secret key per minute on /admin/v1 (default 6000).") var secretKeyRequestsPerMinute: Int?
        @Option(help: ArgumentHelp("The sanctions lists VerifyCompliance screens against, comma-separated (ofac, un, dpl, watchlist:NAME), or all (the default: every list imported).",
                                   valueName: "lists|all"))
        var screeningLists: String?
        @Option(help: "Days a screened person stays under ongoing monitoring after the check that last screened them (1–3,650, default 365).")
        var monitoringDays: Int?

        func run() async throws {
            let required = try requiredMethod.map { text in
                guard let method = VerificationMethod(rawValue: text) else { throw ValidationError("unknown method \(text)") }
                return method
            }
            let source = try dataSource.map { text in
                guard let kind = DataSourceKind(rawValue: text) else { throw ValidationError("data source is registry or bureau") }
                return kind
            }
            let productMinutes = try mobileProductSessionMinutes.map { text -> (String, Int?) in
                let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw ValidationError("--mobile-product-session-minutes takes PRODUCT=MINUTES, e.g. verifyage=10")
                }
                if parts[1] == "default" { return (parts[0], nil) }
                guard let minutes = Int(parts[1]) else { throw ValidationError("--mobile-product-session-minutes: \(parts[1]) is not a number of minutes") }
                return (parts[0], minutes)
            }
            let evidenceDays = try retentionEvidenceDays.map { try Self.daysOrKeep($0, option: "--retention-evidence-days") }
            let auditDays = try retentionAuditDays.map { try Self.daysOrKeep($0, option: "--retention-audit-days") }
            let settings = try SettingsLoading.load()
            // A setting out of range is the caller's error: "CODE: message", exit 65.
            let updated = try await CLIOutput.reportingAsync { try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .tenants.updateConfiguration(tenant: target.tenant, environment: target.environment) { configuration in
                        if let countries { configuration.supportedCountries = countries.split(separator: ",").map(String.init) }
                        if let maxAttempts { configuration.policy.maxAttempts = maxAttempts }
                        if let consentRequired { configuration.consentRequired = consentRequired }
                        if let required { configuration.policy.requiredMethod = required }
                        if let escalate { configuration.policy.escalateToGovernmentID = escalate }
                        if let source { configuration.dataSource = source }
                        if let defaultLocale { configuration.defaultConsentLocale = defaultLocale }
                        if let faceMatchThreshold { configuration.faces.matchThreshold = faceMatchThreshold }
                        if let faceImageForVerification { configuration.documents.faceImageRequiredForVerification = faceImageForVerification }
                        if let faceImageForCapture { configuration.documents.faceImageRequiredForCapture = faceImageForCapture }
                        if let captureLinkLifetime { configuration.documents.captureLinks.lifetimeSeconds = captureLinkLifetime }
                        if let captureLinkOpens { configuration.documents.captureLinks.maximumOpens = captureLinkOpens }
                        if let captureLinkSubmissions { configuration.documents.captureLinks.maximumSubmissions = captureLinkSubmissions }
                        if let idScanUrl { configuration.documents.idScanUrlEnabled = idScanUrl }
                        if let ocrCaptures { configuration.documents.ocrCaptures = ocrCaptures }
                        if let documentReview { configuration.documents.review.enabled = documentReview }
                        if let documentReviewFaceMargin { configuration.documents.review.faceMargin = documentReviewFaceMargin }
                        if let chipRequiredForPassports { configuration.documents.chipRequiredForPassports = chipRequiredForPassports }
                        if let mobileRequestsPerMinute { configuration.mobile.requestsPerMinute = mobileRequestsPerMinute }
                        if let mobileSessionMinutes { configuration.mobile.sessionMinutes = mobileSessionMinutes }
                        for (product, minutes) in productMinutes { configuration.mobile.productSessionMinutes[product] = minutes }
                        if let mobileMinimumAge { configuration.mobile.minimumAge = mobileMinimumAge }
                        if let mobileResultRetentionDays { configuration.mobile.resultRetentionDays = mobileResultRetentionDays }
                        if let webhooksAllowPrivateAddresses { configuration.webhooks.allowPrivateAddresses = webhooksAllowPrivateAddresses }
                        if let userTokenRequestsPerMinute { configuration.limits.userTokenRequestsPerMinute = userTokenRequestsPerMinute }
                        if let secretKeyRequestsPerMinute { configuration.limits.secretKeyRequestsPerMinute = secretKeyRequestsPerMinute }
                        if let retentionDocumentImagesDays { configuration.retention.documentImagesDays = retentionDocumentImagesDays }
                        if let retentionHeldImagesDays { configuration.retention.heldImagesDays = retentionHeldImagesDays }
                        if let evidenceDays { configuration.retention.documentEvidenceDays = evidenceDays }
                        if let auditDays { configuration.retention.auditDays = auditDays }
                        if let retentionWebhookLogDays { configuration.retention.webhookLogDays = retentionWebhookLogDays }
                        if let screeningLists {
                            configuration.screening.lists = screeningLists.lowercased() == "all" ? nil
                                : screeningLists.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                        }
                        if let monitoringDays { configuration.screening.monitoringDays = monitoringDays }
                    }
            } }
            print(try JSONOutput.render(updated))
        }

        /// A number of days, or `keep` (nil: kept without limit).
        static func daysOrKeep(_ text: String, option: String) throws -> Int? {
            if text.lowercased() == "keep" { return nil }
            guard let days = Int(text) else { throw ValidationError("\(option) takes a number of days or keep") }
            return days
        }
    }
}
