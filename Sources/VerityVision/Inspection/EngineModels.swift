/// Every model and table the readers load on first use, loaded now: an
/// engine zygote calls it before it forks, so that its children, which may
/// open nothing, find everything in memory (shared copy-on-write).
public enum EngineModels {
    public static func loadAll() {
        _ = LeptonicaSetup.once
        _ = GlyphClassifier.mrz
        _ = GlyphClassifier.easternDigits
        _ = ArabicVocabulary.shared
        // A missing language is the task's refusal later, named by its package.
        for language in TesseractPool.languages { try? TesseractPool.shared.check(language) }
    }
}
