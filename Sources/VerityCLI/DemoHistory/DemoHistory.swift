import Foundation
import Verity
import VerityAPI
import VerityAdmin
import VerityCore

/// The first week of a demo's data folder, made through the API as the
/// tenant's users, backend and reviewer would make it, once the server
/// listens, on the server's clock set back a day at a time (`DemoClock`): PII
/// attempts that verify, fail and escalate; document checks on generated and
/// real specimen documents, some held for a reviewer, one decided in the
/// console; a mobile session of each product, one of them a sanctions
/// candidate; an OCR read; a certification to level 2 and a request left for
/// the accreditation desk. The engines decide every outcome: nothing is
/// written to the database behind the API's back.
///
/// Made once per data folder: `demo-history.json` records that it was, and what
/// came of it. The backend's own steps (tokens, the DIAC an operator issues,
/// the environment's rule, the reviewer's account) go through the same
/// operations as the `verity` commands and the admin API.
struct DemoHistory: Sendable {
    static let fileName = "demo-history.json"

    let baseURL: URL
    let keys: DemoKeys
    let operations: AdminOperations
    let documents: DemoDocuments
    let clock: DemoClock
    /// Whether the server's queued work is done at a time (`DemoSetup.jobsSettled`).
    let settled: @Sendable (Int64) async throws -> Bool

    /// What `demo-history.json` holds.
    struct Record: Codable, Sendable {
        var madeAtEpochMs: Int64
        /// How each part ended, by part and outcome (`identity.verified`, `documents.review`, …).
        var outcomes: [String: Int]
        /// Steps that could not run (a missing folder, a refused call), with why: the rest still ran.
        var skipped: [String]
    }

    /// Written when the week begins: found without `demo-history.json`, it says a start was stopped
    /// part way, and the week is not made again over what that start left (its users' checks are closed).
    static let startedFileName = "demo-history.started"

    static func isMade(in dataDir: String) -> Bool {
        FileManager.default.fileExists(atPath: (dataDir as NSString).appendingPathComponent(fileName))
    }

    static func wasCutShort(in dataDir: String) -> Bool {
        !isMade(in: dataDir) && FileManager.default.fileExists(atPath: (dataDir as NSString).appendingPathComponent(startedFileName))
    }

    /// Made, or begun and cut short: either way not to be made (again) in this folder.
    static func hasBegun(in dataDir: String) -> Bool { isMade(in: dataDir) || wasCutShort(in: dataDir) }

    static func markStarted(in dataDir: String) throws {
        try PrivateFiles.write(Data(), to: (dataDir as NSString).appendingPathComponent(startedFileName))
    }

    /// Makes the week, a day at a time on the server's clock; a step that
    /// fails is recorded and the next one runs. Ends with the clock at now.
    func make() async -> Record {
        let tally = DemoTally()
        let week = plan(tally)
        clock.start(daysAgo: week.count - 1)
        for (index, day) in week.enumerated() {
            clock.set(daysAgo: week.count - 1 - index)
            for step in day { await step() }
            // Nothing of this day may still be running when the clock moves on a day.
            await settle()
        }
        clock.set(daysAgo: 0)
        await topUpCredits(tally)
        return await Record(madeAtEpochMs: Int64(Date().timeIntervalSince1970 * 1000), outcomes: tally.outcomes, skipped: tally.skipped)
    }

