import NIOCore
import NIOPosix
import VerityCore

@main
enum Entrypoint {
    static func main() async {
        // Every file and folder Verity makes is its owner's alone, from its first byte.
        PrivateFiles.restrictNewFiles()
        OpenMPThreads.limitToOne()
        // Run Swift concurrency on NIO's event loops: async handlers and
        // database I/O then share threads instead of handing every query
        // across two pools.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await VerityCommand.main()
    }
}
