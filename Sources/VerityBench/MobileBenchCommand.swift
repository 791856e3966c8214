import ArgumentParser
import AsyncHTTPClient
import Dispatch
import Foundation
import NIOCore
import NIOHTTP1
import VerityAPI
import VerityCore
import VerityVision

/// The mobile API under load: VerifyHuman calls and whole VerifyIdentity
/// sessions (session, selfie, front, submit) at C concurrent clients, then the
/// ledger: the balance must have moved by exactly what the outcomes cost.
struct MobileBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mobile",
                                                    abstract: "VerifyHuman, VerifyIdentity and VerifyCompliance against a running server.")

    @Option(help: "Verity base URL.") var baseURL: String
    @Option(help: "A publishable client key with verifyhuman, verifyidentity and verifycompliance.") var clientKey: String
    @Option(help: "The environment's secret key (to read the ledger).") var secretKey: String
    @Option(help: "A selfie.") var selfie: String
    @Option(help: "A passport photo page of the selfie's person.") var passport: String
    @Option(help: "Concurrent clients.") var concurrency: Int = 16
    @Option(help: "VerifyHuman calls.") var humans: Int = 256
    @Option(help: "VerifyIdentity sessions, and as many VerifyCompliance sessions.") var identities: Int = 32

    func run() async throws {
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await measure(BenchClient(http: http, baseURL: baseURL), http)
            try await http.shutdown()
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    func measure(_ admin: BenchClient, _ http: HTTPClient) async throws {
        let selfieUpload = MobileSelfieUpload(selfie: try Data(contentsOf: URL(fileURLWithPath: selfie)))
        let passportUpload = MobileIDFrontUpload(idFront: try Data(contentsOf: URL(fileURLWithPath: passport)),
                                                 hints: .init(documentType: "passport", country: "US"))
        let before = try await admin.send(.GET, MobileAdminRoute.credits.path, bearer: secretKey, body: Optional<UserTokenRequest>.none,
                                          as: CreditStatement.self).balance
        let mobile = MobileBench(http: http, baseURL: baseURL, clientKey: clientKey)

        var started = DispatchTime.now().uptimeNanoseconds
        let human = try await loop(count: humans) { _ in
            let answer: MobileEnvelope<MobileHumanData> = try await mobile.post(.verifyHuman, selfieUpload, session: nil)
            guard answer.outcome == .pass else { throw BenchClient.Failure(description: "a VerifyHuman call did not pass") }
        }
        let humanSeconds = milliseconds(since: started) / 1000
        print(String(format: "verifyhuman: clients=%d calls=%d throughput=%.2f/s p50=%.0fms p95=%.0fms",
                     concurrency, humans, Double(humans) / humanSeconds, human.percentile(50), human.percentile(95)))

        for product in MobileDocumentProduct.allCases {
            started = DispatchTime.now().uptimeNanoseconds
            let sessions = try await loop(count: identities) { _ in
                let session: MobileEnvelope<MobileIdentityData> = try await mobile.post(.session(product.product), MobileEmptyRequest(), session: nil)
                guard let id = session.sessionID else { throw BenchClient.Failure(description: "no session") }
                let _: MobileEnvelope<MobileIdentityData> = try await mobile.post(.upload(product, .selfie), selfieUpload, session: id)
                let _: MobileEnvelope<MobileIdentityData> = try await mobile.post(.upload(product, .idFront), passportUpload, session: id)
                let submitted: MobileEnvelope<MobileIdentityData> = try await mobile.post(.submit(product), MobileEmptyRequest(), session: id)
                guard submitted.outcome == .pass else { throw BenchClient.Failure(description: "a \(product.rawValue) session did not pass") }
            }
            let seconds = milliseconds(since: started) / 1000
            print(String(format: "%@: clients=%d sessions=%d throughput=%.2f/s p50=%.0fms p95=%.0fms", product.rawValue,
                         concurrency, identities, Double(identities) / seconds, sessions.percentile(50), sessions.percentile(95)))
        }

        let after = try await admin.send(.GET, MobileAdminRoute.credits.path, bearer: secretKey, body: Optional<UserTokenRequest>.none,
                                         as: CreditStatement.self).balance
        let expected = Int64(humans * MobileProduct.verifyHuman.credits
                             + identities * (MobileProduct.verifyIdentity.credits + MobileProduct.verifyCompliance.credits))
        print("ledger: before=\(before) after=\(after) spent=\(before - after) expected=\(expected) exact=\(before - after == expected)")
        guard before - after == expected else { throw BenchClient.Failure(description: "the ledger moved by \(before - after), not \(expected)") }
    }

    func loop(count: Int, _ work: @escaping @Sendable (Int) async throws -> Void) async throws -> LatencyStats {
        try await withThrowingTaskGroup(of: LatencyStats.self) { group in
            for worker in 0..<concurrency {
                group.addTask {
                    var stats = LatencyStats()
                    for index in stride(from: worker, to: count, by: concurrency) {
                        let start = DispatchTime.now().uptimeNanoseconds
                        try await work(index)
                        stats.add(milliseconds(since: start))
                    }
                    return stats
                }
            }
            return try await group.reduce(into: LatencyStats()) { $0.merge($1) }
        }
    }
}

/// JSON to the mobile API with a client key.
struct MobileBench: Sendable {
    let http: HTTPClient
    let baseURL: String
    let clientKey: String

