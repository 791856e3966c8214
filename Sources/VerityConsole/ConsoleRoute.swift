/// The operator console's pages and forms (`/console`): a browser's, signed in by cookie.
/// Not the API's: no SDK calls them, so they live with the console (the CLI's
/// demo reviewer and the console benchmark sign in through them as a browser does).
package enum ConsoleRoute: String, CaseIterable, Sendable {
    case home = ""
    case signIn = "sign-in"
    case signOut = "sign-out"
    /// GET `?next=`, POST: the operator gives their password (and code) again
    /// before sensitive changes; then back to `next`, a console page.
    case confirm
    /// POST: the operator forgets one of their known browsers.
    case deviceRevoke = "devices/revoke"
    case audit
    case queue
    /// GET `?environment=test|live`: figures and charts of the last 14 days.
    case overview
    /// GET `?ref=`: a user found by the tenant's reference.
    case users
    /// POST: a reviewer's action on a user (reset, required method, unlock, uncertify).
    case userActions = "users/actions"
    /// GET `?environment=test|live`: an environment's rules and consent texts (admins change them).
    case settings
    /// POST: an admin saves an environment's rules.
    case settingsRules = "settings/rules"
    /// POST: an admin adds a consent text.
    case settingsConsent = "settings/consent"
    /// GET `?environment=test|live`: an environment's secret and client keys.
    case settingsKeys = "settings/keys"
    /// POST: an admin makes a key (shown once in the answer).
    case settingsKeyCreate = "settings/keys/create"
    /// POST: an admin revokes a key by id.
    case settingsKeyRevoke = "settings/keys/revoke"
    /// GET: the tenant's operators.
    case settingsOperators = "settings/operators"
    /// POST: an admin makes an operator (the password shown once in the answer).
    case settingsOperatorCreate = "settings/operators/create"
    /// POST: an admin disables, enables or resets an operator's password.
    case settingsOperatorAction = "settings/operators/action"
    /// GET: the tenant's chip trust (CSCAs, link certificates, CRLs) for passports' chips.
    case settingsChipTrust = "settings/chip-trust"
    /// POST (multipart): an admin imports a master list, a CSCA or a CRL.
    case settingsChipTrustImport = "settings/chip-trust/import"
    /// GET: the sanctions lists screened, with their versions, and the tenant's watchlists.
    case settingsSanctions = "settings/sanctions"
    /// POST (multipart): an admin imports a watchlist (a new version when it exists).
    case settingsSanctionsImport = "settings/sanctions/import"
    /// POST: an admin removes a watchlist with its versions.
    case settingsSanctionsRemove = "settings/sanctions/remove"

    package var components: [String] { ["console"] + rawValue.split(separator: "/").map(String.init) }
    package var path: String { "/" + components.joined(separator: "/") }
}
