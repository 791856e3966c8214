/// A short Weierstrass curve y² = x³ + ax + b over a prime field, as X9.62's
/// `ECParameters` write it: named (by object identifier) or explicit, as
/// many CSCAs and chips use for brainpool curves.
struct EllipticCurve: Sendable {
    /// The curve's name when its parameters are one of `NamedCurves`.
    let name: String?
    let field: MontgomeryField
    let order: MontgomeryField
    let a: MontgomeryField.Element
    let b: MontgomeryField.Element
    let generator: AffinePoint
    /// The field's size in bytes, the width of a coordinate.
    let coordinateLength: Int

    struct AffinePoint: Sendable, Equatable {
        let x: MontgomeryField.Element
        let y: MontgomeryField.Element
    }

    /// From an `ECParameters` element (or an `AlgorithmIdentifier`'s parameters):
    /// a named curve's object identifier, or the explicit parameters.
    init(parameters node: BERNode) throws(ChipFormatError) {
        if node.isTag(.universal, 6) {
            let identifier = try node.objectIdentifier()
            guard let named = NamedCurves.curves.first(where: { $0.identifier == identifier }) else {
                throw ChipFormatError("the named curve \(identifier) is not supported", unsupported: true)
            }
            self = named.curve
            return
        }
        try self.init(explicit: node, name: nil)
    }

    fileprivate init(explicit node: BERNode, name: String?) throws(ChipFormatError) {
        guard node.isSequence else { throw ChipFormatError("curve parameters were expected") }
        let fieldID = try node.child(1, "the curve's field")
        guard try fieldID.child(0, "the field's type").objectIdentifier() == ObjectIdentifiers.primeField else {
            throw ChipFormatError("only curves over a prime field are supported")
        }
        let prime = BigUnsigned(bigEndian: try fieldID.child(1, "the field's prime").unsignedInteger())
        let curve = try node.child(2, "the curve's coefficients")
        let orderValue = BigUnsigned(bigEndian: try node.child(4, "the curve's order").unsignedInteger())
        guard prime.bitWidth >= 160, prime.bitWidth <= 521, orderValue.bitWidth >= 160,
              let field = MontgomeryField(modulus: prime), let order = MontgomeryField(modulus: orderValue) else {
            throw ChipFormatError("the curve's prime or order is out of range")
        }
        self.name = name ?? NamedCurves.name(prime: prime, order: orderValue)
        self.field = field
        self.order = order
        coordinateLength = (prime.bitWidth + 7) / 8
        let aValue = BigUnsigned(bigEndian: try curve.child(0, "the coefficient a").octetString())
        let bValue = BigUnsigned(bigEndian: try curve.child(1, "the coefficient b").octetString())
        guard aValue < prime, bValue < prime else { throw ChipFormatError("a curve coefficient is out of range") }
        a = field.enter(aValue)
        b = field.enter(bValue)
        let base = try node.child(3, "the curve's base point").octetString()
        generator = try Self.decodePoint(base, field: field, a: a, b: b, coordinateLength: coordinateLength)
    }

    /// A point in SEC 1's encoding (uncompressed, or compressed when the
    /// prime is 3 mod 4, as every curve ICAO uses has), on the curve.
    func point(_ encoded: [UInt8]) throws(ChipFormatError) -> AffinePoint {
        try Self.decodePoint(encoded, field: field, a: a, b: b, coordinateLength: coordinateLength)
    }

    private static func decodePoint(
        _ encoded: [UInt8], field: MontgomeryField, a: MontgomeryField.Element, b: MontgomeryField.Element, coordinateLength: Int
    ) throws(ChipFormatError) -> AffinePoint {
        guard let form = encoded.first else { throw ChipFormatError("a point is empty") }
        let xBytes = encoded.dropFirst().prefix(coordinateLength)
        let xValue = BigUnsigned(bigEndian: xBytes)
        guard xBytes.count == coordinateLength, xValue < field.modulus else { throw ChipFormatError("a point's x is malformed") }
        let x = field.enter(xValue)
        let rightSide = field.add(field.multiply(field.add(field.square(x), a), x), b)
        let y: MontgomeryField.Element
        switch form {
        case 0x04:
            let yBytes = encoded.dropFirst(1 + coordinateLength)
            let yValue = BigUnsigned(bigEndian: yBytes)
            guard yBytes.count == coordinateLength, yValue < field.modulus else { throw ChipFormatError("a point's y is malformed") }
            y = field.enter(yValue)
        case 0x02, 0x03:
            guard encoded.count == 1 + coordinateLength, field.modulus.bit(0), field.modulus.bit(1) else {
                throw ChipFormatError("a compressed point on this curve is not supported", unsupported: true)
            }
            // p ≡ 3 (mod 4): the square root is c^((p+1)/4).
            let exponent = (field.modulus + .one).shiftedRightOne().shiftedRightOne()
            let root = field.power(rightSide, exponent)
            let odd = field.leave(root).bit(0)
            y = odd == (form == 0x03) ? root : field.subtract(field.zero, root)
        default:
            throw ChipFormatError("a point's encoding is not supported", unsupported: true)
        }
        guard field.square(y) == rightSide else { throw ChipFormatError("a point is not on its curve") }
        return AffinePoint(x: x, y: y)
    }

    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            func value(_ digit: UInt8) -> UInt8 { digit <= 57 ? digit - 48 : (digit | 0x20) - 87 }
            bytes.append(value(high) << 4 | value(low))
        }
        return bytes
    }
}

extension NamedCurves {
    /// Every named curve, read once (a master list names hundreds of keys).
    static let curves: [(identifier: String, curve: EllipticCurve)] = all.compactMap { named in
        guard let node = try? BERReader.parse(EllipticCurve.bytes(hex: named.parametersHex)),
              let curve = try? EllipticCurve(explicit: node, name: named.name) else { return nil }
        return (named.objectIdentifier, curve)
    }

    /// The name of the named curve with this prime and order, so an explicit
    /// key on brainpoolP256r1 reads as such in a report.
    static func name(prime: BigUnsigned, order: BigUnsigned) -> String? {
        curves.first { $0.curve.field.modulus == prime && $0.curve.order.modulus == order }?.curve.name
    }
}
