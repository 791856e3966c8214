import CPKCS11
import Crypto
import Foundation
import VerityCore

/// A loaded PKCS#11 module (SoftHSM2 in development and tests, a hardware HSM
/// in production). One per module path per process: PKCS#11 is initialised
/// once, and finalising it under other callers' sessions would break them.
public final class PKCS11Module: @unchecked Sendable {
    private let module: OpaquePointer
    /// Serialises calls: simple, and enough for CA signing and level-4 keys.
    private let lock = NSLock()
    public let path: String

    private static let loaded = LockedModules()

    /// The module at `path`, loaded on first use. Throws `SERVICE_UNAVAILABLE`.
    public static func shared(path: String) throws(VerityError) -> PKCS11Module {
        try loaded.module(path: path)
    }

    fileprivate init(path: String) throws(VerityError) {
        var error = [CChar](repeating: 0, count: 512)
        guard let module = cp11_open(path, &error, Int32(error.count)) else {
            throw VerityError(.serviceUnavailable, "The PKCS#11 module could not be loaded: \(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)).")
        }
        self.module = module
        self.path = path
    }

    /// Whether an initialised token carries `label`.
    public func hasToken(_ label: String) -> Bool {
        lock.withLock {
            var slot: UInt = 0
            return cp11_find_token(module, label, &slot) == 0
        }
    }

    /// Initialises a new token on a free slot. Labels are at most 32 bytes.
    public func initialiseToken(label: String, soPIN: String, userPIN: String) throws(VerityError) {
        try Self.checkLabel(label)
        guard !hasToken(label) else { throw VerityError(.validationError, "A token labelled \(label) exists already.") }
        let status = lock.withLock { cp11_init_token(module, soPIN, label, userPIN) }
        try Self.check(status, "initialise the token")
    }

    /// Destroys every key on the token `label` (re-initialising it under a
    /// retired label, so the label can never be found again). Needs the SO PIN.
    public func wipeToken(label: String, soPIN: String) throws(VerityError) {
        try Self.checkLabel(label)
        let retired = "void-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(26).lowercased()
        let status = lock.withLock { cp11_wipe_token(module, soPIN, label, retired) }
        try Self.check(status, "wipe the token")
    }

    /// Replaces the user PIN of the token `label`, logged in with `old`: a
    /// token provisioned ahead under a PIN of the platform's becomes one
    /// only the user's password opens, without the SO PIN. A wrong `old` is
    /// `VALIDATION_ERROR`.
    public func changePIN(token label: String, from old: String, to new: String) throws(VerityError) {
        try Self.checkLabel(label)
        let status = lock.withLock { cp11_set_pin(module, label, old, new) }
        try Self.check(status, "change the token's PIN")
    }

    /// Runs `body` in a session logged in to the token `label` as its user.
    /// A wrong PIN is `VALIDATION_ERROR`; a PIN the token has locked is `USER_LOCKED`.
    public func withSession<T>(token label: String, pin: String, _ body: (HSMSession) throws(VerityError) -> T) throws(VerityError) -> T {
        try Self.checkLabel(label)
        lock.lock()
        defer { lock.unlock() }
        var slot: UInt = 0
        try Self.check(cp11_find_token(module, label, &slot), "find the token")
        var session: UInt = 0
        try Self.check(cp11_login(module, slot, pin, &session), "log in to the token")
        defer { cp11_logout(module, session) }
        return try body(HSMSession(module: module, session: session))
    }

