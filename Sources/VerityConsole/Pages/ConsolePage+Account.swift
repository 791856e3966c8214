import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityOperators
import VerityPages

extension ConsolePage {
    /// The console's first page, the operator's own: who is signed in, for
    /// which tenant, with what role; the browsers known as theirs (this one
    /// marked), each of which they can forget; and signing out everywhere.
    func home(_ signedIn: Operator, lastSignInAt: Int64?, devices: [OperatorDevice], thisDevice: String?, problem: String? = nil,
              notice: String? = nil) -> HTML {
        let previous = lastSignInAt.map { Self.time($0) } ?? "—"
        let rows = devices.map { device -> HTML in
            let id = device.id.uuidString
            let name = device.label.isEmpty ? t("device_unnamed") : device.label
            let isThis = device.tokenHash == thisDevice
            return """
                <tr><td>\(name)\(isThis ? " <span class=\"muted\">(\(t("device_this")))</span>" : HTML.empty)</td>\
                <td class="time">\(Self.time(device.createdAt))</td><td class="time">\(Self.time(device.lastUsedAt))</td>\
                <td class="time">\(Self.time(device.expiresAt))</td><td>\
                <form method="post" action="\(ConsoleRoute.deviceRevoke.path)?lang=\(language)" class="inline-form" aria-label="\(t("device_revoke")) \(name)">\
                <input type="hidden" name="csrf" value="\(signedIn.csrfToken)"><input type="hidden" name="device" value="\(id)">\
                <button type="submit" class="danger">\(t("device_revoke"))</button></form></td></tr>
                """
        }.joined()
        let deviceList: HTML = devices.isEmpty
            ? "<p>\(t("devices_none"))</p>"
            : table(t("devices_caption"), [t("device_browser"), t("device_first"), t("device_last"), t("device_until"), t("keys_action")], rows)
        return layout(title: t("product"), signedIn: signedIn, path: ConsoleRoute.home.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("product"))</h1>
            \(noticeLine(notice))
            \(problemBox(problem))
            <dl class="facts">
            <dt>\(t("signed_in_as"))</dt><dd>\(signedIn.email)</dd>
            <dt>\(t("tenant"))</dt><dd>\(signedIn.tenant)</dd>
            <dt>\(t("role"))</dt><dd>\(t("role_\(signedIn.role.rawValue)"))</dd>
            <dt>\(t("last_sign_in"))</dt><dd>\(previous)</dd>
            </dl>
            </section>
            <section class="card" aria-labelledby="devices-title">
            <h2 id="devices-title">\(t("devices_title"))</h2>
            <p class="lede">\(t("devices_lede"))</p>
            \(deviceList)
            <form method="post" action="\(ConsoleRoute.signOut.path)?lang=\(language)">
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <button type="submit" name="scope" value="everywhere">\(t("sign_out_everywhere"))</button>
            </form>
            </section>
            """)
    }

    /// Above every form that changes keys, operators or settings: whether the
    /// operator's proof is recent enough, and until when; else a link to give it.
    func confirmation(_ signedIn: Operator, returningTo path: String) -> HTML {
        if let until = signedIn.confirmedUntil {
            return "<p class=\"notice\">\(HTML.filling(t("confirmed_until"), Self.time(until)))</p>"
        }
        let link = Self.address(ConsoleRoute.confirm.path, [URLQueryItem(name: "lang", value: language), URLQueryItem(name: "next", value: path)])
        return "<p class=\"notice\">\(t("confirm_needed")) <a href=\"\(link)\">\(t("confirm_link"))</a></p>"
    }

    /// The operator's password, and code, again: sensitive changes ask for it every few minutes.
    func confirm(_ signedIn: Operator, next: String, csrfToken: String, problem: String?) -> HTML {
        layout(title: t("confirm_title"), signedIn: signedIn, path: ConsoleRoute.confirm.path, """
            <section class="card narrow" aria-labelledby="title">
            <h1 id="title">\(t("confirm_title"))</h1>
            <p class="lede">\(t("confirm_lede"))</p>
            \(problemBox(problem))
            <form method="post" action="\(ConsoleRoute.confirm.path)?lang=\(language)" class="stack">
            <input type="hidden" name="csrf" value="\(csrfToken)">
            <input type="hidden" name="next" value="\(next)">
            <input type="text" name="username" autocomplete="username" value="\(signedIn.email)" hidden>
            <label for="password">\(t("password"))</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200" autofocus>
            <label for="code">\(t("code"))</label>
            <input id="code" name="code" type="text" inputmode="numeric" autocomplete="off" pattern="[0-9 ]*" maxlength="10" aria-describedby="code-help">
            <p id="code-help" class="help">\(t("code_help"))</p>
            <button type="submit" class="primary">\(t("confirm_button"))</button>
            </form>
            </section>
            """)
    }
}
