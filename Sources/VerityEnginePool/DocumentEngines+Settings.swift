import Foundation
import VerityEngines
import Vapor
import VerityKernel

extension DocumentEngines {
    /// The engines as the settings say (`Settings.engineIsolation`): worker
    /// processes, started when first needed and stopped with the application,
    /// or the server's own engine threads.
    package static func configured(_ settings: Settings, pool: EnginePool, application: Application) throws -> DocumentEngines {
        switch settings.engineIsolation {
        case .inProcess:
            return DocumentEngines(runner: InProcessEngines(pool: pool, runner: EngineTaskRunner(modelsDirectory: settings.modelsDirectory)),
                                   pool: pool, workers: settings.engineThreads)
        case .workers:
            guard let executable = settings.engineWorkerExecutable else {
                throw SettingsError(variable: SettingVariable.engineIsolation.name,
                                    problem: "is workers, but no verity-engine-worker program is set: build it beside verity, or run the engines in-process")
            }
            let workers = EngineWorkerPool(configuration: EngineWorkerPool.Configuration(
                executable: executable, standIn: settings.engineWorkerStandIn,
                // Workers run in an empty directory of their own: a relative path would point nowhere.
                modelsDirectory: URL(fileURLWithPath: settings.modelsDirectory).standardizedFileURL.path,
                workers: settings.engineThreads, memoryMegabytes: settings.engineWorkerMemoryMegabytes,
                taskCPUMilliseconds: settings.engineTaskSeconds * 1000), logger: application.logger)
            application.lifecycle.use(workers)
            application.storage[EngineWorkerPoolKey.self] = workers
            return DocumentEngines(runner: workers, pool: pool, workers: settings.engineThreads)
        }
    }
}

enum EngineWorkerPoolKey: StorageKey { package typealias Value = EngineWorkerPool }
