import NIOPosix

/// Threads of the server's own for calls that block without working: a
/// name lookup (`getaddrinfo` waits for a DNS server, seconds when one is
/// down) and hashing the face models for the readiness check. NIO's shared
/// pool (`NIOThreadPool.singleton`) serves the server's file reads; a slow
/// resolver there would stall every file answer behind it. Engine work has its
/// own threads (`EnginePool`) and password hashing its own queue (`SignInGuard`).
package enum BlockingCalls {
    /// Four: lookups mostly wait, and one resolver timing out must not hold up the next delivery's.
    static let threads = 4

    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }()

    /// Runs `call` on one of these threads and waits for it without holding a thread of the caller's.
    package static func run<T: Sendable>(_ call: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(call)
    }
}
