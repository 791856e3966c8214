import Foundation
import VerityEngines

// `verity-engine-worker`: the engine zygote the server starts in its sandbox
// (docs/security.md). Not for people: its options come from the server.
//   --models DIR  --memory-mb N  --cpu-milliseconds N  [--program PATH]
var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("verity-engine-worker: unexpected argument \(name)\n".utf8))
        exit(64)
    }
    options[String(name.dropFirst(2))] = value
}
guard let models = options["models"], let memory = options["memory-mb"].flatMap(UInt64.init),
      let cpu = options["cpu-milliseconds"].flatMap(UInt32.init), cpu > 0 else {
    FileHandle.standardError.write(Data("verity-engine-worker: --models, --memory-mb and --cpu-milliseconds are required\n".utf8))
    exit(64)
}
EngineZygote.run(EngineZygote.Options(modelsDirectory: models, memoryBytes: memory * 1_048_576, cpuMillisecondsPerTask: cpu,
                                      program: options["program"]))
