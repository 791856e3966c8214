import VerityKernel
import VerityPages
extension CapturePage {
    /// The page for a link that cannot be used: why, and what to do. No script:
    /// the switcher reloads (an unusable link counts no openings).
    static func unusable(language: String, reasonKey: String) -> HTML {
        let t = { (key: String) in CaptureStrings.text(key, language) }
        let switcher = CaptureStrings.languages.map { code -> HTML in
            let current: HTML = code == language ? " aria-current=\"true\"" : .empty
            return "<a href=\"?lang=\(code)\" lang=\"\(code)\" hreflang=\"\(code)\"\(current)>\(CaptureStrings.names[code] ?? code)</a>"
        }.joined(separator: " ")
        return """
            \(documentStart(language: language, titleKey: "unusable_title", scripts: []))
            <header class="bar"><span class="brand">Verity</span>
            <nav class="languages" aria-label="\(t("language"))">\(switcher)</nav></header>
            <main id="main">
            <section id="step-unusable" aria-labelledby="unusable-title">
              <h1 id="unusable-title">\(t("unusable_title"))</h1>
              <p id="unusable-reason">\(t(reasonKey))</p>
              <p>\(t("unusable_help"))</p>
            </section>
            </main>
            </body>
            </html>
            """
    }
}
