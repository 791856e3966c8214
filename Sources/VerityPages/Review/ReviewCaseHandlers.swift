import VerityCore

/// The handlers the features registered, by kind: what the console asks
/// about a case. Built once at start-up; a kind no handler claims is a case
/// the console cannot show (as if it were not there).
package struct ReviewCaseHandlers: Sendable {
    private let byKind: [ReviewCaseKind: any ReviewCaseHandler]
    /// Every kind, in the order the features registered them (the queue's counts).
    package let kinds: [ReviewCaseKind]
    /// `general` (the console's own words) with every handler's added.
    package let words: [String: [String: String]]

    package init(_ handlers: [any ReviewCaseHandler], general: [String: [String: String]]) {
        var byKind: [ReviewCaseKind: any ReviewCaseHandler] = [:]
        var kinds: [ReviewCaseKind] = []
        for handler in handlers {
            for kind in handler.kinds {
                precondition(byKind[kind] == nil, "two handlers claim review cases of kind \(kind)")
                byKind[kind] = handler
                kinds.append(kind)
            }
        }
        self.byKind = byKind
        self.kinds = kinds
        var words = general
        for handler in handlers {
            for (language, table) in handler.words {
                words[language, default: [:]].merge(table) { general, _ in general }
            }
        }
        self.words = words
    }

    package func handler(for kind: ReviewCaseKind) -> (any ReviewCaseHandler)? { byKind[kind] }
}
