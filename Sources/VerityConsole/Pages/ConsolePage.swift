import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages

/// The console's HTML: one layout (a header with who is signed in, the
/// language switcher and sign-out; a main region), plain forms that post to
/// the server, one style sheet, no script. Every value from the database or
/// a form is escaped
/// by `HTML` as it goes in; markup comes in only as `HTML`.
struct ConsolePage {
    let language: String
    /// The console's words with every kind of case's (`ReviewCaseHandlers.words`).
    var words: [String: [String: String]] = ConsoleStrings.tables

    func t(_ key: String) -> String { words[language]?[key] ?? words["en"]?[key] ?? key }

    /// What the header shows of a signed-in operator.
    struct Operator {
        let email: String
        let tenant: String
        let role: OperatorRole
        let csrfToken: String
        /// Until when sensitive changes need no new proof (`OperatorAccounts.confirmationMilliseconds`); nil: they need one.
        var confirmedUntil: Int64? = nil
    }

    /// The page around `main`. The language switcher links to this page
    /// (`path` with `keeping`, e.g. a filter) in each other language.
    func layout(title: String, signedIn: Operator?, path: String, keeping: [URLQueryItem] = [], _ main: HTML) -> HTML {
        let direction = ConsoleStrings.rightToLeft.contains(language) ? "rtl" : "ltr"
        let switcher = ConsoleStrings.languages.map { code -> HTML in
            code == language
                ? "<li><span aria-current=\"true\" lang=\"\(code)\">\(ConsoleStrings.names[code] ?? code)</span></li>"
                : "<li><a href=\"\(Self.address(path, [URLQueryItem(name: "lang", value: code)] + keeping))\" lang=\"\(code)\" hreflang=\"\(code)\">\(ConsoleStrings.names[code] ?? code)</a></li>"
        }.joined()
        var account = HTML.empty, navigation = HTML.empty
        if let signedIn {
            // The overview first (a sign-in lands there), the operator's own page last.
            let sections = [(ConsoleRoute.overview, "nav_overview"), (ConsoleRoute.queue, "nav_queue"), (ConsoleRoute.users, "nav_users"),
                            (ConsoleRoute.audit, "nav_audit")] + (signedIn.role.includes(.admin) ? [(ConsoleRoute.settings, "nav_settings")] : [])
                + [(ConsoleRoute.home, "nav_home")]
            let links = sections.map { route, key -> HTML in
                // The settings' own pages (keys, operators) are Settings too.
                route.path == path || (route == .settings && path.hasPrefix(route.path + "/"))
                    ? "<li><a href=\"\(route.path)?lang=\(language)\" aria-current=\"page\">\(t(key))</a></li>"
                    : "<li><a href=\"\(route.path)?lang=\(language)\">\(t(key))</a></li>"
            }.joined()
            navigation = "<nav class=\"sections\" aria-label=\"\(t("nav"))\"><ul>\(links)</ul></nav>"
            account = """
                <div class="account">
                <p><span class="muted">\(t("signed_in_as"))</span> <strong>\(signedIn.email)</strong></p>
                <form method="post" action="\(ConsoleRoute.signOut.path)?lang=\(language)">
                <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
                <button type="submit" name="scope" value="this">\(t("sign_out"))</button>
                </form>
                </div>
                """
        }
        return """
            <!doctype html>
            <html lang="\(language)" dir="\(direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · \(t("product"))</title>
            <link rel="stylesheet" href="/assets/console.css">
            </head>
            <body>
            <a class="skip" href="#main">\(t("skip"))</a>
            <header class="bar">
            <p class="brand">\(t("product"))</p>
            \(navigation)
            <nav class="language" aria-label="\(t("language"))"><ul class="languages">\(switcher)</ul></nav>
            \(account)
            </header>
            <main id="main" tabindex="-1">
            \(main)
            </main>
            </body>
            </html>
            """
    }

