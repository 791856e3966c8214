#if canImport(Security)
import Foundation
import Security

/// A ``KeyStore`` in the Keychain (Apple platforms): generic-password items of
/// one service, readable after the first unlock, never synced or restored to
/// another device. (Not built on Linux, where ``FileKeyStore`` is the store.)
public struct KeychainKeyStore: KeyStore {
    /// The Keychain service the items are filed under.
    public let service: String

    public init(service: String = "verity.certification") { self.service = service }

    public func read(_ name: String) throws -> Data? {
        var query = item(name)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw failure(status, name) }
        return result as? Data
    }

    public func write(_ name: String, _ value: Data) throws {
        let status = SecItemUpdate(item(name) as CFDictionary, [kSecValueData as String: value] as CFDictionary)
        if status == errSecSuccess { return }
        guard status == errSecItemNotFound else { throw failure(status, name) }
        var add = item(name)
        add[kSecValueData as String] = value
        add[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let added = SecItemAdd(add as CFDictionary, nil)
        guard added == errSecSuccess else { throw failure(added, name) }
    }

    public func delete(_ name: String) throws {
        let status = SecItemDelete(item(name) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw failure(status, name) }
    }

    private func item(_ name: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: name]
    }

    private func failure(_ status: OSStatus, _ name: String) -> CertificationError {
        CertificationError(code: .keyStoreError, message: "the Keychain refused \(name) (OSStatus \(status))")
    }
}
#endif