    /// ECDSA over SHA-256 of `data` in a session kept logged in between calls
    /// (`kept`), for a key that signs over and over (the CA's): SoftHSM2
    /// derives a key from the PIN at every login, which costs more than the
    /// signature. A session another caller logged out is opened again once.
    public func sign(_ data: [UInt8], label: String, token: String, pin: String,
                     keeping kept: KeptSession) throws(VerityError) -> P256.Signing.ECDSASignature {
        try Self.checkLabel(token)
        let digest = Array(SHA256.hash(data: data))
        lock.lock()
        defer { lock.unlock() }
        for attempt in 0..<2 {
            let session: UInt
            if let open = kept.handle {
                session = open
            } else {
                var slot: UInt = 0
                try Self.check(cp11_find_token(module, token, &slot), "find the token")
                var opened: UInt = 0
                try Self.check(cp11_login(module, slot, pin, &opened), "log in to the token")
                kept.handle = opened
                session = opened
            }
            var raw = [UInt8](repeating: 0, count: 64)
            let status = cp11_sign_digest(module, session, label, digest, &raw)
            // Logged out by another session of this token (private keys then look absent:
            // CKR_OBJECT_HANDLE_INVALID, CKR_KEY_HANDLE_INVALID), or the session is gone
            // (CKR_USER_NOT_LOGGED_IN, CKR_SESSION_CLOSED, CKR_SESSION_HANDLE_INVALID): start again once.
            if attempt == 0, [0x60, 0x82, 0x101, 0xB0, 0xB3].contains(status) {
                cp11_close_session(module, session)
                kept.handle = nil
                continue
            }
            try Self.check(status, "sign")
            guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw) else {
                throw VerityError(.serviceUnavailable, "The HSM returned a malformed signature.")
            }
            return signature
        }
        throw VerityError(.serviceUnavailable, "The HSM could not sign.")
    }

    static func checkLabel(_ label: String) throws(VerityError) {
        guard (1...32).contains(label.utf8.count), label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw VerityError(.validationError, "Token and key labels are 1–32 letters, digits, '-', '_' or '.'.", field: "label")
        }
    }

    /// Maps PKCS#11 return values to Verity's errors.
    static func check(_ status: UInt, _ action: String) throws(VerityError) {
        switch status {
        case 0: return
        case 0xA0, 0xA1: throw VerityError(.validationError, "The password is wrong.", field: "password")          // CKR_PIN_INCORRECT, CKR_PIN_INVALID
        case 0xA4: throw VerityError(.userLocked, "The HSM has locked this key after too many wrong passwords.")       // CKR_PIN_LOCKED
        case 0xA2: throw VerityError(.validationError, "The password is too short or too long for the HSM.", field: "password") // CKR_PIN_LEN_RANGE
        case 0xE0: throw VerityError(.notFound, "No HSM token has that label.")                                       // CKR_TOKEN_NOT_PRESENT
        case 0x60, 0x82: throw VerityError(.notFound, "The HSM holds no key with that label.")                       // CKR_KEY_HANDLE_INVALID, CKR_OBJECT_HANDLE_INVALID
        default: throw VerityError(.serviceUnavailable, "The HSM could not \(action) (PKCS#11 0x\(String(status, radix: 16))).")
        }
    }
}

/// The handle of a session `PKCS11Module.sign(_:label:token:pin:keeping:)`
/// keeps open; guarded by the module's lock.
public final class KeptSession: @unchecked Sendable {
    var handle: UInt?

    public init() {}
}

/// A logged-in session on one token.
public struct HSMSession {
    let module: OpaquePointer
    let session: UInt

    /// A new P-256 key pair labelled `label`: the private half never leaves the token and can only sign.
    public func generateP256(label: String) throws(VerityError) -> P256.Signing.PublicKey {
        try PKCS11Module.checkLabel(label)
        var point = [UInt8](repeating: 0, count: 65)
        try PKCS11Module.check(cp11_generate_p256(module, session, label, &point), "generate a key")
        return try Self.publicKey(point)
    }

    public func publicKey(label: String) throws(VerityError) -> P256.Signing.PublicKey {
        var point = [UInt8](repeating: 0, count: 65)
        try PKCS11Module.check(cp11_public_point(module, session, label, &point), "read a public key")
        return try Self.publicKey(point)
    }

    /// ECDSA over SHA-256 of `data`, by the token.
    public func sign(_ data: [UInt8], label: String) throws(VerityError) -> P256.Signing.ECDSASignature {
        let digest = Array(SHA256.hash(data: data))
        var raw = [UInt8](repeating: 0, count: 64)
        try PKCS11Module.check(cp11_sign_digest(module, session, label, digest, &raw), "sign")
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw) else {
            throw VerityError(.serviceUnavailable, "The HSM returned a malformed signature.")
        }
        return signature
    }

    /// (sensitive, extractable) as the token reports them for the private key.
    public func protection(label: String) throws(VerityError) -> (sensitive: Bool, extractable: Bool) {
        var sensitive: Int32 = 0, extractable: Int32 = 1
        try PKCS11Module.check(cp11_private_key_flags(module, session, label, &sensitive, &extractable), "read key attributes")
        return (sensitive != 0, extractable != 0)
    }

    /// Deletes the key pair labelled `label`; returns how many objects went.
    @discardableResult
    public func destroy(label: String) throws(VerityError) -> Int {
        var deleted: Int32 = 0
        try PKCS11Module.check(cp11_destroy(module, session, label, &deleted), "delete a key")
        return Int(deleted)
    }

    private static func publicKey(_ point: [UInt8]) throws(VerityError) -> P256.Signing.PublicKey {
        guard let key = try? P256.Signing.PublicKey(x963Representation: point) else {
            throw VerityError(.serviceUnavailable, "The HSM returned a malformed public key.")
        }
        return key
    }
}

/// Loaded modules by path.
private final class LockedModules: @unchecked Sendable {
    private var modules: [String: PKCS11Module] = [:]
    private let lock = NSLock()

    func module(path: String) throws(VerityError) -> PKCS11Module {
        lock.lock()
        defer { lock.unlock() }
        if let module = modules[path] { return module }
        let module = try PKCS11Module(path: path)
        modules[path] = module
        return module
    }
}
