/// Arithmetic modulo an odd number, in Montgomery form: an RSA modulus, an
/// elliptic curve's prime or its order. Values inside are fixed-width limb
/// arrays below the modulus; `enter` and `leave` convert.
struct MontgomeryField: Sendable {
    typealias Element = [UInt64]

    let modulus: BigUnsigned
    private let modulusLimbs: [UInt64]
    private let width: Int
    /// −modulus⁻¹ mod 2⁶⁴.
    private let inverseOfLowLimb: UInt64
    /// R² mod modulus, R = 2^(64·width): multiplying by it enters the form.
    private let rSquared: Element

    /// Nil for an even or trivial modulus, which no key or curve has.
    init?(modulus: BigUnsigned) {
        guard modulus.bit(0), modulus > .one else { return nil }
        self.modulus = modulus
        modulusLimbs = modulus.limbs
        width = modulus.limbs.count
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- modulusLimbs[0] &* inverse) }
        inverseOfLowLimb = 0 &- inverse
        var value = BigUnsigned.one
        for _ in 0..<(2 * 64 * width) {
            value = value.shiftedLeftOne()
            if value >= modulus { value = value - modulus }
        }
        rSquared = Self.padded(value, width)
    }

    private static func padded(_ value: BigUnsigned, _ width: Int) -> Element {
        value.limbs + [UInt64](repeating: 0, count: width - value.limbs.count)
    }

    var zero: Element { [UInt64](repeating: 0, count: width) }
    var one: Element { enter(.one) }

    /// `value` (any size) into the form, reduced first.
    func enter(_ value: BigUnsigned) -> Element {
        multiply(Self.padded(value.remainder(dividingBy: modulus), width), rSquared)
    }

    /// Out of the form.
    func leave(_ element: Element) -> BigUnsigned {
        var unit = zero
        unit[0] = 1
        return BigUnsigned(limbs: multiply(element, unit))
    }

    func isZero(_ element: Element) -> Bool { element.allSatisfy { $0 == 0 } }

    /// Montgomery multiplication (CIOS): a·b·R⁻¹ mod modulus.
    func multiply(_ a: Element, _ b: Element) -> Element {
        var t = [UInt64](repeating: 0, count: width + 2)
        for i in 0..<width {
            var carry: UInt64 = 0
            for j in 0..<width {
                (carry, t[j]) = Self.multiplyAdd(a[j], b[i], t[j], carry)
            }
            (t[width], t[width + 1]) = Self.add(t[width], carry)
            let m = t[0] &* inverseOfLowLimb
            (carry, _) = Self.multiplyAdd(m, modulusLimbs[0], t[0], 0)
            for j in 1..<width {
                (carry, t[j - 1]) = Self.multiplyAdd(m, modulusLimbs[j], t[j], carry)
            }
            let (sum, overflow) = t[width].addingReportingOverflow(carry)
            t[width - 1] = sum
            t[width] = t[width + 1] &+ (overflow ? 1 : 0)
        }
        var result = Array(t[0..<width])
        if t[width] != 0 || !isBelowModulus(result) { subtractModulus(&result) }
        return result
    }

    func square(_ a: Element) -> Element { multiply(a, a) }

    func add(_ a: Element, _ b: Element) -> Element {
        var result = a
        if Self.add(b, to: &result) || !isBelowModulus(result) { _ = Self.subtract(modulusLimbs, from: &result) }
        return result
    }

    func subtract(_ a: Element, _ b: Element) -> Element {
        var result = a
        if Self.subtract(b, from: &result) { _ = Self.add(modulusLimbs, to: &result) }
        return result
    }

    /// base^exponent, base in the form.
    func power(_ base: Element, _ exponent: BigUnsigned) -> Element {
        var result = one
        for index in (0..<exponent.bitWidth).reversed() {
            result = square(result)
            if exponent.bit(index) { result = multiply(result, base) }
        }
        return result
    }

    /// The inverse of a non-zero element, by Fermat: the modulus must be prime
    /// (a curve's prime or order).
    func inverse(_ element: Element) -> Element {
        power(element, modulus - BigUnsigned(2))
    }

    private func isBelowModulus(_ value: Element) -> Bool {
        for index in (0..<width).reversed() where value[index] != modulusLimbs[index] {
            return value[index] < modulusLimbs[index]
        }
        return false
    }

    private func subtractModulus(_ value: inout Element) {
        _ = Self.subtract(modulusLimbs, from: &value)
    }

    /// `value += other` over the same width, wrapping; whether a carry left the top.
    private static func add(_ other: [UInt64], to value: inout Element) -> Bool {
        var carry: UInt64 = 0
        for index in value.indices {
            let (sum1, overflow1) = value[index].addingReportingOverflow(other[index])
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry)
            value[index] = sum2
            carry = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return carry != 0
    }

    /// `value -= other` over the same width, wrapping; whether it borrowed past the top.
    private static func subtract(_ other: [UInt64], from value: inout Element) -> Bool {
        var borrow: UInt64 = 0
        for index in value.indices {
            let (difference1, overflow1) = value[index].subtractingReportingOverflow(other[index])
            let (difference2, overflow2) = difference1.subtractingReportingOverflow(borrow)
            value[index] = difference2
            borrow = (overflow1 ? 1 : 0) + (overflow2 ? 1 : 0)
        }
        return borrow != 0
    }

    /// a·b + c + d as (high, low): never overflows 128 bits.
    @inline(__always)
    private static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
        var (high, low) = a.multipliedFullWidth(by: b)
        var overflow: Bool
        (low, overflow) = low.addingReportingOverflow(c)
        high &+= overflow ? 1 : 0
        (low, overflow) = low.addingReportingOverflow(d)
        high &+= overflow ? 1 : 0
        return (high, low)
    }

    @inline(__always)
    private static func add(_ a: UInt64, _ b: UInt64) -> (UInt64, UInt64) {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return (sum, overflow ? 1 : 0)
    }
}
