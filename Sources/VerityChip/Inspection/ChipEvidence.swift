import Foundation
import VerityCore

/// What an app read from a chip, as it crosses to the engines: the files by
/// name, and the chip's answer to the challenge this check was given.
struct ChipEvidence: Sendable, Codable, Equatable {
    var files: [ChipFile: Data]
    var activeAuthentication: ActiveAuthenticationAnswer?

    struct ActiveAuthenticationAnswer: Sendable, Codable, Equatable {
        /// The challenge the server issued for this check (8 bytes).
        let challenge: Data
        /// The chip's signature over it, as the app received it.
        let signature: Data
    }

    init(files: [ChipFile: Data], activeAuthentication: ActiveAuthenticationAnswer? = nil) {
        self.files = files
        self.activeAuthentication = activeAuthentication
    }

    func file(_ name: ChipFile) -> [UInt8]? { files[name].map { [UInt8]($0) } }
}

/// What a tenant trusts, as it crosses to the engines: CSCA and link
/// certificates and revocation lists, as encoded.
struct ChipTrust: Sendable, Codable, Equatable {
    var certificates: [Data]
    var revocationLists: [Data]

    init(certificates: [Data] = [], revocationLists: [Data] = []) {
        self.certificates = certificates
        self.revocationLists = revocationLists
    }
}

/// Which trust anchors a chip's Document Signer needs: its issuer's name key
/// (`DistinguishedName.key`) and authority key identifier. The server looks
/// them up in the tenant's trust store before the chip is verified.
struct ChipSignerReference: Sendable, Codable, Equatable {
    let issuerKey: String
    let authorityKeyIdentifier: String?
}
