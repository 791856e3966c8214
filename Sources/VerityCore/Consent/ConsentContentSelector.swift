import Foundation

/// A consent text an administrator published for one locale and content type.
public struct ConsentTextChoice: Sendable, Equatable {
    public var locale: String
    public var contentType: String

    public init(locale: String, contentType: String) {
        self.locale = locale
        self.contentType = contentType
    }
}

/// Picks the consent text closest to what the user's app prefers.
///
/// Locale decides first (exact, then the same language, then the
/// environment's default locale, then anything), content type second.
public enum ConsentContentSelector {
    public static func select(from choices: [ConsentTextChoice], preferredLocale: String?,
                              preferredContentType: String?, defaultLocale: String) -> ConsentTextChoice? {
        let wantedLocale = preferredLocale.map(normalizeLocale) ?? normalizeLocale(defaultLocale)
        let wantedType = preferredContentType?.lowercased()
        let fallback = normalizeLocale(defaultLocale)
        func rank(_ choice: ConsentTextChoice) -> (Int, Int) {
            let locale = normalizeLocale(choice.locale)
            let localeRank: Int
            if locale == wantedLocale { localeRank = 0 }
            else if language(of: locale) == language(of: wantedLocale) { localeRank = 1 }
            else if locale == fallback { localeRank = 2 }
            else if language(of: locale) == language(of: fallback) { localeRank = 3 }
            else { localeRank = 4 }
            let typeRank = choice.contentType.lowercased() == wantedType ? 0 : 1
            return (localeRank, typeRank)
        }
        return choices.enumerated().min { lhs, rhs in
            let (l, r) = (rank(lhs.element), rank(rhs.element))
            return l != r ? l < r : lhs.offset < rhs.offset
        }?.element
    }

    /// "en_us" and "EN-US" are both "en-US".
    public static func normalizeLocale(_ locale: String) -> String {
        let parts = locale.replacingOccurrences(of: "_", with: "-").split(separator: "-")
        guard let first = parts.first else { return "" }
        var result = [first.lowercased()]
        for part in parts.dropFirst() {
            result.append(part.count == 2 ? part.uppercased() : String(part))
        }
        return result.joined(separator: "-")
    }

    static func language(of locale: String) -> Substring {
        locale.split(separator: "-").first ?? ""
    }

    /// A BCP-47-shaped tag: letters and digits in parts of 1–8, joined by '-'.
    public static func isValidLocale(_ locale: String) -> Bool {
        let parts = locale.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return locale.count <= 35 && parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// `type/subtype`, ASCII, no parameters.
    public static func isValidContentType(_ type: String) -> Bool {
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        let allowed: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return type.count <= 100 && parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(allowed) }
    }
}
