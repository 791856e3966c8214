import Foundation

/// The shared chip sets (`../shared/data/chip`, see its README), none of it
/// made by this project, and the test's part in them: playing the BSI chip,
/// whose Active Authentication key the set publishes.
public enum ChipSets {
    public static var directory: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["VERITY_SHARED_DATA_DIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../shared/data").standardizedFileURL.path)
            .appendingPathComponent("chip")
    }

    public static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(path)))
    }

    /// The BSI chip's answer to `challenge`, as the chip makes it: ISO/IEC
    /// 9796-2 scheme 1 (0x6A ‖ M1 ‖ SHA-1(M1 ‖ challenge) ‖ 0xBC) through the
    /// raw RSA private operation (OpenSSL's unpadded "decrypt") with the set's
    /// DG15 key, or with `key` (a clone's, PEM) instead.
    public static func activeAuthenticationAnswer(_ challenge: [UInt8], openssl: OpenSSL, key: String? = nil) throws -> [UInt8] {
        let recoverable = (0..<106).map { _ in UInt8.random(in: 0...255) }
        try openssl.write("m1-challenge", recoverable + challenge)
        let digest = try openssl.run(["dgst", "-sha1", "-binary", "m1-challenge"])
        try openssl.write("representative", [0x6A] + recoverable + digest + [0xBC])
        let keyArguments = key.map { ["-inkey", $0, "-keyform", "PEM"] }
            ?? ["-inkey", directory.appendingPathComponent("bsi-tr03105/DG15_sk.pkcs8").path, "-keyform", "DER"]
        return try openssl.run(["pkeyutl", "-decrypt"] + keyArguments + ["-pkeyopt", "rsa_padding_mode:none", "-in", "representative"])
    }
}
