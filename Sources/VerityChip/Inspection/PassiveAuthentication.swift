import Foundation
import VerityCore

/// Passive authentication (ICAO 9303 part 11 §5.1) and Active Authentication
/// of one chip's files: the SOD's signature, the Document Signer's chain to
/// a trusted CSCA (valid when each signed, not revoked), every data group's
/// hash, DG15's answer to the challenge. Runs in the engines' sandbox.
package struct PassiveAuthentication: Sendable {
    let trust: ChipTrustStore

    package init(trust: ChipTrust) {
        self.trust = ChipTrustStore(trust)
    }

    init(trust: ChipTrustStore) {
        self.trust = trust
    }

    /// The Document Signer's issuer, for the trust store lookup; nil when the
    /// SOD cannot be read or carries no Document Signer.
    package static func signerReference(sod: [UInt8]) -> ChipSignerReference? {
        guard let object = try? DocumentSecurityObject(sod), let signer = object.documentSigner else { return nil }
        return ChipSignerReference(issuerKey: signer.issuer.key, authorityKeyIdentifier: signer.authorityKeyIdentifier?.hexString)
    }

    package func inspect(_ evidence: ChipEvidence) -> ChipFindings {
        var findings = ChipFindings()
        readDataGroups(evidence, into: &findings)
        guard let sod = evidence.file(.sod) else {
            findings.securityObjectUnreadable = true
            findings.dataGroups = Self.unchecked(evidence)
            return findings
        }
        let object: DocumentSecurityObject
        do {
            object = try DocumentSecurityObject(sod)
        } catch {
            findings.securityObjectUnreadable = true
            findings.unreadableFiles.append(.sod)
            findings.dataGroups = Self.unchecked(evidence)
            return findings
        }
        findings.hashAlgorithm = object.hash.rawValue
        findings.ldsVersion = object.ldsVersion
        findings.signatureAlgorithm = object.signer.algorithm.summary
        findings.dataGroups = Self.hashes(evidence, against: object)
        guard let signer = object.documentSigner else { return findings }
        findings.documentSigner = CertificateFacts(signer)
        findings.signatureValid = object.isSigned(by: signer)
        chain(signer, signedAt: object.signer.signingTime ?? signer.notBefore, into: &findings)
        return findings
    }

    /// Every data group sent, against the SOD's list; every one listed and not sent.
    private static func hashes(_ evidence: ChipEvidence, against object: DocumentSecurityObject) -> [DataGroupFinding] {
        (1...16).compactMap { number in
            let sent = ChipFile(dataGroup: number).flatMap { evidence.file($0) }
            let listed = object.dataGroupHashes[number]
            switch (sent, listed) {
            case (let bytes?, let hash?): return DataGroupFinding(number: number, status: object.hash.hash(bytes) == hash ? .verified : .altered)
            case (.some, nil): return DataGroupFinding(number: number, status: .unprotected)
            case (nil, .some): return DataGroupFinding(number: number, status: .notRead)
            case (nil, nil): return nil
            }
        }
    }

    /// Without a readable SOD nothing sent is protected.
    private static func unchecked(_ evidence: ChipEvidence) -> [DataGroupFinding] {
        evidence.files.keys.compactMap(\.dataGroupNumber).sorted().map { DataGroupFinding(number: $0, status: .unprotected) }
    }

    /// The chain model: the Document Signer valid when it signed the SOD, its
    /// CSCA valid when it issued the Document Signer, neither revoked.
    private func chain(_ signer: ChipCertificate, signedAt signingTime: Date, into findings: inout ChipFindings) {
        let candidates = trust.issuers(of: signer)
        guard !candidates.isEmpty else {
            findings.chain = .cscaUnknown
            return
        }
        guard let issuer = candidates.first(where: { signer.isSigned(by: $0) }) else {
            findings.chain = .signatureInvalid
            return
        }
        findings.issuer = CertificateFacts(issuer)
        let inTime = signer.isValid(at: signingTime) && issuer.isValid(at: signer.notBefore)
        findings.chain = inTime ? .verified : .expired
        if let list = trust.revocationList(of: issuer) {
            findings.revocation = .checked(listIssued: list.thisUpdate, nextUpdate: list.nextUpdate, revoked: list.revokes(signer))
        }
    }

    /// DG1's MRZ, DG2's faces, DG14's protocols, DG15's answer: read whatever
    /// their hashes say, each reported beside its hash's status.
    private func readDataGroups(_ evidence: ChipEvidence, into findings: inout ChipFindings) {
        if let dg1 = evidence.file(.dg1) {
            do { findings.mrzLines = try MachineReadableZoneGroup(dg1).lines } catch { findings.unreadableFiles.append(.dg1) }
        }
        if let dg2 = evidence.file(.dg2) {
            do {
                findings.faces = try FaceImageGroup(dg2).faces.map {
                    FaceFacts(format: $0.format.rawValue, width: $0.width, height: $0.height, bytes: $0.bytes.count)
                }
            } catch { findings.unreadableFiles.append(.dg2) }
        }
        var infos: SecurityInfos?
        if let dg14 = evidence.file(.dg14) {
            do { infos = try SecurityInfos(dataGroup14: dg14) } catch { findings.unreadableFiles.append(.dg14) }
        }
        findings.offersChipAuthentication = infos?.offersChipAuthentication ?? false
        findings.offersPACE = infos?.offersPACE ?? false
        guard let dg15 = evidence.file(.dg15) else { return }
        guard let key = try? ActiveAuthenticationKey(dg15) else {
            findings.activeAuthentication = .keyUnreadable
            findings.unreadableFiles.append(.dg15)
            return
        }
        guard let answer = evidence.activeAuthentication else {
            findings.activeAuthentication = .notPerformed
            return
        }
        let verified = key.verifies(
            challenge: [UInt8](answer.challenge), signature: [UInt8](answer.signature), hashFromDG14: infos?.activeAuthenticationHash)
        findings.activeAuthentication = verified ? .verified : .failed
    }
}
