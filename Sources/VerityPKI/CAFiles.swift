import Crypto
import Foundation
import VerityCore
import X509

/// The platform CA on disk: `ca-root.pem` and `ca-issuing.pem` in the data
/// folder; the issuing key sealed with AES-GCM under a key derived from the
/// data key (`ca-issuing.key.sealed`, mode 0600) or, when an HSM is
/// configured, made and kept in an HSM token (`ca-keys.json` names the token
/// and key labels; the PIN stays in settings).
///
/// The root key signs only the issuing CA, once, at `verity ca init`: no
/// server uses it after. It is written as `ca-root.key.offline`, sealed under
/// a code of its own shown once, for the operator to take off the machine
/// with that code; `verity doctor` fails while it is still in the data folder.
public struct CAFiles: Sendable {
    public let directory: String
    let dataKey: Data
    /// Keys the CA key files may still be sealed under (`VERITY_PREVIOUS_DATA_KEYS`).
    let previousDataKeys: [Data]

    public init(directory: String, dataKey: Data, previousDataKeys: [Data] = []) {
        self.directory = directory
        self.dataKey = dataKey
        self.previousDataKeys = previousDataKeys
    }

    public var rootCertificatePath: String { path("ca-root.pem") }
    public var issuingCertificatePath: String { path("ca-issuing.pem") }

    public var exists: Bool { FileManager.default.fileExists(atPath: issuingCertificatePath) }

    /// Where `initialise` writes the root key for the operator to take away.
    public var offlineRootKeyPath: String { path("ca-root.key.offline") }

