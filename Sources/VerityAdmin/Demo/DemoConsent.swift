/// Consent texts the demo publishes, in two locales.
enum DemoConsent {
    static let texts: [(locale: String, contentType: String, content: String)] = [
        ("en-US", "text/plain", """
        I agree that Verity Demo may process my name, address and date of birth to verify my identity \
        against trusted data sources. I can withdraw this consent at any time.
        """),
        ("fr-FR", "text/plain", """
        J'accepte que Verity Demo traite mes nom, adresse et date de naissance afin de vérifier mon identité \
        auprès de sources de données de confiance. Je peux retirer ce consentement à tout moment.
        """),
    ]
}