    /// The week, oldest day first: what the tenant's users and backend do each day.
    private func plan(_ tally: DemoTally) -> [[@Sendable () async -> Void]] {
        let specimens = DemoSpecimens.all
        return [
            [{ await documentRules(tally) }, { await verify("demo-aiko", "Aiko", tally) }, { await verify("demo-harold", "Harold", tally) },
             { await document("demo-doc-john", "John", .passport("john-smith"), tally) },
             { await human("john-smith-selfie.jpg", tally) },
             { await document("demo-app-john-1", "John", .licence("john-smith", selfie: "john-smith-selfie.jpg"), tally) }],
            [{ await verify("demo-samuel", "Samuel", tally) },
             { await document("demo-doc-maria", "Maria", .licence("maria-garcia", selfie: "maria-garcia-selfie.jpg"), tally) },
             { await specimen(1, specimens[0], tally) }, { await specimen(2, specimens[1], tally) }, { await age(tally) }],
            [{ await verify("demo-victor", "Victor", tally) },
             { await document("demo-doc-nobody", "John", .passport("nobody-known"), tally) },
             { await document("demo-doc-expired", "John", .passport("john-smith-expired"), tally) },
             { await specimen(3, specimens[2], tally) }, { await mobileIdentity(tally) },
             { await document("demo-app-john-2", "John", .licence("john-smith", selfie: "john-smith-selfie.jpg"), tally) }],
            [{ await retries(tally) },
             { await document("demo-doc-forged", "John", .passport("john-smith-forged"), tally) },
             { await specimen(4, specimens[3], tally) }, { await human("maria-garcia-selfie.jpg", tally) },
             { await human("john-smith-licence-back.png", tally) }, { await compliance("john-smith", tally) },
             { await document("demo-doc-maria-passport", "Maria", .passport("maria-garcia"), tally) }],
            [{ await escalation(tally) },
             { await document("demo-doc-blurred", "John", .passport("john-smith-blurred"), tally) },
             { await specimen(5, specimens[4], tally) }, { await specimen(6, specimens[5], tally) },
             { await document("demo-app-john-3", "John", .licence("john-smith", selfie: "john-smith-selfie.jpg"), tally) },
             { await document("demo-doc-john-dim", "John", .licence("john-smith", selfie: "john-smith-selfie-dim.jpg"), tally) }],
            [{ await document("demo-doc-stranger", "John", .licence("john-smith", selfie: "maria-garcia-selfie.jpg"), tally) },
             { await review(tally) }, { await ocrRead(tally) },
             { await document("demo-app-maria", "Maria", .licence("maria-garcia", selfie: "maria-garcia-selfie.jpg"), tally) }],
            // Today: what still waits for a person.
            [{ await document("demo-doc-maria-dim", "Maria", .licence("maria-garcia", selfie: "maria-garcia-selfie-dim.jpg"), tally) },
             { await compliance("nobody-known", tally) }, { await certification(tally) }, { await waitingAccreditation(tally) }],
        ]
    }

    /// Waits (up to a minute) until the server has no job running or due.
    private func settle() async {
        for _ in 0..<240 {
            if (try? await settled(clock.clock.nowMillis())) ?? true { return }
            try? await Task.sleep(for: .milliseconds(250))
        }
    }

    static func write(_ record: Record, toDirectory directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try PrivateFiles.write(try encoder.encode(record), to: (directory as NSString).appendingPathComponent(fileName))
    }

    /// A user token for `userRef`, as the tenant's backend mints one.
    func token(_ userRef: String, phoneNumber: String? = nil) async throws -> String {
        try await operations.identity.mintToken(tenant: DemoSetup.tenant, environment: .test, userRef: userRef, ttlSeconds: 3_600,
                                                phoneNumber: phoneNumber).token
    }
}

/// What the day's steps came to, and what they could not do.
actor DemoTally {
    private(set) var outcomes: [String: Int] = [:]
    private(set) var skipped: [String] = []

    func count(_ part: String, _ outcome: String) { outcomes["\(part).\(outcome)", default: 0] += 1 }

    /// Runs one step; its error is recorded (its code and message, never the input) and the day goes on.
    func step(_ name: String, _ body: @Sendable () async throws -> Void) async {
        do {
            try await body()
        } catch {
            // The SDK's errors say their code, field and message.
            skipped.append("\(name): \(error)")
        }
    }

}

/// Something a step of the week cannot go on without (the API's refusals are the SDK's own errors).
struct DemoProblem: Error, CustomStringConvertible {
    let description: String
}
