import Foundation
import VerityAPI
import VerityCore

/// The console's HTML: one layout (a header with who is signed in, the
/// language switcher and sign-out; a main region), plain forms that post to
/// the server, one style sheet, no script. Every value from the database or
/// a form is escaped here.
struct ConsolePage {
    let language: String

    func t(_ key: String) -> String { ConsoleStrings.text(key, language) }
    static func escape(_ text: String) -> String { CapturePage.escape(text) }

    /// What the header shows of a signed-in operator.
    struct Operator {
        let email: String
        let tenant: String
        let role: OperatorRole
        let csrfToken: String
    }

    func layout(title: String, signedIn: Operator?, path: String, _ main: String) -> String {
        let direction = ConsoleStrings.rightToLeft.contains(language) ? "rtl" : "ltr"
        let switcher = ConsoleStrings.languages.map { code in
            code == language
                ? "<li><span aria-current=\"true\" lang=\"\(code)\">\(Self.escape(ConsoleStrings.names[code] ?? code))</span></li>"
                : "<li><a href=\"\(Self.escape(path))?lang=\(code)\" lang=\"\(code)\" hreflang=\"\(code)\">\(Self.escape(ConsoleStrings.names[code] ?? code))</a></li>"
        }.joined()
        var account = ""
        if let signedIn {
            account = """
                <div class="account">
                <p><span class="muted">\(t("signed_in_as"))</span> <strong>\(Self.escape(signedIn.email))</strong></p>
                <form method="post" action="\(ConsoleRoute.signOut.path)?lang=\(language)">
                <input type="hidden" name="csrf" value="\(Self.escape(signedIn.csrfToken))">
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
            <title>\(Self.escape(title)) · \(t("product"))</title>
            <link rel="stylesheet" href="/assets/console.css">
            </head>
            <body>
            <a class="skip" href="#main">\(t("skip"))</a>
            <header class="bar">
            <p class="brand">\(t("product"))</p>
            <nav aria-label="\(t("language"))"><ul class="languages">\(switcher)</ul></nav>
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
    func signIn(csrfToken: String, email: String, problem: String?, notice: String?) -> String {
        var alert = ""
        if let problem {
            alert = """
                <div class="problem" role="alert" aria-labelledby="problem-title">
                <h2 id="problem-title">\(t("error_title"))</h2>
                <p>\(Self.escape(problem))</p>
                </div>
                """
        } else if let notice {
            alert = "<p class=\"notice\" role=\"status\">\(Self.escape(notice))</p>"
        }
        return layout(title: t("sign_in_title"), signedIn: nil, path: ConsoleRoute.signIn.path, """
            <section class="card narrow" aria-labelledby="title">
            <h1 id="title">\(t("sign_in_title"))</h1>
            <p class="lede">\(t("sign_in_lede"))</p>
            \(alert)
            <form method="post" action="\(ConsoleRoute.signIn.path)?lang=\(language)" class="stack">
            <input type="hidden" name="csrf" value="\(Self.escape(csrfToken))">
            <label for="email">\(t("email"))</label>
            <input id="email" name="email" type="text" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="254" value="\(Self.escape(email))"\(email.isEmpty ? " autofocus" : "")>
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

    /// The console's first page: who is signed in, for which tenant, with what role.
    func home(_ signedIn: Operator, lastSignInAt: Int64?) -> String {
        let previous = lastSignInAt.map { Self.utc($0) } ?? "—"
        return layout(title: t("product"), signedIn: signedIn, path: ConsoleRoute.home.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("product"))</h1>
            <dl class="facts">
            <dt>\(t("signed_in_as"))</dt><dd>\(Self.escape(signedIn.email))</dd>
            <dt>\(t("tenant"))</dt><dd>\(Self.escape(signedIn.tenant))</dd>
            <dt>\(t("role"))</dt><dd>\(t("role_\(signedIn.role.rawValue)"))</dd>
            <dt>\(t("last_sign_in"))</dt><dd>\(Self.escape(previous))</dd>
            </dl>
            <form method="post" action="\(ConsoleRoute.signOut.path)?lang=\(language)">
            <input type="hidden" name="csrf" value="\(Self.escape(signedIn.csrfToken))">
            <button type="submit" name="scope" value="everywhere">\(t("sign_out_everywhere"))</button>
            </form>
            </section>
            """)
    }

    /// A time as people read it, in UTC (the console says so).
    static func utc(_ epochMilliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
    }
}
