import NIOPosix
import Vapor

/// Where engine work runs: Tesseract, zxing, dlib and OpenCV take tens to
/// hundreds of milliseconds of CPU per image. `verity` runs Swift concurrency
/// on NIO's event loops, so one document read there would stall every request
/// sharing the loop; here it runs on a bounded pool of threads of its own
/// (`VERITY_ENGINE_THREADS`), and the caller awaits it without holding a loop.
public final class EnginePool: LifecycleHandler, Sendable {
    private let pool: NIOThreadPool
    public let threads: Int

    public init(threads: Int) {
        self.threads = max(1, threads)
        pool = NIOThreadPool(numberOfThreads: self.threads)
        pool.start()
    }

    /// Runs `work` on one of the pool's threads; work beyond the threads waits its turn.
    public func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(work)
    }

    /// Lets the running work finish and stops the threads.
    public func shutdown() async {
        try? await pool.shutdownGracefully()
    }

    public func shutdownAsync(_ application: Application) async {
        await shutdown()
    }
}
