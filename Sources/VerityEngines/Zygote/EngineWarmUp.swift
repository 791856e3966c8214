import VerityVision

/// The engines a zygote loads before its first fork.
enum EngineWarmUp {
    /// The face models (when installed), Tesseract's languages, the glyph
    /// classifiers and the Arabic vocabulary, all in memory.
    static func loadedRunner(modelsDirectory: String) -> EngineTaskRunner {
        let runner = EngineTaskRunner(modelsDirectory: modelsDirectory)
        // Models that do not load are the face tasks' refusal later.
        try? runner.faces?.loadNetworks()
        EngineModels.loadAll()
        return runner
    }
}
