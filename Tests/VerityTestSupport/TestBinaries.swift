import Foundation

/// Programs `swift build --build-tests` makes beside the tests.
public enum TestBinaries {
    /// The `verity` binary: the CLI the contract scripts drive, and the
    /// engine workers every test server starts (`EngineWorkerPool`).
    public static var verity: String {
        ProcessInfo.processInfo.environment["VERITY_TEST_BINARY"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../.build/debug/verity").standardizedFileURL.path
    }
}
