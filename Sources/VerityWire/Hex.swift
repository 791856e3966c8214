extension Sequence where Element == UInt8 {
    /// Lower-case hex, two digits a byte. Digests, blind indexes and webhook
    /// signatures are written on every request or delivery: `String(format:)`
    /// per byte cost more than the HMAC it printed.
    public var hexString: String {
        var digits: [UInt8] = []
        digits.reserveCapacity(64)
        for byte in self {
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: digits, as: UTF8.self)
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)
