import Foundation

/// Programs `swift build --build-tests` makes beside the tests.
public enum TestBinaries {
    /// The `verity` binary: the CLI the contract scripts drive.
    public static var verity: String {
        ProcessInfo.processInfo.environment["VERITY_TEST_BINARY"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../.build/debug/verity").standardizedFileURL.path
    }

    /// `verity-engine-worker`, beside `verity`: the engine zygote every test server starts (`EngineWorkerPool`).
    public static var engineWorker: String {
        URL(fileURLWithPath: verity).deletingLastPathComponent().appendingPathComponent("verity-engine-worker").path
    }
}