    func post<Body: MobileRequest, Payload>(_ route: MobileRoute, _ body: Body, session: String?) async throws -> MobileEnvelope<Payload> {
        var request = HTTPClientRequest(url: baseURL + route.path)
        request.method = .POST
        request.headers.add(name: WireHeader.clientKey, value: clientKey)
        if let session { request.headers.add(name: WireHeader.mobileSession, value: session) }
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: Array(try JSONEncoder().encode(body))))
        let response = try await OverloadRetry.execute(http, request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok, let answer = try? JSONDecoder().decode(MobileEnvelope<Payload>.self, from: Data(bytes.readableBytesView)) else {
            throw BenchClient.Failure(description: "POST \(route.path): HTTP \(response.status.code) \(String(buffer: bytes).prefix(300))")
        }
        return answer
    }
}

/// The engines alone on the same images, in process, on N threads: VerifyHuman's
/// liveness signals, and VerifyIdentity's document read + face comparison + liveness.
struct MobileEngineRateBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mobile-engine-rate", abstract: "The engines' own rate on the mobile bench's images.")

    @Option(help: "A selfie.") var selfie: String
    @Option(help: "A passport photo page.") var passport: String
    @Option(help: "Face models directory.") var models: String = "models"
    @Option(help: "Threads, as the server's VERITY_ENGINE_THREADS.") var threads: Int = 2
    @Option(help: "Runs of the identity engines (a quarter of a second each).") var runs: Int = 24
    @Option(help: "Runs of the liveness engine alone (as many as the VerifyHuman bench makes calls, and more: a short run measures the warm-up).")
    var humanRuns: Int = 256
    @Option(help: "OFAC's SDN CSV, for the screening rate.") var sanctions: String?
    @Option(help: "OFAC's alt.csv for that list (the alternate names screening also compares).") var sanctionsAlt: String?
    @Option(help: "Names to screen, one per line as `locale<TAB>name` (tools/sanctions/ordinary-names.tsv).") var sanctionsNames: String?

    func run() async throws {
        let selfieBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: selfie)))
        let passportBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: passport)))
        let faces = try FaceEngine(modelsDirectory: models)
        let inspector = DocumentInspector(today: CalendarDate(iso: "2026-11-23")!, faces: faces)
        _ = try faces.livenessSignals(selfieBytes)
        let human = try await rate(runs: humanRuns) { _ = try faces.livenessSignals(selfieBytes) }
        let identity = try await rate(runs: runs) {
            _ = try inspector.inspect(front: passportBytes, type: .passport, country: "US")
            _ = try faces.compare(passportBytes, selfieBytes)
            _ = try faces.livenessSignals(selfieBytes)
        }
        print(String(format: "engine verifyhuman-rate: threads=%d runs=%d throughput=%.2f/s", threads, humanRuns, human))
        print(String(format: "engine verifyidentity-rate: threads=%d runs=%d throughput=%.2f/s", threads, runs, identity))
        if let sanctions { try screeningTime(sanctions) }
    }

    /// Screening alone: the matcher over the whole list, one name at a time on one
    /// thread, each name's time kept for the median and the 95th percentile.
    func screeningTime(_ sanctions: String) throws {
        let joined = try OFACSupplements.join(sdn: try String(contentsOfFile: sanctions, encoding: .utf8),
                                              alt: try sanctionsAlt.map { try String(contentsOfFile: $0, encoding: .utf8) }, add: nil)
        let built = DispatchTime.now().uptimeNanoseconds
        let matcher = SanctionsMatcher(entries: joined.entries)
        let buildTime = milliseconds(since: built)
        var names = ["JOHN SMITH", "MOUSA MOHAMMED ABU MARZOOK", "MARIA GARCIA LOPEZ", "ALEKSANDR IVANOV"]
        if let sanctionsNames {
            names = try String(contentsOfFile: sanctionsNames, encoding: .utf8).split(whereSeparator: \.isNewline)
                .filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t", maxSplits: 1).last.map(String.init) }
        }
        _ = matcher.screen(.init(name: "张磊"))   // ICU's transliterators load on first use
        var times: [Double] = []
        let screens = max(names.count, runs * 50)
        for index in 0..<screens {
            let started = DispatchTime.now().uptimeNanoseconds
            _ = matcher.screen(.init(name: names[index % names.count], dateOfBirth: DateOfBirth(year: 1975, month: 2, day: 28)))
            times.append(milliseconds(since: started))
        }
        times.sort()
        let mean = times.reduce(0, +) / Double(times.count)
        print(String(format: "engine sanctions-screen: list=%d names=%d build=%.0fms screens=%d per-screen=%.2fms p50=%.2fms p95=%.2fms (one thread)",
                     joined.entries.count, matcher.candidateCount, buildTime, screens, mean, times[times.count / 2], times[times.count * 95 / 100]))
    }

    func rate(runs: Int, _ work: @escaping @Sendable () throws -> Void) async throws -> Double {
        let started = DispatchTime.now().uptimeNanoseconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<threads {
                // One long-lived thread per worker, as the server's engine pool
                // keeps its threads (and whatever the engines cache on them).
                group.addTask {
                    try await InspectRateBenchCommand.onThread { for _ in stride(from: worker, to: runs, by: threads) { try work() } }
                }
            }
            try await group.waitForAll()
        }
        return Double(runs) / (milliseconds(since: started) / 1000)
    }
}
