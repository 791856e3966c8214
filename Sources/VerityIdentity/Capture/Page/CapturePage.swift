import Foundation
import VerityCore
import VerityKernel
import VerityPages

/// The capture page's HTML: every step is in the document, hidden until the
/// script shows it, so the page reads the same to a screen reader as it looks.
/// Text carries its key (`data-i18n`) for the language switcher.
struct CapturePage {
    struct Country: Encodable {
        let code: String
        let names: [String: String]
    }

    /// What the script needs, as a JSON island (never executed, so the CSP holds).
    struct Configuration: Encodable {
        let status: String
        let flow: String
        let documentTypes: [String]
        let countries: [Country]
        let faceRequired: Bool
        let submissionsLeft: Int
        let language: String
        let rightToLeft: [String]
        let strings: [String: [String: String]]
    }

    let language: String
    let configuration: Configuration
    /// The link's QR code as SVG, for a desktop to hand over to a phone.
    let qrSVG: HTML

    func html() -> HTML {
        """
            \(Self.documentStart(language: language, titleKey: "title", scripts: ["capture-quality.js", "capture-crop.js", "capture.js"]))
            <a class="skip" href="#main" data-i18n="skip">\(t("skip"))</a>
            <header class="bar">
              <span class="brand">Verity</span>
              <div class="languages" role="group" aria-label="\(t("language"))" data-i18n-label="language">
            \(CaptureStrings.languages.map { code -> HTML in
                "    <button type=\"button\" class=\"link\" lang=\"\(code)\" data-language=\"\(code)\" aria-pressed=\"\(code == language ? "true" : "false")\">\(CaptureStrings.names[code] ?? code)</button>"
            }.joined(separator: "\n"))
              </div>
            </header>
            <main id="main" tabindex="-1">
            <noscript><p class="notice" data-i18n="noscript">\(t("noscript"))</p></noscript>

            <section id="step-handoff" hidden aria-labelledby="handoff-title">
              <h1 id="handoff-title" tabindex="-1" data-i18n="handoff_title">\(t("handoff_title"))</h1>
              <p data-i18n="handoff_help">\(t("handoff_help"))</p>
              <figure class="qr" aria-label="\(t("qr_label"))" data-i18n-label="qr_label">\(qrSVG)</figure>
              <p id="handoff-progress" class="muted" data-i18n="waiting_phone">\(t("waiting_phone"))</p>
              <button type="button" id="continue-here" class="secondary" data-i18n="continue_here">\(t("continue_here"))</button>
            </section>

            <section id="step-document" hidden aria-labelledby="document-title">
              <h1 id="document-title" tabindex="-1" data-i18n="document_title">\(t("document_title"))</h1>
              <p data-i18n="document_help">\(t("document_help"))</p>
              <form id="document-form" novalidate>
                <fieldset>
                  <legend data-i18n="document_type">\(t("document_type"))</legend>
            \(configuration.documentTypes.enumerated().map { index, type -> HTML in
                """
                      <label class="choice"><input type="radio" name="documentType" value="\(type)"\(index == 0 ? " checked" : "")> \
                <span data-i18n="type_\(type)">\(t("type_\(type)"))</span></label>
                """
            }.joined(separator: "\n"))
                </fieldset>
                <label for="country" data-i18n="country">\(t("country"))</label>
                <select id="country" name="country">
            \(configuration.countries.map { country -> HTML in
                "        <option value=\"\(country.code)\">\(country.names[language] ?? country.code)</option>"
            }.joined(separator: "\n"))
                </select>
                <button type="submit" class="primary" data-i18n="continue">\(t("continue"))</button>
              </form>
            </section>

            \(captureStep("front", title: "front_title", help: "capture_help", facing: "environment"))
            \(captureStep("back", title: "back_title", help: "capture_help", facing: "environment"))
            \(captureStep("selfie", title: "selfie_title", help: "selfie_help", facing: "user"))

            <section id="step-sending" hidden aria-labelledby="sending-title" aria-busy="true">
              <h1 id="sending-title" tabindex="-1" data-i18n="sending_title">\(t("sending_title"))</h1>
              <div class="spinner" aria-hidden="true"></div>
              <p data-i18n="sending_help">\(t("sending_help"))</p>
            </section>

            <section id="step-result" hidden aria-labelledby="result-title">
              <h1 id="result-title" tabindex="-1"></h1>
              <p id="result-help"></p>
              <ul id="result-reasons"></ul>
              <p id="result-attempts" class="muted"></p>
              <button type="button" id="try-again" class="primary" hidden data-i18n="try_again">\(t("try_again"))</button>
            </section>

            <section id="step-unusable" hidden aria-labelledby="unusable-title">
              <h1 id="unusable-title" tabindex="-1" data-i18n="unusable_title">\(t("unusable_title"))</h1>
              <p id="unusable-reason"></p>
              <p data-i18n="unusable_help">\(t("unusable_help"))</p>
            </section>
            </main>
            <script type="application/json" id="capture-config">\(HTML.jsonIsland(configuration))</script>
            </body>
            </html>
            """
    }

    /// One photo step: camera or upload, then the picture with its check and
    /// the choice to use it or take another.
    private func captureStep(_ side: String, title: String, help: String, facing: String) -> HTML {
        """
        <section id="step-\(side)" class="capture" hidden aria-labelledby="\(side)-title" data-side="\(side)" data-facing="\(facing)">
          <h1 id="\(side)-title" tabindex="-1" data-i18n="\(title)">\(t(title))</h1>
          <p data-i18n="\(help)">\(t(help))</p>
          <div class="viewer">
            <video class="camera" playsinline muted hidden aria-label="\(t("camera_preview"))" data-i18n-label="camera_preview"></video>
            <img class="preview" hidden alt="\(t("preview_label"))" data-i18n-alt="preview_label">
          </div>
          <p class="check" role="status" aria-live="polite"></p>
          <div class="actions choose">
            <button type="button" class="primary start-camera" data-i18n="start_camera">\(t("start_camera"))</button>
            <button type="button" class="primary take-photo" hidden data-i18n="take_photo">\(t("take_photo"))</button>
            <label class="button secondary upload"><span data-i18n="upload">\(t("upload"))</span>
              <input type="file" class="visually-hidden file" accept="image/jpeg,image/png"></label>
          </div>
          <div class="actions review" hidden>
            <button type="button" class="primary use-photo" data-i18n="use_photo">\(t("use_photo"))</button>
            <button type="button" class="secondary retake" data-i18n="retake">\(t("retake"))</button>
          </div>
        </section>
        """
    }

    private func t(_ key: String) -> String { CaptureStrings.text(key, language) }

    /// Everything up to and including `<body>`: language and direction, the
    /// style sheet, the scripts (deferred), the title (switchable by key).
    static func documentStart(language: String, titleKey: String, scripts: [String]) -> HTML {
        let direction = CaptureStrings.rightToLeft.contains(language) ? "rtl" : "ltr"
        return """
            <!doctype html>
            <html lang="\(language)" dir="\(direction)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title data-i18n="\(titleKey)">\(CaptureStrings.text(titleKey, language))</title>
            <link rel="stylesheet" href="/assets/capture.css">
            \(scripts.map { script -> HTML in "<script src=\"/assets/\(script)\" defer></script>" }.joined(separator: "\n"))
            </head>
            <body>
            """
    }
}
