import Foundation
import SwiftASN1
import VerityCore
import X509

/// The certificate policy of each accreditation level, as an OID in every
/// certificate Verity issues, with a user notice saying what it is good for.
///
/// Policy OIDs belong to whoever runs the CA: an operator sets the arc of their
/// own IANA enterprise number (`VERITY_PKI_POLICY_ARC`). The default is RFC
/// 5612's enterprise number for documentation, 1.3.6.1.4.1.32473, which is fit
/// for development and tests only.
public struct CertificatePolicy: Sendable, Equatable {
    public static let documentationArc = "1.3.6.1.4.1.32473"

    public let arc: ASN1ObjectIdentifier

    /// Throws `VALIDATION_ERROR` for text that is not a dotted OID.
    public init(arc: String = CertificatePolicy.documentationArc) throws(VerityError) {
        guard arc.range(of: "^[0-2](\\.[0-9]{1,18}){1,30}$", options: .regularExpression) != nil,
              let parsed = try? ASN1ObjectIdentifier(dotRepresentation: arc) else {
            throw VerityError(.validationError, "The certificate policy arc must be a dotted OID such as 1.3.6.1.4.1.32473.", field: "policyArc")
        }
        self.arc = parsed
    }

    /// arc.1.<level>: the policy of certificates for accreditation `level`.
    public func oid(for level: AccreditationLevel) -> ASN1ObjectIdentifier {
        try! ASN1ObjectIdentifier(elements: arc.oidComponents + [1, UInt(level.rawValue)])
    }

    /// What a relying party is told about each level (in the certificate's user notice).
    public func notice(for level: AccreditationLevel) -> String {
        switch level {
        case .level1: "Verity level 1: self-accredited; for authentication and transaction approval only, no legal validity."
        case .level2: "Verity level 2: accreditation approved by an operator (eIDAS assurance low)."
        case .level3: "Verity level 3: identity checked by document or in person (eIDAS assurance substantial)."
        case .level4: "Verity level 4: identity checked, key held in the platform's HSM (eIDAS assurance high)."
        }
    }

    /// The certificatePolicies extension (RFC 5280 4.2.1.4) with one policy and its user notice.
    public func extensionFor(_ level: AccreditationLevel) throws -> Certificate.Extension {
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { policies in
            try policies.appendConstructedNode(identifier: .sequence) { information in
                try information.serialize(oid(for: level))
                try information.appendConstructedNode(identifier: .sequence) { qualifiers in
                    try qualifiers.appendConstructedNode(identifier: .sequence) { qualifier in
                        // id-qt-unotice
                        try qualifier.serialize(ASN1ObjectIdentifier(dotRepresentation: "1.3.6.1.5.5.7.2.2"))
                        try qualifier.appendConstructedNode(identifier: .sequence) { userNotice in
                            try userNotice.serialize(ASN1UTF8String(notice(for: level)))
                        }
                    }
                }
            }
        }
        return Certificate.Extension(oid: try ASN1ObjectIdentifier(dotRepresentation: "2.5.29.32"), critical: false,
                                     value: ArraySlice(serializer.serializedBytes))
    }
}
