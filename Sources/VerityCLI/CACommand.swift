import ArgumentParser
import Foundation
import VerityCore
import VerityPKI

/// `verity ca …`: the platform certificate authority's files.
struct CACommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ca", abstract: "The platform certificate authority (root and issuing CA).",
        subcommands: [Init.self, Chain.self])

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create the root and issuing CA: ca-root.pem and ca-issuing.pem in the data folder, the issuing key sealed with the data key, the root key written to take offline.")
        @Option(help: "Folder for the CA files (default: VERITY_DATA_DIR).") var dataDir: String?
        @Option(help: "Organisation named in the CA certificates.") var organisation: String = "Verity"

        func run() throws {
            guard !organisation.isEmpty, organisation.count <= 64 else { throw ValidationError("--organisation must be 1–64 characters") }
            let settings = try SettingsLoading.load()
            let policy = try CLIOutput.reporting { try CertificatePolicy(arc: settings.pkiPolicyArc) }
            let files = settings.caFiles(in: dataDir)
            // A platform CA from before test environments had their own: add theirs only.
            if files.exists {
                let test = try CLIOutput.reporting { () throws -> PlatformCA in
                    guard let made = try settings.initialiseTestCA(organisation: organisation, in: dataDir) else {
                        throw VerityError(.validationError, "Both CAs already exist in \(files.directory); remove their files on purpose to start again.")
                    }
                    return made
                }
                print("The platform CA exists; added the test environments' CA in \(settings.testCAFiles(in: dataDir).directory)")
                print("test root:    \(test.root.subject)")
                print("test issuing: \(test.issuing.subject)")
                return
            }
            let (ca, rootKeyCode) = try CLIOutput.reporting { () throws -> (PlatformCA, String?) in
                guard let hsm = settings.hsm, let token = hsm.caToken, let pin = hsm.caPIN else {
                    let made = try files.initialise(organisation: organisation, policy: policy)
                    return (made.ca, made.rootKeyCode)
                }
                // The CA keys are made in the HSM; a token that does not exist yet is initialised with the SO PIN.
                let module = try PKCS11Module.shared(path: hsm.modulePath)
                if !module.hasToken(token) {
                    guard let soPIN = hsm.securityOfficerPIN else {
                        throw VerityError(.validationError, "HSM token \(token) does not exist yet: set VERITY_HSM_SO_PIN to initialise it.")
                    }
                    try module.initialiseToken(label: token, soPIN: soPIN, userPIN: pin)
                }
                return (try files.initialise(organisation: organisation, policy: policy, hsm: CAFiles.HSMKeys(module: module, token: token, pin: pin)),
                        nil)
            }
            // Test environments get a CA of their own: no test certificate chains to the live root.
            let test = try CLIOutput.reporting { try settings.initialiseTestCA(organisation: organisation, in: dataDir) }
            print("Created \(files.rootCertificatePath) and \(files.issuingCertificatePath)" + (files.keysInHSM ? " (keys in HSM token \(settings.hsm?.caToken ?? ""))" : ""))
            print("root:    \(ca.root.subject)")
            print("issuing: \(ca.issuing.subject)")
            if let test { print("test environments' CA in \(settings.testCAFiles(in: dataDir).directory): \(test.issuing.subject)") }
            if let rootKeyCode {
                print("""
                    The root key is in \(files.offlineRootKeyPath), sealed under this code (shown once):
                      \(rootKeyCode)
                    Move the file off this machine and keep it with the code, apart: no server uses the root key; it is \
                    needed only to issue a new issuing CA. `verity doctor` fails while the file is still here.
                    """)
            }
            if settings.pkiPolicyArc == CertificatePolicy.documentationArc {
                var stderr = StandardError()
                Swift.print("note: certificate policies use RFC 5612's documentation arc; set VERITY_PKI_POLICY_ARC to your enterprise number's arc for production", to: &stderr)
            }
        }
    }

    struct Chain: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the CA chain (issuing CA, then root) as PEM.")
        @Option(help: "Folder of the CA files (default: VERITY_DATA_DIR).") var dataDir: String?

        func run() throws {
            let settings = try SettingsLoading.load()
            let files = settings.caFiles(in: dataDir)
            // The chain is public: certificates only, whatever holds the keys.
            let chain = try CLIOutput.reporting { try files.chainPEM() }
            print(chain, terminator: "")
        }
    }
}
