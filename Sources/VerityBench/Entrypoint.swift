import ArgumentParser
import NIOCore
import NIOPosix

@main
enum Entrypoint {
    static func main() async {
        // Same executor as the server, so the load generator spends as little CPU as it can.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        await BenchCommand.main()
    }
}

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verity-bench", subcommands: [IdentityBenchCommand.self, HTTPFloorBenchCommand.self, WebhookBenchCommand.self, ConsoleBenchCommand.self, SDKWaitBenchCommand.self, DocumentFlowBenchCommand.self, InspectRateBenchCommand.self, MobileBenchCommand.self, MobileEngineRateBenchCommand.self, OCRServiceBenchCommand.self, DocumentBenchCommand.self, SpecimenBenchCommand.self, MRZGlyphsCommand.self, FaceBenchCommand.self, PKIBenchCommand.self, ChipBenchCommand.self, SanctionsBenchCommand.self, MonitoringBenchCommand.self])
}
