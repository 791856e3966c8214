import Vapor

/// What the app keeps on `Application` for the tests and the CLI to reach.
enum JobWorkerKey: StorageKey { typealias Value = JobWorker }
enum WebhookDispatcherKey: StorageKey { typealias Value = WebhookDispatcher }
enum EnginePoolKey: StorageKey { typealias Value = EnginePool }

extension Application {
    /// Runs every job that is due now, on this server's worker: for tests,
    /// which start servers without booting them (no poller runs).
    public func drainJobs() async {
        await storage[JobWorkerKey.self]?.drain()
        await storage[WebhookDispatcherKey.self]?.drain()
    }
}
