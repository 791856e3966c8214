/// Checks a signature over a message with a public key: RSA (PKCS#1 v1.5,
/// PSS) and ECDSA over any prime curve. A false answer is a signature that
/// does not verify; a thrown error is a key or signature that is malformed.
enum SignatureVerifier {
    static func verify(
        _ signature: [UInt8], over message: [UInt8], key: ChipPublicKey, algorithm: SignatureAlgorithm
    ) throws(ChipFormatError) -> Bool {
        let digest = algorithm.hash.hash(message)
        switch (key, algorithm.scheme) {
        case (.rsa(let modulus, let exponent), .rsaPKCS1v15):
            guard let encoded = RSARepresentative.open(signature, modulus: modulus, exponent: exponent) else { return false }
            return PKCS1v15.encodings(digest, algorithm.hash, length: encoded.count).contains(encoded)
        case (.rsa(let modulus, let exponent), .rsaPSS(let maskHash)):
            guard let encoded = RSARepresentative.open(signature, modulus: modulus, exponent: exponent) else { return false }
            return PSS.verify(encoded: encoded, digest: digest, hash: algorithm.hash, maskHash: maskHash, modulusBits: modulus.bitWidth)
        case (.ec(let curve, let point), .ecdsa(let der)):
            guard let (r, s) = try ECDSASignature.values(signature, der: der, orderLength: (curve.order.modulus.bitWidth + 7) / 8) else {
                return false
            }
            return ECDSASignature.verify(r: r, s: s, digest: digest, curve: curve, key: point)
        default:
            throw ChipFormatError("the key does not fit the signature algorithm (\(key.summary), \(algorithm.summary))")
        }
    }
}

/// The RSA public operation: signature^e mod n as the modulus's length in bytes.
enum RSARepresentative {
    static func open(_ signature: [UInt8], modulus: BigUnsigned, exponent: BigUnsigned) -> [UInt8]? {
        let length = (modulus.bitWidth + 7) / 8
        let value = BigUnsigned(bigEndian: signature)
        guard signature.count <= length + 1, value < modulus, let field = MontgomeryField(modulus: modulus) else { return nil }
        return field.leave(field.power(field.enter(value), exponent)).bigEndianBytes(count: length)
    }
}

enum PKCS1v15 {
    /// 00 01 FF… 00 DigestInfo, with and without the NULL parameters some signers omit.
    static func encodings(_ digest: [UInt8], _ hash: HashAlgorithm, length: Int) -> [[UInt8]] {
        let identifier = Self.identifierBytes(hash)
        return [identifier + [0x05, 0x00], identifier].compactMap { algorithm -> [UInt8]? in
            let algorithmSequence = [0x30, UInt8(algorithm.count)] + algorithm
            let octets = [0x04, UInt8(digest.count)] + digest
            let info = [0x30, UInt8(algorithmSequence.count + octets.count)] + algorithmSequence + octets
            guard length >= info.count + 11 else { return nil }
            return [0x00, 0x01] + [UInt8](repeating: 0xFF, count: length - info.count - 3) + [0x00] + info
        }
    }

    private static func identifierBytes(_ hash: HashAlgorithm) -> [UInt8] {
        let tail: [UInt8] = switch hash {
        case .sha1: [0x2B, 0x0E, 0x03, 0x02, 0x1A]
        case .sha224: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04]
        case .sha256: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
        case .sha384: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02]
        case .sha512: [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03]
        }
        return [0x06, UInt8(tail.count)] + tail
    }
}

/// EMSA-PSS-VERIFY (RFC 8017 §9.1.2), with the salt's length taken from the
/// encoding: chips are seen to declare one length and use another.
enum PSS {
    static func verify(encoded: [UInt8], digest: [UInt8], hash: HashAlgorithm, maskHash: HashAlgorithm, modulusBits: Int) -> Bool {
        let emBits = modulusBits - 1
        let emLength = (emBits + 7) / 8
        var em = encoded
        if em.count > emLength {
            guard em.first == 0 else { return false }
            em.removeFirst()
        }
        guard em.count == emLength, emLength >= hash.length + 2, em.last == 0xBC else { return false }
        let dbLength = emLength - hash.length - 1
        let maskedDB = em[0..<dbLength]
        let h = Array(em[dbLength..<(dbLength + hash.length)])
        let unusedBits = 8 * emLength - emBits
        let topMask: UInt8 = unusedBits == 0 ? 0xFF : 0xFF >> UInt8(unusedBits)
        guard maskedDB[0] & ~topMask == 0 else { return false }
        var db = zip(maskedDB, mask(h, length: dbLength, hash: maskHash)).map { $0 ^ $1 }
        db[0] &= topMask
        guard let separator = db.firstIndex(where: { $0 != 0 }), db[separator] == 0x01 else { return false }
        let salt = db[(separator + 1)...]
        let check = hash.hash([UInt8](repeating: 0, count: 8) + digest + salt)
        return check == h
    }

    /// MGF1.
    static func mask(_ seed: [UInt8], length: Int, hash: HashAlgorithm) -> [UInt8] {
        var output: [UInt8] = []
        var counter: UInt32 = 0
        while output.count < length {
            let counterBytes = (0..<4).reversed().map { UInt8(truncatingIfNeeded: counter >> (8 * UInt32($0))) }
            output += hash.hash(seed + counterBytes)
            counter += 1
        }
        return Array(output.prefix(length))
    }
}
