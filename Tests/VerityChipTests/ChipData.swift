import Foundation
import VerityChipTestSupport
import VerityCore
@testable import VerityChip

/// The shared chip sets (`../shared/data/chip`, see its README): none of it
/// made by this project.
enum ChipData {
    static var directory: URL { ChipSets.directory }

    static func bytes(_ path: String) throws -> [UInt8] { try ChipSets.bytes(path) }

    /// The BSI TR-03105-5 set: Erika Mustermann's passport.
    static func bsi() throws -> [ChipFile: [UInt8]] {
        [
            .com: try bytes("bsi-tr03105/EF_COM.bin"), .sod: try bytes("bsi-tr03105/EF_SOD.bin"),
            .dg1: try bytes("bsi-tr03105/Datagroup1.bin"), .dg2: try bytes("bsi-tr03105/Datagroup2.bin"),
            .dg3: try bytes("bsi-tr03105/Datagroup3.bin"), .dg4: try bytes("bsi-tr03105/Datagroup4.bin"),
            .dg14: try bytes("bsi-tr03105/Datagroup14.bin"), .dg15: try bytes("bsi-tr03105/Datagroup15.bin"),
        ]
    }

    /// The ETSI prototype set; its DG2-DG4 are the BSI set's, byte for byte (README).
    static func etsi() throws -> [ChipFile: [UInt8]] {
        [
            .sod: try bytes("etsi-prototype/EF_SOD.bin"), .dg1: try bytes("etsi-prototype/DG1.bin"),
            .dg2: try bytes("bsi-tr03105/Datagroup2.bin"), .dg3: try bytes("bsi-tr03105/Datagroup3.bin"),
            .dg4: try bytes("bsi-tr03105/Datagroup4.bin"), .dg14: try bytes("etsi-prototype/DG14.bin"),
            .dg15: try bytes("etsi-prototype/DG15.bin"),
        ]
    }

    static func etsiCSCA() throws -> [UInt8] { try bytes("etsi-prototype/ETSI_CSCA_0130846f22c2.der") }

    static func evidence(_ files: [ChipFile: [UInt8]], answer: ChipEvidence.ActiveAuthenticationAnswer? = nil) -> ChipEvidence {
        ChipEvidence(files: files.mapValues { Data($0) }, activeAuthentication: answer)
    }

    static func inspect(_ files: [ChipFile: [UInt8]], trust: [[UInt8]] = [], lists: [[UInt8]] = [],
                        answer: ChipEvidence.ActiveAuthenticationAnswer? = nil) -> ChipFindings {
        let store = ChipTrustStore(ChipTrust(certificates: trust.map { Data($0) }, revocationLists: lists.map { Data($0) }))
        return PassiveAuthentication(trust: store).inspect(evidence(files, answer: answer))
    }
}
