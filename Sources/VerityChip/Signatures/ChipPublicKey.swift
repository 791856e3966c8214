/// A public key from a `SubjectPublicKeyInfo`: a certificate's, or DG15's
/// Active Authentication key. RSA, or ECDSA over a named or explicit curve.
enum ChipPublicKey: Sendable {
    case rsa(modulus: BigUnsigned, exponent: BigUnsigned)
    case ec(curve: EllipticCurve, point: EllipticCurve.AffinePoint)

    /// RSA keys shorter than this are refused: older than any passport.
    static let minimumRSABits = 1024
    /// Longer than any CSCA's; a longer modulus is an attempt on the CPU.
    static let maximumRSABits = 8192

    init(subjectPublicKeyInfo node: BERNode) throws(ChipFormatError) {
        guard node.isSequence else { throw ChipFormatError("a public key was expected") }
        let algorithm = try node.child(0, "the key's algorithm")
        let identifier = try algorithm.child(0, "the key's algorithm").objectIdentifier()
        let keyBytes = try node.child(1, "the key's bits").bitStringBytes()
        switch identifier {
        case ObjectIdentifiers.rsaEncryption, ObjectIdentifiers.rsassaPSS:
            let key = try BERReader.parse(keyBytes)
            let modulus = BigUnsigned(bigEndian: try key.child(0, "the RSA modulus").unsignedInteger())
            let exponent = BigUnsigned(bigEndian: try key.child(1, "the RSA exponent").unsignedInteger())
            guard modulus.bitWidth >= Self.minimumRSABits, modulus.bitWidth <= Self.maximumRSABits, modulus.bit(0) else {
                throw ChipFormatError("the RSA modulus is \(modulus.bitWidth) bits, outside what is accepted")
            }
            guard exponent > .one, exponent.bitWidth <= 64, exponent.bit(0) else {
                throw ChipFormatError("the RSA exponent is out of range")
            }
            self = .rsa(modulus: modulus, exponent: exponent)
        case ObjectIdentifiers.ecPublicKey:
            let curve = try EllipticCurve(parameters: try algorithm.child(1, "the key's curve"))
            self = .ec(curve: curve, point: try curve.point(keyBytes))
        default:
            throw ChipFormatError("the key algorithm \(identifier) is not supported", unsupported: true)
        }
    }

    /// "RSA-2048", "ECDSA brainpoolP256r1", for reports.
    var summary: String {
        switch self {
        case .rsa(let modulus, _): "RSA-\(modulus.bitWidth)"
        case .ec(let curve, _): "ECDSA \(curve.name ?? "explicit \(curve.field.modulus.bitWidth)-bit curve")"
        }
    }
}
