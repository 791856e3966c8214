import Vapor

/// Which of a page's languages a request asks for: `?lang=` first, then
/// `Accept-Language` by its q-values, English otherwise.
package enum PageLanguage {
    package static func of(_ request: Request, among languages: [String]) -> String {
        if let asked = request.query[String.self, at: "lang"], languages.contains(asked) { return asked }
        return from(acceptLanguage: request.headers.first(name: .acceptLanguage), among: languages)
    }

    package static func from(acceptLanguage header: String?, among languages: [String]) -> String {
        guard let header else { return "en" }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased(), !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (String(tag.split(separator: "-").first ?? ""), quality, index)
        }
        return ranked.filter { languages.contains($0.0) && $0.1 > 0 }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.first?.0 ?? "en"
    }
}
