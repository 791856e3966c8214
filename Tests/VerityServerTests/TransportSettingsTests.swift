import Foundation
import Testing
import VerityTestSupport
@testable import VerityKernel

/// What crosses a network goes over TLS (issue 47, finding 16): services a
/// user brings only over https (http to this machine only), PostgreSQL off
/// this machine with `sslmode=require` unless told otherwise (and `verity
/// doctor` says so), a server reachable from other machines only with its
/// public https address, and, with certificate and key, HTTPS of its own
/// with `Strict-Transport-Security`.
@Suite("Transport: TLS wherever personal data crosses a network")
struct TransportSettingsTests {
    static let key = Data(repeating: 3, count: 32).base64EncodedString()

    static func settings(_ extra: [String: String]) throws -> Settings {
        try Settings.from(environment: ["VERITY_DATA_KEY": key].merging(extra) { $1 })
    }

    @Test func trustedProxiesAreAddressesOrRangesAndTheirHeaderOneOfTwo() throws {
        let behindProxy = try Self.settings(["VERITY_TRUSTED_PROXIES": "10.0.0.0/8, ::1", "VERITY_TRUSTED_PROXY_HEADER": "Forwarded"])
        #expect(!behindProxy.trustedProxies.isEmpty && behindProxy.trustedProxies.header == .forwarded)
        #expect(try Self.settings([:]).trustedProxies.isEmpty, "no proxy is trusted unless named")
        #expect(throws: SettingsError.self) { try Self.settings(["VERITY_TRUSTED_PROXIES": "10.0.0.0/8, proxy.internal"]) }
        #expect(throws: SettingsError.self) { try Self.settings(["VERITY_TRUSTED_PROXY_HEADER": "x-real-ip"]) }
    }

    @Test func servicesABackendBringsAreReachedOverHTTPSOnly() throws {
        for variable in ["VERITY_BUREAU_URL", "VERITY_SMS_URL", "VERITY_EXTERNAL_CA_URL"] {
            let extra = ["VERITY_BUREAU_KEY": "k", "VERITY_EXTERNAL_CA_TOKEN": "t", "VERITY_EXTERNAL_CA_CHAIN": "/dev/null"]
            #expect(throws: SettingsError.self, "\(variable) over http to another machine") {
                _ = try Self.settings(extra.merging([variable: "http://bureau.example.com/check"]) { $1 })
            }
            _ = try Self.settings(extra.merging([variable: "https://bureau.example.com/check"]) { $1 })
            _ = try Self.settings(extra.merging([variable: "http://127.0.0.1:9000/check"]) { $1 })
            _ = try Self.settings(extra.merging([variable: "http://localhost:9000/check"]) { $1 })
        }
    }

    @Test func postgreSQLOffThisMachineRequiresTLSUnlessToldOtherwise() throws {
        let remote = try Self.settings(["DATABASE_URL": "postgres://verity:secret@db.internal:5432/verity"])
        #expect(remote.databaseURL == "postgres://verity:secret@db.internal:5432/verity?sslmode=require")
        let local = try Self.settings(["DATABASE_URL": "postgres://postgres@127.0.0.1:55432/postgres"])
        #expect(local.databaseURL == "postgres://postgres@127.0.0.1:55432/postgres")
        let chosen = try Self.settings(["DATABASE_URL": "postgres://verity@db.internal/verity?sslmode=verify-full"])
        #expect(chosen.databaseURL?.hasSuffix("sslmode=verify-full") == true)
        #expect(TransportRules.postgresInClear("postgres://verity@db.internal/verity?sslmode=disable"))
        #expect(!TransportRules.postgresInClear(remote.databaseURL ?? ""))
        #expect(!TransportRules.postgresInClear("postgres://postgres@127.0.0.1:55432/postgres?sslmode=disable"))
    }

    @Test func aServerReachableFromOtherMachinesNamesItsPublicHTTPSAddress() throws {
        #expect(throws: SettingsError.self) { _ = try Self.settings(["VERITY_HOST": "0.0.0.0"]) }
        #expect(throws: SettingsError.self) { _ = try Self.settings(["VERITY_HOST": "0.0.0.0", "VERITY_PUBLIC_URL": "http://verity.example.com"]) }
        let behindProxy = try Self.settings(["VERITY_HOST": "0.0.0.0", "VERITY_PUBLIC_URL": "https://verity.example.com"])
        #expect(behindProxy.servesHTTPS && behindProxy.pagesBaseURL == "https://verity.example.com")
        #expect(!(try Self.settings([:])).servesHTTPS)
        #expect(throws: SettingsError.self) { _ = try Self.settings(["VERITY_TLS_CERT": "/etc/hostname"]) }
    }

    @Test func withACertificateTheServerSpeaksHTTPSAndSaysSoForAYear() async throws {
        let folder = try OpenSSL.temporaryDirectory()
        let made = try OpenSSL.run(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                                    "-subj", "/CN=127.0.0.1", "-keyout", "key.pem", "-out", "cert.pem"], in: folder)
        #expect(made.status == 0, "\(made.output)")
        let tls = TLSFiles(certificatePath: folder.appendingPathComponent("cert.pem").path, keyPath: folder.appendingPathComponent("key.pem").path)
        try await withVerityApp(settings: { $0.tls = tls }) { app async throws in
            let port = try #require(try await app.startServer().port)
            let curl = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sk", "-D", "-", "-o", "/dev/null", "https://127.0.0.1:\(port)/healthz"])
            let headers = String(decoding: curl.output, as: UTF8.self)
            #expect(headers.hasPrefix("HTTP/1.1 200") && headers.lowercased().contains("strict-transport-security: max-age=31536000"), "\(headers)")
            let plain = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-s", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(port)/healthz"])
            #expect(String(decoding: plain.output, as: UTF8.self) != "200", "plain HTTP was answered on the TLS port")
        }
    }
}
