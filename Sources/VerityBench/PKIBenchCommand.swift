import ArgumentParser
import Crypto
import Dispatch
import Foundation
import VerityCore
import VerityPKI

/// Certificates issued per second by the software CA and by a CA whose key is
/// in SoftHSM2, and HSM signatures per second. bench/pki.sh sets SOFTHSM2_CONF
/// and measures openssl on the same machine in the same run. Prints JSON.
struct PKIBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pki", abstract: "Benchmark certificate issuance and HSM signing.")

    @Option(help: "PKCS#11 module.") var module: String = "/usr/lib/softhsm/libsofthsm2.so"
    @Option(help: "Operations per measure.") var count: Int = 500
    @Option(help: "Where to write the JSON results.") var out: String

    func run() throws {
        let subject = UserSubject(givenName: "Ada", surname: "Lovelace", email: "ada@example.org", organisation: "Bench", userIdentifier: "B1")
        let deviceKeys = (0..<count).map { _ in P256.Signing.PrivateKey().publicKey }
        func perSecond(_ work: () throws -> Void) rethrows -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            try work()
            return Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }

        let software = try PlatformCA.create(organisation: "Bench", rootKey: SoftwareCAKey(), issuingKey: SoftwareCAKey(), policy: CertificatePolicy())
        let softwareRate = try perSecond { for key in deviceKeys { _ = try software.issue(publicKey: key, subject: subject, level: .level2) } }

        let hsm = try PKCS11Module.shared(path: module)
        let token = "bench-\(UUID().uuidString.prefix(8))"
        try hsm.initialiseToken(label: token, soPIN: "bench-so-pin", userPIN: "bench-pin")
        try hsm.withSession(token: token, pin: "bench-pin") { session throws(VerityError) in
            _ = try session.generateP256(label: "root")
            _ = try session.generateP256(label: "issuing")
        }
        let hsmCA = try PlatformCA.create(organisation: "Bench HSM",
                                          rootKey: try HSMKey(module: hsm, token: token, label: "root", pin: "bench-pin"),
                                          issuingKey: try HSMKey(module: hsm, token: token, label: "issuing", pin: "bench-pin", keepsSessionOpen: true),
                                          policy: CertificatePolicy())
        let hsmRate = try perSecond { for key in deviceKeys { _ = try hsmCA.issue(publicKey: key, subject: subject, level: .level4) } }

        // Raw signatures in one logged-in session, as a level-4 signing burst would run.
        let data = Array("bench".utf8)
        let signatureRate = try hsm.withSession(token: token, pin: "bench-pin") { session throws(VerityError) -> Double in
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<count { _ = try session.sign(data, label: "issuing") }
            return Double(count) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let results: [String: Any] = ["count": count, "softwareCertificatesPerSecond": softwareRate,
                                      "hsmCertificatesPerSecond": hsmRate, "hsmSignaturesPerSecond": signatureRate]
        try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: out))
        print("verity-bench pki: wrote \(out)")
    }
}
