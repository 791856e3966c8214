/// ECDSA verification (SEC 1 §4.1.4) over any prime curve.
enum ECDSASignature {
    /// r and s from a DER `ECDSA-Sig-Value` or a plain r‖s; nil when the
    /// signature is not that shape (it does not verify).
    static func values(_ signature: [UInt8], der: Bool, orderLength: Int) throws(ChipFormatError) -> (BigUnsigned, BigUnsigned)? {
        if der || signature.first == 0x30 && signature.count != 2 * orderLength {
            guard let node = try? BERReader.parse(signature), node.isSequence, node.children.count == 2,
                  let r = try? node.children[0].unsignedInteger(), let s = try? node.children[1].unsignedInteger() else {
                return nil
            }
            return (BigUnsigned(bigEndian: r), BigUnsigned(bigEndian: s))
        }
        guard signature.count % 2 == 0, !signature.isEmpty else { return nil }
        let half = signature.count / 2
        return (BigUnsigned(bigEndian: signature[..<half]), BigUnsigned(bigEndian: signature[half...]))
    }

    static func verify(
        r: BigUnsigned, s: BigUnsigned, digest: [UInt8], curve: EllipticCurve, key: EllipticCurve.AffinePoint
    ) -> Bool {
        let n = curve.order.modulus
        guard !r.isZero, !s.isZero, r < n, s < n else { return false }
        let e = BigUnsigned(bigEndian: digest).leftmostBits(n.bitWidth, ofByteLength: digest.count)
        let order = curve.order
        let w = order.inverse(order.enter(s))
        let u1 = order.leave(order.multiply(order.enter(e), w))
        let u2 = order.leave(order.multiply(order.enter(r), w))
        let point = curve.combination(u1, u2, key)
        guard !curve.isInfinity(point) else { return false }
        return curve.affineX(point).remainder(dividingBy: n) == r
    }
}
