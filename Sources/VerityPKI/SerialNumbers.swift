import Foundation
import X509

/// Certificate serial numbers: 16 random bytes (RFC 5280 allows 20; CA/Browser
/// Forum asks for at least 64 random bits), positive and minimally encoded, so
/// the same bytes are the INTEGER in certificates and CRLs alike.
public enum SerialNumbers {
    public static func random() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = (bytes[0] & 0x7F) | 0x01  // positive, and never a leading zero byte
        return bytes
    }

    public static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }

    public static func bytes(hex: String) -> [UInt8]? {
        guard hex.count % 2 == 0, hex.count <= 40, !hex.isEmpty else { return nil }
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            out.append(byte)
            index = next
        }
        return out
    }
}
