import ArgumentParser
import VerityKernel

/// `verity engine-worker`: what a server starts for its engines (one per
/// engine thread); not for people. Reads tasks on standard input, answers on
/// standard output, confined (`EngineWorkerMain`).
struct EngineWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine-worker",
        abstract: "An engine worker process (started by the server itself).",
        shouldDisplay: false)

    @Option(help: "The face models' directory, as an absolute path.") var models: String
    @Option(name: .customLong("memory-mb"), help: "Virtual memory the worker may map, in MiB.") var memoryMegabytes: Int
    @Option(name: .customLong("cpu-milliseconds"), help: "CPU time one task may use; past it the worker ends.") var cpuMilliseconds: UInt32
    @Option(help: "The server's process id: the worker dies with it.") var parent: Int32

    func run() throws {
        EngineWorkerMain.run(modelsDirectory: models, memoryBytes: UInt64(max(0, memoryMegabytes)) * 1_048_576,
                              cpuMillisecondsPerTask: max(1, cpuMilliseconds), parent: parent)
    }
}
