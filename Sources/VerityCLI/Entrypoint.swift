import NIOCore
import NIOPosix

@main
enum Entrypoint {
    static func main() async {
        OpenMPThreads.limitToOne()
        // Run Swift concurrency on NIO's event loops: async handlers and
        // database I/O then share threads instead of handing every query
        // across two pools.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await VerityCommand.main()
    }
}