    /// The sign-in form; `problem` (already worded) is announced above it, and
    /// the address typed is kept (never the password or code).
    func signIn(csrfToken: String, email: String, problem: String?, notice: String?) -> HTML {
        let alert = problem != nil ? problemBox(problem) : noticeLine(notice)
        return layout(title: t("sign_in_title"), signedIn: nil, path: ConsoleRoute.signIn.path, """
            <section class="card narrow" aria-labelledby="title">
            <h1 id="title">\(t("sign_in_title"))</h1>
            <p class="lede">\(t("sign_in_lede"))</p>
            \(alert)
            <form method="post" action="\(ConsoleRoute.signIn.path)?lang=\(language)" class="stack">
            <input type="hidden" name="csrf" value="\(csrfToken)">
            <label for="email">\(t("email"))</label>
            <input id="email" name="email" type="text" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="254" value="\(email)"\(email.isEmpty ? " autofocus" : "")>
            <label for="password">\(t("password"))</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"\(email.isEmpty ? "" : " autofocus")>
            <label for="code">\(t("code"))</label>
            <input id="code" name="code" type="text" inputmode="numeric" autocomplete="off" pattern="[0-9 ]*" maxlength="10" aria-describedby="code-help">
            <p id="code-help" class="help">\(t("code_help"))</p>
            <button type="submit" class="primary">\(t("sign_in"))</button>
            </form>
            </section>
            """)
    }

    /// `path` with `items` (empty values left out), percent-encoded.
    static func address(_ path: String, _ items: [URLQueryItem]) -> String {
        var components = URLComponents()
        components.path = path
        let kept = items.filter { !($0.value ?? "").isEmpty }
        components.queryItems = kept.isEmpty ? nil : kept
        return components.string ?? path
    }

    /// A table of `rows` (markup, built by the caller with its values escaped)
    /// under `headers` (plain text), with its caption when it has one.
    func table(_ caption: String?, _ headers: [String], _ rows: HTML) -> HTML {
        let captionLine: HTML = caption.map { "<caption>\($0)</caption>" } ?? .empty
        let headings = headers.map { header -> HTML in "<th scope=\"col\">\(header)</th>" }
        return """
        <div class="table-wrap"><table>\(captionLine)\
        <thead><tr>\(headings)</tr></thead><tbody>\(rows)</tbody></table></div>
        """
    }

    /// The environment tabs of a page (`route`: the overview, a settings page), keeping the language.
    func environmentTabs(_ route: ConsoleRoute, _ current: EnvironmentKind) -> HTML {
        let items = EnvironmentKind.allCases.map { other -> HTML in
            let here: HTML = other == current ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(route.path)?lang=\(language)&amp;environment=\(other.rawValue)\"\(here)>\(t("env_\(other.rawValue)"))</a></li>"
        }.joined()
        return "<nav aria-label=\"\(t("case_environment"))\"><ul class=\"tabs\">\(items)</ul></nav>"
    }

    /// A notice after a change, announced when the page loads; nothing without one.
    func noticeLine(_ text: String?) -> HTML {
        text.map { "<p class=\"notice\" role=\"status\">\($0)</p>" } ?? .empty
    }

    /// A problem above a form, announced when the page loads.
    func problemBox(_ text: String?) -> HTML {
        guard let text else { return .empty }
        return """
            <div class="problem" role="alert" aria-labelledby="problem-title">
            <h2 id="problem-title">\(t("error_title"))</h2>
            <p>\(text)</p>
            </div>
            """
    }

    /// A time as markup: left to right even in an Arabic page (a date and
    /// an hour would otherwise swap places).
    static func time(_ epochMilliseconds: Int64) -> HTML { ReviewPage.time(epochMilliseconds) }

    /// A time as people read it, in UTC (the console says so).
    static func utc(_ epochMilliseconds: Int64) -> String { ReviewPage.utc(epochMilliseconds) }
}
