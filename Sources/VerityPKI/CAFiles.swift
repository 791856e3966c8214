import Crypto
import Foundation
import VerityCore
import X509

/// The platform CA on disk: `ca-root.pem` and `ca-issuing.pem` in the data
/// folder, and each CA key sealed with AES-GCM under a key derived from the
/// data key (`ca-root.key.sealed`, `ca-issuing.key.sealed`, mode 0600).
public struct CAFiles: Sendable {
    public let directory: String
    let dataKey: Data

    public init(directory: String, dataKey: Data) {
        self.directory = directory
        self.dataKey = dataKey
    }

    public var rootCertificatePath: String { path("ca-root.pem") }
    public var issuingCertificatePath: String { path("ca-issuing.pem") }

    public var exists: Bool { FileManager.default.fileExists(atPath: issuingCertificatePath) }

    /// Creates the CA; refuses to replace one (every certificate it issued would become unverifiable).
    public func initialise(organisation: String, policy: CertificatePolicy, now: Date = Date()) throws -> PlatformCA {
        guard !exists else {
            throw VerityError(.validationError, "A CA already exists in \(directory); remove its files on purpose to start again.")
        }
        let rootKey = P256.Signing.PrivateKey(), issuingKey = P256.Signing.PrivateKey()
        let ca = try PlatformCA.create(organisation: organisation, rootKey: SoftwareCAKey(rootKey), issuingKey: SoftwareCAKey(issuingKey),
                                       policy: policy, now: now)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try write(seal(rootKey.rawRepresentation), to: path("ca-root.key.sealed"), mode: 0o600)
        try write(seal(issuingKey.rawRepresentation), to: path("ca-issuing.key.sealed"), mode: 0o600)
        try write(Data(ca.root.serializeAsPEM().pemString.utf8 + [0x0A]), to: rootCertificatePath, mode: 0o644)
        try write(Data(ca.issuing.serializeAsPEM().pemString.utf8 + [0x0A]), to: issuingCertificatePath, mode: 0o644)
        return ca
    }

    /// Loads the CA, checking that the issuing key belongs to the issuing certificate.
    public func load(policy: CertificatePolicy, crlURL: String? = nil) throws -> PlatformCA {
        guard exists else { throw VerityError(.serviceUnavailable, "No CA in \(directory): run `verity ca init`.") }
        let root = try Certificate(pemEncoded: String(decoding: try read(rootCertificatePath), as: UTF8.self))
        let issuing = try Certificate(pemEncoded: String(decoding: try read(issuingCertificatePath), as: UTF8.self))
        let key = try P256.Signing.PrivateKey(rawRepresentation: open(try read(path("ca-issuing.key.sealed"))))
        guard Certificate.PublicKey(key.publicKey) == issuing.publicKey else {
            throw VerityError(.serviceUnavailable, "The issuing CA key in \(directory) does not belong to ca-issuing.pem.")
        }
        return PlatformCA(root: root, issuing: issuing, issuingKey: SoftwareCAKey(key), policy: policy, crlURL: crlURL)
    }

    // MARK: Sealing

    private var sealingKey: SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: dataKey), info: Data("verity ca key file v1".utf8), outputByteCount: 32)
    }

    private func seal(_ plaintext: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: sealingKey).combined else {
            throw VerityError(.systemError, "The CA key could not be sealed.")
        }
        return combined
    }

    private func open(_ sealed: Data) throws -> Data {
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: sealingKey)
        } catch {
            throw VerityError(.serviceUnavailable, "The CA key in \(directory) cannot be opened with this data key.")
        }
    }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    private func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VerityError(.serviceUnavailable, "\(path) is missing or unreadable.")
        }
        return data
    }

    private func write(_ data: Data, to path: String, mode: Int) throws {
        guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: mode]) else {
            throw VerityError(.systemError, "\(path) could not be written.")
        }
    }
}
