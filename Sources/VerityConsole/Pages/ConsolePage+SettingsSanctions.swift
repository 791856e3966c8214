import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages
import VerityStore

extension ConsolePage {
    /// The sanctions lists: what an import or removal did on top, the lists
    /// with their current versions, each list's recent versions, then the
    /// forms to import and remove the tenant's watchlists.
    func settingsSanctions(_ signedIn: Operator, view: ConsoleSanctionsLists.View, imported: WatchlistImportResult?, removed: String?,
                           problem: String?) -> HTML {
        let rows = view.lists.map { list -> HTML in
            """
            <tr><th scope="row"><bdi>\(SanctionsListID.title(list.list))</bdi></th><td>\(t(list.tenantID != nil ? "sl_yours" : "sl_public"))</td>\
            <td>\(list.entries)</td><td>\(list.published ?? "—")</td><td><code>\(list.sha256.map { String($0.prefix(12)) } ?? "—")</code></td>\
            <td class="time">\(Self.time(list.importedAt))</td></tr>
            """
        }.joined()
        let lists: HTML = view.lists.isEmpty ? "<p>\(t("sl_none"))</p>"
            : table(t("sl_lists_caption"), [t("col_list"), t("col_owner"), t("col_entries"), t("col_published"), t("col_file_hash"), t("col_imported")], rows)
        let versions = view.lists.map { list -> HTML in
            let title = SanctionsListID.title(list.list)
            let rows = (view.versions[list.list] ?? []).map { shown -> HTML in
                let version = shown.record
                let changes: HTML = shown.first ? "<td colspan=\"3\">\(t("sl_first_version"))</td>"
                    : "<td>\(version.added)</td><td>\(version.removed)</td><td>\(version.changed)</td>"
                return """
                    <tr><td class="time">\(Self.time(version.importedAt))</td><td>\(version.published ?? "—")</td><td>\(version.entries)</td>\
                    \(changes)<td><code>\(String(version.sha256.prefix(12)))</code></td></tr>
                    """
            }.joined()
            return section("versions-\(list.list.replacingOccurrences(of: ":", with: "-"))", t("sl_versions").replacingOccurrences(of: "%1", with: title),
                           table(t("sl_versions_caption").replacingOccurrences(of: "%1", with: title),
                                 [t("col_imported"), t("col_published"), t("col_entries"), t("col_added"), t("col_removed"), t("col_changed"),
                                  t("col_file_hash")], rows))
        }.joined()
        let notice: HTML = removed.map { "<p class=\"notice\" role=\"status\">\(HTML.filling(t("sl_removed"), .text(SanctionsListID.title($0))))</p>" }
            ?? .empty
        return layout(title: t("sl_title"), signedIn: signedIn, path: ConsoleRoute.settingsSanctions.path, """
            <section class="card" aria-labelledby="title">
            <h1 id="title">\(t("sl_title"))</h1>
            <p class="lede">\(t("sl_lede"))</p>
            \(settingsTabs(.settingsSanctions, environment: nil))
            \(confirmation(signedIn, returningTo: ConsoleRoute.settingsSanctions.path))
            \(problemBox(problem))
            \(imported.map(watchlistImported) ?? .empty)
            \(notice)
            <h2>\(t("sl_lists"))</h2>
            \(lists)
            \(versions)
            \(watchlistForm(signedIn))
            \(removeForm(signedIn, watchlists: view.lists.filter { $0.tenantID != nil }.map(\.list)))
            </section>
            """)
    }

    /// What an import did, announced when the page loads, with each entry it added, removed or changed.
    private func watchlistImported(_ imported: WatchlistImportResult) -> HTML {
        let title = HTML.text(SanctionsListID.title(imported.list))
        if imported.unchanged { return "<p class=\"notice\" role=\"status\">\(HTML.filling(t("sl_unchanged"), title))</p>" }
        let summary = imported.first ? HTML.filling(t("sl_imported_first"), title, "\(imported.entries)")
            : HTML.filling(t("sl_imported"), title, "\(imported.entries)", "\(imported.added.count)", "\(imported.removed.count)",
                           "\(imported.changed.count)")
        let changes = [("sl_change_added", imported.added), ("sl_change_removed", imported.removed), ("sl_change_changed", imported.changed)]
        let rows = changes.flatMap { key, entries in
            entries.map { entry -> HTML in "<tr><td>\(t(key))</td><td><bdi>\(entry.reference)</bdi></td><td><bdi>\(entry.name)</bdi></td></tr>" }
        }.joined()
        let table: HTML = rows.isEmpty ? .empty : table(t("sl_changes_caption"), [t("col_change"), t("col_reference"), t("col_name")], rows)
        return "<div class=\"notice\" role=\"status\"><p>\(summary)</p></div>\(table)"
    }

    private func watchlistForm(_ signedIn: Operator) -> HTML {
        """
        <form method="post" action="\(ConsoleRoute.settingsSanctionsImport.path)?lang=\(language)" enctype="multipart/form-data" class="settings" aria-labelledby="watchlist-import">
        <h2 id="watchlist-import">\(t("sl_import"))</h2>
        <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
        <label for="watchlist-name">\(t("sl_name"))</label>
        <input id="watchlist-name" name="name" type="text" maxlength="40" pattern="[A-Za-z0-9_\\-]{1,40}" required aria-describedby="watchlist-name-help" dir="ltr">
        <p id="watchlist-name-help" class="help">\(t("sl_name_help"))</p>
        <label for="watchlist-file">\(t("sl_file"))</label>
        <input id="watchlist-file" name="file" type="file" accept=".csv,.json,text/csv,application/json" required aria-describedby="watchlist-file-help">
        <p id="watchlist-file-help" class="help">\(t("sl_file_help"))</p>
        <label for="watchlist-reason">\(t("set_reason"))</label>
        <textarea id="watchlist-reason" name="reason" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required></textarea>
        <button type="submit" class="primary">\(t("sl_import_button"))</button>
        </form>
        """
    }

    private func removeForm(_ signedIn: Operator, watchlists: [String]) -> HTML {
        guard !watchlists.isEmpty else { return .empty }
        let options = watchlists.map { list -> HTML in
            "<option value=\"\(String(list.dropFirst(SanctionsListID.watchlistPrefix.count)))\">\(SanctionsListID.title(list))</option>"
        }.joined()
        return """
            <form method="post" action="\(ConsoleRoute.settingsSanctionsRemove.path)?lang=\(language)" class="settings" aria-labelledby="watchlist-remove">
            <h2 id="watchlist-remove">\(t("sl_remove"))</h2>
            <input type="hidden" name="csrf" value="\(signedIn.csrfToken)">
            <label for="remove-name">\(t("sl_remove_which"))</label>
            <select id="remove-name" name="name" required>\(options)</select>
            <label for="remove-reason">\(t("set_reason"))</label>
            <textarea id="remove-reason" name="reason" maxlength="\(ConsoleEnvironmentSettings.reasonLength)" required></textarea>
            <button type="submit" class="danger">\(t("sl_remove_button"))</button>
            </form>
            """
    }
}