    /// Root key files still in the data folder: the offline file not yet
    /// taken away, or one an older release kept there sealed under the data key.
    public var rootKeyFilesPresent: [String] {
        [offlineRootKeyPath, path("ca-root.key.sealed")].filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// Where the CA keys live when they are in an HSM.
    public struct HSMKeys: Sendable {
        public let module: PKCS11Module
        public let token: String
        public let pin: String

        public init(module: PKCS11Module, token: String, pin: String) {
            self.module = module
            self.token = token
            self.pin = pin
        }
    }

    /// What `ca-keys.json` records: the token and the key labels, never the PIN.
    struct HSMKeyRecord: Codable {
        let token: String
        let root: String
        let issuing: String
    }

    static let rootKeyLabel = "verity-ca-root"
    static let issuingKeyLabel = "verity-ca-issuing"

    /// Whether the CA keys are in an HSM.
    public var keysInHSM: Bool { FileManager.default.fileExists(atPath: path("ca-keys.json")) }

    /// Creates the CA with both keys made inside the HSM token (sensitive, never extractable).
    public func initialise(organisation: String, policy: CertificatePolicy, hsm: HSMKeys, now: Date = Date()) throws -> PlatformCA {
        try refuseExisting()
        try hsm.module.withSession(token: hsm.token, pin: hsm.pin) { session throws(VerityError) in
            _ = try session.generateP256(label: Self.rootKeyLabel)
            _ = try session.generateP256(label: Self.issuingKeyLabel)
        }
        let rootKey = try HSMKey(module: hsm.module, token: hsm.token, label: Self.rootKeyLabel, pin: hsm.pin)
        let issuingKey = try HSMKey(module: hsm.module, token: hsm.token, label: Self.issuingKeyLabel, pin: hsm.pin)
        let ca = try PlatformCA.create(organisation: organisation, rootKey: rootKey, issuingKey: issuingKey, policy: policy, now: now)
        try PrivateFiles.makeFolder(directory)
        let record = HSMKeyRecord(token: hsm.token, root: Self.rootKeyLabel, issuing: Self.issuingKeyLabel)
        try write(try JSONEncoder().encode(record), to: path("ca-keys.json"), mode: 0o600)
        try writeCertificates(ca)
        return ca
    }

    private func refuseExisting() throws {
        guard !exists else {
            throw VerityError(.validationError, "A CA already exists in \(directory); remove its files on purpose to start again.")
        }
    }

    private func writeCertificates(_ ca: PlatformCA) throws {
        try write(Data(ca.root.serializeAsPEM().pemString.utf8 + [0x0A]), to: rootCertificatePath, mode: 0o644)
        try write(Data(ca.issuing.serializeAsPEM().pemString.utf8 + [0x0A]), to: issuingCertificatePath, mode: 0o644)
    }

    /// Creates the CA; refuses to replace one (every certificate it issued
    /// would become unverifiable). Returns it with the code that opens the
    /// offline root key file (`offlineRootKeyPath`): shown once, kept with that
    /// file off the machine, needed only to issue a new issuing CA.
    public func initialise(organisation: String, policy: CertificatePolicy, now: Date = Date()) throws -> (ca: PlatformCA, rootKeyCode: String) {
        try refuseExisting()
        let rootKey = P256.Signing.PrivateKey(), issuingKey = P256.Signing.PrivateKey()
        let ca = try PlatformCA.create(organisation: organisation, rootKey: SoftwareCAKey(rootKey), issuingKey: SoftwareCAKey(issuingKey),
                                       policy: policy, now: now)
        try PrivateFiles.makeFolder(directory)
        let code = SymmetricKey(size: .bits256)
        guard let offline = try AES.GCM.seal(rootKey.rawRepresentation, using: code).combined else {
            throw VerityError(.systemError, "The CA root key could not be sealed.")
        }
        try write(offline, to: offlineRootKeyPath, mode: 0o600)
        try write(seal(issuingKey.rawRepresentation), to: path("ca-issuing.key.sealed"), mode: 0o600)
        try writeCertificates(ca)
        return (ca, code.withUnsafeBytes { Data($0) }.base64EncodedString())
    }

    /// Creates a test environments' CA (`Settings.testCAFiles`): software
    /// keys, and the root key dropped once it has signed the issuing CA, so
    /// nothing is left to take offline. A test CA that needs a new issuing CA
    /// is made again; its certificates are test certificates.
    public func initialiseDiscardingRoot(organisation: String, policy: CertificatePolicy, now: Date = Date()) throws -> PlatformCA {
        let (ca, _) = try initialise(organisation: organisation, policy: policy, now: now)
        try FileManager.default.removeItem(atPath: offlineRootKeyPath)
        return ca
    }

    /// The root key from its offline file and code (to issue a new issuing CA).
    public static func openOfflineRootKey(_ sealed: Data, code: String) throws -> P256.Signing.PrivateKey {
        guard let key = Data(base64Encoded: code), key.count == 32, let box = try? AES.GCM.SealedBox(combined: sealed),
              let raw = try? AES.GCM.open(box, using: SymmetricKey(data: key)) else {
            throw VerityError(.validationError, "The code does not open this root key file.")
        }
        return try P256.Signing.PrivateKey(rawRepresentation: raw)
    }

    /// Loads the CA, checking that the issuing key belongs to the issuing
    /// certificate. Keys in an HSM need `hsm` (module and PIN; the token is
    /// the one `ca-keys.json` names).
    public func load(policy: CertificatePolicy, crlURL: String? = nil, hsm: (module: PKCS11Module, pin: String)? = nil) throws -> PlatformCA {
        let (root, issuing) = try certificates()
        let key: any CASigningKey
        if keysInHSM {
            guard let record = try? JSONDecoder().decode(HSMKeyRecord.self, from: try read(path("ca-keys.json"))) else {
                throw VerityError(.serviceUnavailable, "ca-keys.json in \(directory) cannot be read.")
            }
            guard let hsm else {
                throw VerityError(.serviceUnavailable, "The CA keys are in HSM token \(record.token): set VERITY_HSM_MODULE and VERITY_HSM_CA_PIN.")
            }
            key = try HSMKey(module: hsm.module, token: record.token, label: record.issuing, pin: hsm.pin, keepsSessionOpen: true)
        } else {
            key = SoftwareCAKey(try P256.Signing.PrivateKey(rawRepresentation: open(try read(path("ca-issuing.key.sealed")))))
        }
        guard Certificate.PublicKey(key.publicKey) == issuing.publicKey else {
            throw VerityError(.serviceUnavailable, "The issuing CA key does not belong to ca-issuing.pem in \(directory).")
        }
        return PlatformCA(root: root, issuing: issuing, issuingKey: key, policy: policy, crlURL: crlURL)
    }

    /// The root and issuing CA certificates, without their keys (enough to check signatures).
    public func certificates() throws -> (root: Certificate, issuing: Certificate) {
        guard exists else { throw VerityError(.serviceUnavailable, "No CA in \(directory): run `verity ca init`.") }
        let root = try Certificate(pemEncoded: String(decoding: try read(rootCertificatePath), as: UTF8.self))
        let issuing = try Certificate(pemEncoded: String(decoding: try read(issuingCertificatePath), as: UTF8.self))
        return (root, issuing)
    }

    /// The issuing CA then the root, PEM, read from the certificate files alone.
    public func chainPEM() throws -> String {
        guard exists else { throw VerityError(.serviceUnavailable, "No CA in \(directory): run `verity ca init`.") }
        let issuing = String(decoding: try read(issuingCertificatePath), as: UTF8.self)
        let root = String(decoding: try read(rootCertificatePath), as: UTF8.self)
        return issuing + root
    }

    // MARK: Sealing

    private static func sealingKey(_ dataKey: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: dataKey), info: Data("verity ca key file v1".utf8), outputByteCount: 32)
    }

    private func seal(_ plaintext: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: Self.sealingKey(dataKey)).combined else {
            throw VerityError(.systemError, "The CA key could not be sealed.")
        }
        return combined
    }

    private func open(_ sealed: Data) throws -> Data {
        for key in [dataKey] + previousDataKeys {
            if let box = try? AES.GCM.SealedBox(combined: sealed), let opened = try? AES.GCM.open(box, using: Self.sealingKey(key)) {
                return opened
            }
        }
        throw VerityError(.serviceUnavailable, "The CA key in \(directory) cannot be opened with this data key.")
    }

    /// Re-seals the CA key files under the current data key (a data-key
    /// rotation); returns how many were under a previous key. Keys in an HSM
    /// have no files to re-seal.
    public func resealKeys() throws -> Int {
        guard exists, !keysInHSM else { return 0 }
        var resealed = 0
        // A root key an older release kept here is re-sealed too, until the operator takes it away.
        for name in ["ca-root.key.sealed", "ca-issuing.key.sealed"] where FileManager.default.fileExists(atPath: path(name)) {
            let sealed = try read(path(name))
            if let box = try? AES.GCM.SealedBox(combined: sealed), (try? AES.GCM.open(box, using: Self.sealingKey(dataKey))) != nil {
                continue
            }
            let again = try seal(try open(sealed))
            // Written beside, then renamed over: a crash leaves the old file or the new one, whole.
            let temporary = path(name + ".new")
            try write(again, to: temporary, mode: 0o600)
            guard rename(temporary, path(name)) == 0 else {
                throw VerityError(.systemError, "\(path(name)) could not be replaced (errno \(errno)).")
            }
            resealed += 1
        }
        return resealed
    }

    private func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    private func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VerityError(.serviceUnavailable, "\(path) is missing or unreadable.")
        }
        return data
    }

    private func write(_ data: Data, to path: String, mode: mode_t) throws {
        do {
            try PrivateFiles.write(data, to: path, mode: mode)
        } catch {
            throw VerityError(.systemError, "\(error)")
        }
    }
}
