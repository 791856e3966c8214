import Crypto
import Foundation
@_spi(CMS) import X509

/// The certification key made on the device for levels 1–3. On Apple
/// platforms with a Secure Enclave it is made there and never leaves it (the
/// key store keeps only the enclave's handle); elsewhere, and on devices
/// without one, it is a software P-256 key kept in the key store (the
/// Keychain on Apple platforms, `FileKeyStore` on Linux). Either way the
/// server sees only the public key, in the CSR.
struct DeviceSigningKey {
    private enum Storage {
        case software(P256.Signing.PrivateKey)
        #if canImport(CryptoKit)
        case secureEnclave(SecureEnclave.P256.Signing.PrivateKey)
        #endif
    }

    private let storage: Storage

    /// Where new keys are made on this device.
    static var kind: CertificationClient.KeyKind {
        #if canImport(CryptoKit)
        if SecureEnclave.isAvailable { return .secureEnclave }
        #endif
        return .software
    }

    /// A new key, in the Secure Enclave when there is one.
    static func make() throws -> DeviceSigningKey {
        #if canImport(CryptoKit)
        if SecureEnclave.isAvailable {
            return DeviceSigningKey(storage: .secureEnclave(try SecureEnclave.P256.Signing.PrivateKey()))
        }
        #endif
        return DeviceSigningKey(storage: .software(P256.Signing.PrivateKey()))
    }

    /// The bytes the key store keeps: a software key's 32 bytes, or the
    /// enclave's handle after a marker (a key kept before the enclave was
    /// used reads back as what it was).
    var stored: Data {
        switch storage {
        case .software(let key): return key.rawRepresentation
        #if canImport(CryptoKit)
        case .secureEnclave(let key): return Self.enclaveMarker + key.dataRepresentation
        #endif
        }
    }

    /// The key kept as `stored`, nil when the bytes are no key of this device.
    init?(stored: Data) {
        #if canImport(CryptoKit)
        if stored.starts(with: Self.enclaveMarker) {
            guard let key = try? SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: stored.dropFirst(Self.enclaveMarker.count)) else {
                return nil
            }
            storage = .secureEnclave(key)
            return
        }
        #endif
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: stored) else { return nil }
        storage = .software(key)
    }

    private init(storage: Storage) { self.storage = storage }

    private static let enclaveMarker = Data("se-p256:".utf8)

    var publicKey: P256.Signing.PublicKey {
        switch storage {
        case .software(let key): return key.publicKey
        #if canImport(CryptoKit)
        case .secureEnclave(let key): return key.publicKey
        #endif
        }
    }

    func signature(for message: Data) throws -> P256.Signing.ECDSASignature {
        switch storage {
        case .software(let key): return try key.signature(for: message)
        #if canImport(CryptoKit)
        case .secureEnclave(let key): return try key.signature(for: message)
        #endif
        }
    }

    /// The key as swift-certificates signs with it (CSRs, CMS).
    var certificateKey: Certificate.PrivateKey {
        switch storage {
        case .software(let key): return Certificate.PrivateKey(key)
        #if canImport(CryptoKit)
        case .secureEnclave(let key): return Certificate.PrivateKey(key)
        #endif
        }
    }
}
