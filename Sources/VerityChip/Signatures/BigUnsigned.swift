/// A non-negative integer of any size, for checking signatures: 64-bit limbs,
/// least significant first, never a trailing zero limb. Only public values
/// pass through it (keys, signatures, hashes), so nothing here needs to run
/// in constant time; correctness is held to OpenSSL's answers by the tests.
struct BigUnsigned: Sendable, Equatable, Comparable {
    private(set) var limbs: [UInt64]

    init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    init(_ value: UInt64) {
        self.init(limbs: [value])
    }

    /// From big-endian bytes, as ASN.1 INTEGERs and signatures carry them.
    init<Bytes: Collection<UInt8>>(bigEndian bytes: Bytes) {
        var limbs = [UInt64](repeating: 0, count: (bytes.count + 7) / 8)
        for (index, byte) in bytes.reversed().enumerated() {
            limbs[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8))
        }
        self.init(limbs: limbs)
    }

    static let zero = BigUnsigned(limbs: [])
    static let one = BigUnsigned(1)

    var isZero: Bool { limbs.isEmpty }

    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 64 - top.leadingZeroBitCount
    }

    func bit(_ index: Int) -> Bool {
        let limb = index / 64
        return limb < limbs.count && limbs[limb] >> UInt64(index % 64) & 1 == 1
    }

    /// Big-endian bytes, left-padded with zeros to `count` (nil if it does not fit).
    func bigEndianBytes(count: Int) -> [UInt8]? {
        guard (bitWidth + 7) / 8 <= count else { return nil }
        return (0..<count).reversed().map { index in
            let limb = index / 8
            return limb < limbs.count ? UInt8(truncatingIfNeeded: limbs[limb] >> (8 * UInt64(index % 8))) : 0
        }
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    static func < (lhs: BigUnsigned, rhs: BigUnsigned) -> Bool {
        guard lhs.limbs.count == rhs.limbs.count else { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }

    static func + (lhs: BigUnsigned, rhs: BigUnsigned) -> BigUnsigned {
        var result = [UInt64](repeating: 0, count: max(lhs.limbs.count, rhs.limbs.count) + 1)
        var carry: UInt64 = 0
        for index in 0..<(result.count - 1) {
            let (sum1, overflow1) = (index < lhs.limbs.count ? lhs.limbs[index] : 0).addingReportingOverflow(carry)
            let (sum2, overflow2) = sum1.addingReportingOverflow(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            result[index] = sum2
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        result[result.count - 1] = carry
        return BigUnsigned(limbs: result)
    }

    /// `lhs - rhs`; the caller knows `lhs >= rhs`.
    static func - (lhs: BigUnsigned, rhs: BigUnsigned) -> BigUnsigned {
        precondition(lhs >= rhs, "BigUnsigned subtraction below zero")
        var result = lhs.limbs
        var borrow: UInt64 = 0
        for index in result.indices {
            let (difference1, overflow1) = result[index].subtractingReportingOverflow(borrow)
            let (difference2, overflow2) = difference1.subtractingReportingOverflow(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            result[index] = difference2
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return BigUnsigned(limbs: result)
    }

    /// The remainder of division by `modulus` (not zero), a bit at a time:
    /// used once per key or signature, never in a loop of the arithmetic.
    func remainder(dividingBy modulus: BigUnsigned) -> BigUnsigned {
        precondition(!modulus.isZero, "BigUnsigned remainder by zero")
        guard self >= modulus else { return self }
        var remainder = BigUnsigned.zero
        for index in (0..<bitWidth).reversed() {
            remainder = remainder.shiftedLeftOne(settingLowBit: bit(index))
            if remainder >= modulus { remainder = remainder - modulus }
        }
        return remainder
    }

    func shiftedLeftOne(settingLowBit low: Bool = false) -> BigUnsigned {
        var result = [UInt64](repeating: 0, count: limbs.count + 1)
        var carry: UInt64 = low ? 1 : 0
        for index in limbs.indices {
            result[index] = limbs[index] << 1 | carry
            carry = limbs[index] >> 63
        }
        result[limbs.count] = carry
        return BigUnsigned(limbs: result)
    }

    /// The top `count` bits (ECDSA's hash, cut to the order's length).
    func leftmostBits(_ count: Int, ofByteLength bytes: Int) -> BigUnsigned {
        let excess = bytes * 8 - count
        guard excess > 0 else { return self }
        var value = self
        for _ in 0..<excess { value = value.shiftedRightOne() }
        return value
    }

    func shiftedRightOne() -> BigUnsigned {
        var result = limbs
        for index in result.indices {
            let high = index + 1 < limbs.count ? limbs[index + 1] << 63 : 0
            result[index] = limbs[index] >> 1 | high
        }
        return BigUnsigned(limbs: result)
    }
}
