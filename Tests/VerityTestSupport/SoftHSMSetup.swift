import Foundation

/// SoftHSM2 for tests: one token folder per test process, named in
/// SOFTHSM2_CONF before the module loads (it reads the file once).
public enum SoftHSMSetup {
    public static let modulePath = ProcessInfo.processInfo.environment["VERITY_PKCS11_MODULE"] ?? "/usr/lib/softhsm/libsofthsm2.so"
    public static let soPIN = "verity-so-pin-1234"

    private static let configured: Void = {
        guard ProcessInfo.processInfo.environment["SOFTHSM2_CONF"] == nil else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-softhsm-\(UUID().uuidString)")
        let tokens = directory.appendingPathComponent("tokens")
        try! FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("softhsm2.conf")
        try! "directories.tokendir = \(tokens.path)\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n"
            .write(to: configuration, atomically: true, encoding: .utf8)
        setenv("SOFTHSM2_CONF", configuration.path, 1)
    }()

    /// Points SoftHSM2 at this process's token folder (once).
    public static func configure() { configured }
}
