import Foundation
import VerityEngines

// `verity-engine-worker`: the engine zygote the server starts in its sandbox
// (docs/security.md). Not for people. Its options come from the server in
// its environment (the sandbox has no /proc, where Swift reads its
// arguments): VERITY_ENGINE_MODELS, VERITY_ENGINE_CPU_MS, and
// VERITY_ENGINE_PROGRAM for a stand-in. Its limits are set before it starts.
let environment = ProcessInfo.processInfo.environment
guard let models = environment["VERITY_ENGINE_MODELS"], let cpu = environment["VERITY_ENGINE_CPU_MS"].flatMap(UInt32.init), cpu > 0 else {
    FileHandle.standardError.write(Data("verity-engine-worker: started without its options; the server starts it\n".utf8))
    exit(64)
}
EngineZygote.run(EngineZygote.Options(modelsDirectory: models, cpuMillisecondsPerTask: cpu,
                                      program: environment["VERITY_ENGINE_PROGRAM"]))
