import Foundation
import VerityAPI
import VerityCore
import VerityStore

extension SanctionsRepository.Status {
    /// The list as the admin API and the CLI show it.
    package var view: SanctionsListView {
        SanctionsListView(list: list, title: SanctionsListID.title(list), tenantOwned: tenantID != nil, source: source, entries: entries,
                          published: published, sha256: sha256, importedAt: Date(timeIntervalSince1970: Double(importedAt) / 1000).ISO8601Format())
    }
}

extension SanctionsEntryReference {
    /// An entry an import added, removed or changed, by its reference as its list writes it.
    package init(_ entry: SanctionsEntry) { self.init(reference: entry.listReference, name: entry.name) }
}
