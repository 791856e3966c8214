import ArgumentParser
import Foundation
import NIOConcurrencyHelpers
import Vapor
import VerityCore
import VerityEngines
import VerityServer
import VerityVision
import VerityKernel
import VerityAdmin

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Verity server.",
        discussion: "Settings come from environment variables:\n"
            + Settings.documentation.map { "  \($0.name) (default \($0.defaultValue)): \($0.meaning)" }.joined(separator: "\n")
    )

    @ArgumentParser.Flag(help: "Run pending database migrations before serving.") var autoMigrate = false

    func run() async throws {
        let settings = try SettingsLoading.load()
        try await ServerRunner.run(settings: settings, autoMigrate: autoMigrate)
    }
}

/// Starts the HTTP server and serves until SIGINT or SIGTERM. SIGTERM (an
/// orchestrator replacing the server) first drains: `/readyz` answers 503 for
/// `VERITY_SHUTDOWN_DRAIN_SECONDS` while every request is still served, so the
/// load balancer stops sending before the port closes (`ServerDrain`). SIGINT
/// (a person at the terminal) stops at once. Either way the requests in hand
/// are answered before the database closes (`InFlightRequests`).
enum ServerRunner {
    /// `beforeServing` runs before the server listens; `whenServing`, once it
    /// does, beside the requests (cancelled when the server stops).
    static func run(settings: Settings, autoMigrate: Bool, clock: VerityClock = .system,
                    beforeServing: (@Sendable (Application) async throws -> Void)? = nil,
                    whenServing: (@Sendable (Application) async -> Void)? = nil) async throws {
        // Refuse to start with missing or altered face models rather than fail on the first face.
        do {
            _ = try FaceModelFiles(directory: settings.modelsDirectory)
        } catch {
            throw SettingsError(variable: SettingVariable.modelsDirectory.name, problem: error.message)
        }
        VerityApp.bootstrapLogging(settings)
        // Nobody of the same user reads the server's memory or environment, and it leaves no core file.
        ProcessHardening.forbidInspection()
        // Each connection is a descriptor: the soft limit up to the hard one (`docs/operations.md`).
        DescriptorLimit.raise()
        // A file-size limit (`ulimit -f`) must make a write fail, which SQLite
        // reports as a full disk (503, retryable), not end the process.
        signal(SIGXFSZ, SIG_IGN)
        let app = try await Application.make(Vapor.Environment(name: "production", arguments: ["verity", "serve"]))
        do {
            try await VerityApp.configure(app, settings: settings, clock: clock, autoMigrate: autoMigrate)
            try await beforeServing?(app)
            let stop = StopSignals()
            try await app.asyncBoot()
            HTTPPipelineWarmUp.run()
            try await app.server.start(address: nil)
            let alongside = whenServing.map { work in Task { await work(app) } }
            let signal = await stop.next()
            alongside?.cancel()
            if signal == SIGTERM, settings.shutdownDrainSeconds > 0 {
                app.serverDrain.begin()
                app.logger.notice("stopping: draining", metadata: ["seconds": .stringConvertible(settings.shutdownDrainSeconds)])
                try? await Task.sleep(for: .seconds(settings.shutdownDrainSeconds))
            }
            await app.server.shutdown()
            try await app.asyncShutdown()
        } catch {
            await app.server.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
    }
}

/// SIGINT and SIGTERM, as an async wait: the first one that comes.
/// (`@unchecked`: the sources are set once, in `init`, and only cancelled after.)
final class StopSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]
    private let received = NIOLockedValueBox<(signal: Int32?, waiting: CheckedContinuation<Int32, Never>?)>((nil, nil))

    init() {
        let queue = DispatchQueue(label: "verity.stop-signals")
        var sources: [any DispatchSourceSignal] = []
        for code in [SIGTERM, SIGINT] {
            // The default action (ending the process at once) must not run: the source hears it instead.
            signal(code, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: code, queue: queue)
            sources.append(source)
        }
        self.sources = sources
        for (source, code) in zip(sources, [SIGTERM, SIGINT]) {
            source.setEventHandler { [received] in
                let waiting = received.withLockedValue { state -> CheckedContinuation<Int32, Never>? in
                    guard state.signal == nil else { return nil }
                    state.signal = code
                    defer { state.waiting = nil }
                    return state.waiting
                }
                waiting?.resume(returning: code)
            }
            source.resume()
        }
    }

    /// The first stop signal, once it has come.
    func next() async -> Int32 {
        await withCheckedContinuation { continuation in
            let already = received.withLockedValue { state -> Int32? in
                if let signal = state.signal { return signal }
                state.waiting = continuation
                return nil
            }
            if let already { continuation.resume(returning: already) }
        }
    }

    deinit { sources.forEach { $0.cancel() } }
}
