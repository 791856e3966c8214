/// DG15: the key only the genuine chip holds the private half of. Active
/// Authentication (ICAO 9303 part 11 §6.1) asks the chip to sign a challenge
/// the server chose; a copy of the files cannot answer it.
struct ActiveAuthenticationKey: Sendable {
    let key: ChipPublicKey

    init(_ bytes: [UInt8]) throws(ChipFormatError) {
        let template = try DataGroupFiles.template(bytes, number: 15)
        key = try ChipPublicKey(subjectPublicKeyInfo: try template.child(0, "DG15's key"))
    }

    /// Whether `signature` is the chip's answer to `challenge`. RSA answers
    /// with ISO/IEC 9796-2 scheme 1 (message recovery); ECDSA with a plain
    /// r‖s over the challenge's hash, which DG14 names (`hashFromDG14`),
    /// or, when it does not, any hash ICAO allows: none makes a forgery easier.
    func verifies(challenge: [UInt8], signature: [UInt8], hashFromDG14: HashAlgorithm?) -> Bool {
        switch key {
        case .rsa(let modulus, let exponent):
            return ISO9796Part2.verify(signature, challenge: challenge, modulus: modulus, exponent: exponent)
        case .ec:
            let hashes = hashFromDG14.map { [$0] } ?? HashAlgorithm.allCases
            return hashes.contains { hash in
                [false, true].contains { der in
                    let algorithm = SignatureAlgorithm(hash: hash, scheme: .ecdsa(der: der))
                    return (try? SignatureVerifier.verify(signature, over: challenge, key: key, algorithm: algorithm)) == true
                }
            }
        }
    }
}

/// ISO/IEC 9796-2 digital signature scheme 1 with partial message recovery:
/// the opened signature is 0x6A ‖ M1 ‖ H(M1 ‖ challenge) ‖ trailer.
enum ISO9796Part2 {
    static func verify(_ signature: [UInt8], challenge: [UInt8], modulus: BigUnsigned, exponent: BigUnsigned) -> Bool {
        guard var opened = RSARepresentative.open(signature, modulus: modulus, exponent: exponent) else { return false }
        // The signer may send n − J instead of J (the standard's alternative): J ends in 0xC.
        if opened.last.map({ $0 & 0x0F != 0x0C }) == true {
            let value = BigUnsigned(bigEndian: opened)
            guard value < modulus, let other = (modulus - value).bigEndianBytes(count: opened.count) else { return false }
            opened = other
        }
        guard opened.first == 0x6A, let (hash, trailerLength) = trailer(opened) else { return false }
        let digestEnd = opened.count - trailerLength
        let digestStart = digestEnd - hash.length
        guard digestStart > 1 else { return false }
        let recovered = Array(opened[1..<digestStart])
        return hash.hash(recovered + challenge) == Array(opened[digestStart..<digestEnd])
    }

    /// 0xBC means SHA-1 implied; 0x??CC names the hash in its first byte.
    private static func trailer(_ opened: [UInt8]) -> (HashAlgorithm, Int)? {
        guard let last = opened.last else { return nil }
        if last == 0xBC { return (.sha1, 1) }
        guard last == 0xCC, opened.count >= 2 else { return nil }
        return switch opened[opened.count - 2] {
        case 0x33: (.sha1, 2)
        case 0x34: (.sha256, 2)
        case 0x35: (.sha512, 2)
        case 0x36: (.sha384, 2)
        case 0x38: (.sha224, 2)
        default: nil
        }
    }
}
