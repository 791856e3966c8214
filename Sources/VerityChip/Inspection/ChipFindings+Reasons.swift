import VerityCore

extension ChipFindings {
    /// What the findings fall short by, in the order a reviewer reads them.
    /// The MRZ's and the face's comparisons are the server's (they need the
    /// printed document and the selfie) and are added there.
    package var reasons: [ChipReason] {
        var reasons: [ChipReason] = []
        if securityObjectUnreadable || documentSigner == nil || !signatureValid || chain == .signatureInvalid {
            reasons.append(.signatureInvalid)
        }
        if chain == .cscaUnknown { reasons.append(.cscaUnknown) }
        if chain == .expired { reasons.append(.certificateExpired) }
        if case .checked(_, _, true) = revocation { reasons.append(.certificateRevoked) }
        if dataGroups.contains(where: { $0.status == .altered }) { reasons.append(.dataAltered) }
        if dataGroups.contains(where: { $0.status == .unprotected }) { reasons.append(.dataUnprotected) }
        if activeAuthentication == .failed { reasons.append(.cloneSuspected) }
        return reasons
    }

    /// Whether the chip is genuine and unaltered as far as its files go: the
    /// signature, the chain and every sent hash hold, nothing unprotected.
    package var isAuthentic: Bool { reasons.isEmpty && chain == .verified }
}
