import Foundation
import VerityCore

/// What an app read from a chip, as it crosses to the engines: the files by
/// name, and the chip's answer to the challenge this check was given.
package struct ChipEvidence: Sendable, Codable, Equatable {
    package var files: [ChipFile: Data]
    package var activeAuthentication: ActiveAuthenticationAnswer?

    package struct ActiveAuthenticationAnswer: Sendable, Codable, Equatable {
        /// The challenge the server issued for this check (8 bytes).
        package let challenge: Data
        /// The chip's signature over it, as the app received it.
        package let signature: Data

        package init(challenge: Data, signature: Data) {
            self.challenge = challenge
            self.signature = signature
        }
    }

    package init(files: [ChipFile: Data], activeAuthentication: ActiveAuthenticationAnswer? = nil) {
        self.files = files
        self.activeAuthentication = activeAuthentication
    }

    package func file(_ name: ChipFile) -> [UInt8]? { files[name].map { [UInt8]($0) } }
}

/// What a tenant trusts, as it crosses to the engines: CSCA and link
/// certificates and revocation lists, as encoded.
package struct ChipTrust: Sendable, Codable, Equatable {
    package var certificates: [Data]
    package var revocationLists: [Data]

    package init(certificates: [Data] = [], revocationLists: [Data] = []) {
        self.certificates = certificates
        self.revocationLists = revocationLists
    }

    /// Certificates and CRLs from files, DER or PEM, whichever each is
    /// (`verity chip inspect --trust`): what reads as neither is left out.
    package init(files: [[UInt8]]) {
        let blocks = files.flatMap { PEM.derBlocks($0) ?? [$0] }
        certificates = blocks.filter { (try? ChipCertificate(encoded: $0)) != nil }.map { Data($0) }
        revocationLists = blocks.filter { (try? RevocationList(encoded: $0)) != nil }.map { Data($0) }
    }
}

/// Which trust anchors a chip's Document Signer needs: its issuer's name key
/// (`DistinguishedName.key`) and authority key identifier. The server looks
/// them up in the tenant's trust store before the chip is verified.
package struct ChipSignerReference: Sendable, Codable, Equatable {
    package let issuerKey: String
    package let authorityKeyIdentifier: String?
}
