import Foundation
@testable import VerityPKI

/// SoftHSM2 for the tests: one token folder per test process, set up before
/// the module loads (it reads SOFTHSM2_CONF once, at C_Initialize).
enum SoftHSM {
    static let modulePath = ProcessInfo.processInfo.environment["VERITY_PKCS11_MODULE"] ?? "/usr/lib/softhsm/libsofthsm2.so"
    static let soPIN = "verity-so-pin-1234"

    static let module: PKCS11Module = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-softhsm-\(UUID().uuidString)")
        let tokens = directory.appendingPathComponent("tokens")
        try! FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        let configuration = directory.appendingPathComponent("softhsm2.conf")
        try! "directories.tokendir = \(tokens.path)\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n"
            .write(to: configuration, atomically: true, encoding: .utf8)
        // Another suite in this process may have set it up first: keep theirs.
        setenv("SOFTHSM2_CONF", configuration.path, 0)
        return try! PKCS11Module.shared(path: modulePath)
    }()

    /// A fresh token with its own label.
    static func token(pin: String) throws -> String {
        let label = "t-\(UUID().uuidString.prefix(12))"
        try module.initialiseToken(label: label, soPIN: soPIN, userPIN: pin)
        return label
    }
}
