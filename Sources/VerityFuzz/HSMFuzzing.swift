import CPKCS11
import Foundation

/// CPKCS11, the C view of a PKCS#11 module, on SoftHSM2 with strings from
/// outside: a level-4 user's password is the PIN of their token (it replaces
/// the provisioning PIN), and tokens and keys are found by label. The
/// input's lines are a token label, a PIN, a key label, a digest and a new
/// PIN; each call goes straight to the C shim (past the Swift checks in
/// `PKCS11Module`), so the shim must hold on any string.
///
/// One token with one key is set up per process, in a directory of its own
/// that is removed at exit; without SoftHSM2 the target does nothing.
enum HSMFuzzing {
    static let tokenLabel = "fuzz-token", userPIN = "fuzz-pin-1234", soPIN = "fuzz-so-pin-1234", keyLabel = "fuzz-key"
    static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-fuzz-softhsm-\(getpid())")

    /// (libFuzzer runs one input at a time on one thread: nothing shares it.)
    nonisolated(unsafe) static let module: OpaquePointer? = {
        let modulePath = ProcessInfo.processInfo.environment["VERITY_PKCS11_MODULE"] ?? "/usr/lib/softhsm/libsofthsm2.so"
        guard FileManager.default.fileExists(atPath: modulePath) else { return nil }
        let tokens = directory.appendingPathComponent("tokens")
        let configuration = directory.appendingPathComponent("softhsm2.conf")
        do {
            try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
            try "directories.tokendir = \(tokens.path)\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\n"
                .write(to: configuration, atomically: true, encoding: .utf8)
        } catch {
            return nil
        }
        setenv("SOFTHSM2_CONF", configuration.path, 1)
        atexit { try? FileManager.default.removeItem(at: HSMFuzzing.directory) }
        var error = [CChar](repeating: 0, count: 256)
        guard let module = cp11_open(modulePath, &error, Int32(error.count)),
              cp11_init_token(module, soPIN, tokenLabel, userPIN) == 0 else { return nil }
        var slot: UInt = 0, session: UInt = 0
        var point = [UInt8](repeating: 0, count: 65)
        guard cp11_find_token(module, tokenLabel, &slot) == 0, cp11_login(module, slot, userPIN, &session) == 0 else { return nil }
        defer { cp11_logout(module, session); cp11_close_session(module, session) }
        guard cp11_generate_p256(module, session, keyLabel, &point) == 0 else { return nil }
        return module
    }()

    static func run(_ bytes: [UInt8]) {
        guard let module else { return }
        let lines = bytes.split(separator: 0x0A, maxSplits: 4, omittingEmptySubsequences: false)
        func line(_ index: Int) -> String { index < lines.count ? String(decoding: lines[index], as: UTF8.self) : "" }
        var digest = [UInt8](repeating: 0, count: 32)
        if lines.count > 3 { for (index, byte) in lines[3].prefix(32).enumerated() { digest[index] = byte } }
        useKey(module, token: line(0), pin: line(1), key: line(2), digest: digest)
        changePIN(module, token: line(0), from: line(1), to: line(4))
    }

    /// A PIN change with any strings (what level 4 does with a user's
    /// password); one that succeeds is undone, so the next input finds the
    /// token as it was set up.
    static func changePIN(_ module: OpaquePointer, token: String, from old: String, to new: String) {
        guard cp11_set_pin(module, token, old, new) == 0 else { return }
        _ = cp11_set_pin(module, token, new, old)
    }

    static func useKey(_ module: OpaquePointer, token: String, pin: String, key: String, digest: [UInt8]) {
        var slot: UInt = 0, session: UInt = 0
        guard cp11_find_token(module, token, &slot) == 0, cp11_login(module, slot, pin, &session) == 0 else { return }
        defer { cp11_logout(module, session); cp11_close_session(module, session) }
        var point = [UInt8](repeating: 0, count: 65), signature = [UInt8](repeating: 0, count: 64)
        var sensitive: Int32 = 0, extractable: Int32 = 0
        _ = cp11_public_point(module, session, key, &point)
        _ = cp11_sign_digest(module, session, key, digest, &signature)
        _ = cp11_private_key_flags(module, session, key, &sensitive, &extractable)
    }
}
