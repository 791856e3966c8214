import Foundation
import VerityAPI

/// What a case's evidence is drawn with: the page's language and words, and
/// the pieces every case page shares (sections, tables, the images, times,
/// figures). The console makes one per case page; a handler's evidence and
/// forms draw on it and on nothing of the console's.
package struct ReviewPage: Sendable {
    let language: String
    /// The console's words merged with every handler's (`ReviewCaseHandlers.words`).
    let words: [String: [String: String]]
    let caseID: UUID
    /// Whether the case has been decided (its images are then gone for good).
    let decided: Bool

    /// The words of `key` in the page's language (English when missing, the key itself when unknown).
    package func t(_ key: String) -> String { words[language]?[key] ?? words["en"]?[key] ?? key }

    /// The words of `key` as markup (escaped).
    package func text(_ key: String) -> HTML { .text(t(key)) }

    /// Why a case waits, in words; a failure code the engines wrote beside the doubt reads as its code.
    func why(_ code: String) -> String {
        let key = "why_\(code)", text = t(key)
        return text == key ? code : text
    }

    /// A section of the case page under its own heading.
    package func section(_ id: String, _ title: String, _ content: HTML) -> HTML {
        "<section class=\"case-section\" aria-labelledby=\"\(id)-heading\"><h2 id=\"\(id)-heading\">\(title)</h2>\(content)</section>"
    }

    /// A table of `rows` under `headers`, with its caption.
    package func table(_ caption: String?, _ headers: [String], _ rows: HTML) -> HTML {
        let captionMarkup: HTML = caption.map { "<caption>\($0)</caption>" } ?? .empty
        let headerCells = headers.map { header -> HTML in "<th scope=\"col\">\(header)</th>" }
        return "<div class=\"table-wrap\"><table>\(captionMarkup)<thead><tr>\(headerCells)</tr></thead><tbody>\(rows)</tbody></table></div>"
    }

    /// A `<dl>` of facts.
    package func facts(_ pairs: HTML) -> HTML { "<dl class=\"facts\">\(pairs)</dl>" }

    /// Codes as a list of `<code>`s, or "None".
    package func codes(_ values: [String]) -> HTML {
        values.isEmpty ? text("none") : values.map { value -> HTML in "<code>\(value)</code>" }.joined(separator: ", ")
    }

    /// The case's images while its subject keeps them, each fetched by the
    /// page (`ConsoleCaseRoute.image`); said plainly once they are gone.
    package func images(_ sides: [ReviewImageSide]) -> HTML {
        let figures = sides.map { side -> HTML in
            // A document check's `face` and a session's `selfie` are both the user's selfie.
            let label = t(side == .selfie ? "image_face" : "image_\(side.rawValue)")
            let source = ConsoleCaseRoute.image(id: caseID.uuidString, side: side.rawValue).path
            return "<figure><img src=\"\(source)\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
        }
        // Undecided and without images: the environment's retention erased them while the case waited.
        let gone = text(decided ? "images_gone" : "images_expired")
        return section("images", t("images_title"), figures.isEmpty ? "<p>\(gone)</p>" : "<div class=\"images\">\(figures)</div>")
    }

    /// A time: left to right even in an Arabic page (a date and an hour would otherwise swap places).
    package static func time(_ epochMilliseconds: Int64) -> HTML { "<bdi dir=\"ltr\">\(utc(epochMilliseconds))</bdi>" }

    /// A time as people read it, in UTC (the console says so).
    package static func utc(_ epochMilliseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: Double(epochMilliseconds) / 1000))
    }

    /// A measure as people read it: three decimals at most.
    package static func figure(_ value: Double) -> String {
        String(format: "%.3f", value).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    package init(language: String, words: [String: [String: String]], caseID: UUID, decided: Bool) {
        self.language = language
        self.words = words
        self.caseID = caseID
        self.decided = decided
    }
}
