import ArgumentParser
import Foundation
import VerityAdmin
import VerityChip
import VerityChipChecks
import VerityCore
import VerityPKI

/// `verity chip`: ePassport chips: the CSCAs and CRLs a tenant trusts, and a
/// chip's files inspected offline.
struct ChipCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chip", abstract: "ePassport and eID chips (ICAO 9303): the trust store, and a chip's files inspected.",
        subcommands: [Trust.self, Inspect.self])

    struct Trust: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The CSCAs and CRLs a tenant's chips are verified against.", subcommands: [Import.self, List.self])
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Trust a CSCA master list, a CSCA or link certificate, or a CSCA's CRL (DER or PEM).",
            discussion: """
                A master list (.ml) is trusted only when its signature verifies and its signer chains to a CSCA \
                you name with --signer-csca (the publishing state's, obtained from it), or to one the tenant \
                trusts already with --signer-from-trust-store. Every certificate of the file is accounted for: \
                added, already trusted, a duplicate, or skipped with a reason. Prints JSON.
                """)
        @Option(help: "Tenant name.") var tenant: String
        @Argument(help: "The file: a master list, a certificate or a CRL.") var file: String
        @Option(name: .customLong("signer-csca"), help: "A CSCA a master list's signer chains to (repeatable).") var signerCSCAs: [String] = []
        @Flag(help: "Let a master list's signer chain to a CSCA this tenant already trusts.") var signerFromTrustStore = false

        func run() async throws {
            let bytes = try ChipFiles.read(file)
            let anchors = try signerCSCAs.map(ChipFiles.read)
            try await AdminCommand.run {
                try await $0.chip.importTrust(tenant: tenant, file: bytes, signerCSCAs: anchors, signerFromTrustStore: signerFromTrustStore)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "What the tenant trusts, as JSON: certificates with their expiry, and CRLs.")
        @Option(help: "Tenant name.") var tenant: String

        func run() async throws {
            try await AdminCommand.run { try await $0.chip.trust(tenant: tenant) }
        }
    }

    struct Inspect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Passive and active authentication of a chip's files, offline; prints the document report's chip section as JSON.",
            discussion: """
                Give the files an app read (EF.SOD at least) and, to chain the Document Signer, the CSCA(s) and \
                CRLs to trust (--trust, DER or PEM, repeatable). Exits 0 when the chip is authentic, 1 when not \
                (read "reasons"), 65 on unusable input.
                """)
        @Option(help: "EF.SOD.") var sod: String
        @Option(help: "EF.COM.") var com: String?
        @Option(help: "DG1 (the MRZ).") var dg1: String?
        @Option(help: "DG2 (the face).") var dg2: String?
        @Option(help: "DG3.") var dg3: String?
        @Option(help: "DG4.") var dg4: String?
        @Option(help: "DG7 (the signature image).") var dg7: String?
        @Option(help: "DG11.") var dg11: String?
        @Option(help: "DG12.") var dg12: String?
        @Option(help: "DG14 (security infos).") var dg14: String?
        @Option(help: "DG15 (the Active Authentication key).") var dg15: String?
        @Option(help: "A CSCA, link certificate or CRL to trust (repeatable).") var trust: [String] = []
        @Option(name: .customLong("aa-challenge"), help: "The challenge the chip signed, in hex (8 bytes).") var challenge: String?
        @Option(name: .customLong("aa-signature"), help: "The chip's Active Authentication answer (a file).") var signature: String?

        func validate() throws {
            guard (challenge == nil) == (signature == nil) else { throw ValidationError("give --aa-challenge and --aa-signature together") }
            if let challenge, SerialNumbers.bytes(hex: challenge) == nil { throw ValidationError("--aa-challenge must be hex, e.g. 0123456789abcdef") }
        }

        func run() async throws {
            let named: [(ChipFile, String?)] = [(.sod, sod), (.com, com), (.dg1, dg1), (.dg2, dg2), (.dg3, dg3), (.dg4, dg4), (.dg7, dg7),
                                                (.dg11, dg11), (.dg12, dg12), (.dg14, dg14), (.dg15, dg15)]
            var files: [ChipFile: Data] = [:]
            for (name, path) in named {
                guard let path else { continue }
                let bytes = try ChipFiles.read(path)
                guard bytes.count <= name.maximumBytes else {
                    throw ValidationError("\(name.standardName) is \(bytes.count) bytes; a chip's is at most \(name.maximumBytes)")
                }
                files[name] = Data(bytes)
            }
            let answer = try challenge.map { hex in
                ChipEvidence.ActiveAuthenticationAnswer(challenge: Data(SerialNumbers.bytes(hex: hex) ?? []), signature: Data(try ChipFiles.read(signature!)))
            }
            let trustFiles = try trust.map(ChipFiles.read)
            let findings = PassiveAuthentication(trust: ChipTrust(files: trustFiles))
                .inspect(ChipEvidence(files: files, activeAuthentication: answer))
            let report = ChipReports.report(findings)
            print(try JSONOutput.render(report))
            if !report.authentic { throw ExitCode(1) }
        }
    }
}

/// A file an operator names, read whole; a missing or oversized one is a usage error.
enum ChipFiles {
    /// A master list of every state's CSCAs runs to about 1 MB.
    static let maximumBytes = 8 * 1024 * 1024

    static func read(_ path: String) throws -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let size = attributes[.size] as? Int else {
            throw ValidationError("\(path): no such file")
        }
        guard size <= maximumBytes else { throw ValidationError("\(path) is \(size) bytes, more than any chip file or master list") }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
