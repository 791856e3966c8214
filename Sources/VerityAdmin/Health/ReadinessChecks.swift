import Fluent
import Foundation
import NIOPosix
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityPKI
import VerityStore
import VerityVision
import VerityKernel

/// What a server needs before it takes traffic, checked the same way for
/// `/readyz` and `verity doctor`: the database answers and carries every
/// migration this build knows; the face models are there and unaltered; the
/// HSM answers when one is configured. Each check says what to do when it fails.
struct ReadinessChecks: Sendable {
    let db: any Database
    let settings: Settings
    let models: ModelFilesCheck
    /// The HSM's check as `/readyz` asks it: kept a few seconds (`HSMCheck`).
    /// Without one (`verity doctor`), the HSM is asked each time.
    var hsmCheck: HSMCheck? = nil

    func run() async -> [HealthCheck] {
        var checks = [await database()]
        checks.append(checks[0].status == "ok" ? await migrations() : HealthCheck(name: "migrations", status: "failing",
                                                                                   detail: "the database does not answer"))
        checks.append(await models.check())
        if let hsmCheck {
            checks.append(await hsmCheck.check())
        } else {
            checks.append(await Self.hsm(settings))
        }
        return checks
    }

    func database() async -> HealthCheck {
        do {
            try await DatabaseProbe(db: db).answers()
            return HealthCheck(name: "database", status: "ok")
        } catch {
            return HealthCheck(name: "database", status: "failing",
                               detail: "the database does not answer: check DATABASE_URL (or VERITY_DATA_DIR for SQLite) and that the server is up")
        }
    }

    /// Every migration this build knows is applied (`verity migrate` applies them).
    func migrations() async -> HealthCheck {
        guard let applied = try? await DatabaseProbe(db: db).appliedMigrations() else {
            return HealthCheck(name: "migrations", status: "failing", detail: "no migrations applied: run `verity migrate`")
        }
        let missing = VerityMigrations.all.map(\.name).filter { !applied.contains($0) }
        guard missing.isEmpty else {
            return HealthCheck(name: "migrations", status: "failing",
                               detail: "\(missing.count) migration(s) not applied (first: \(missing[0])): run `verity migrate`")
        }
        return HealthCheck(name: "migrations", status: "ok")
    }

    /// The HSM's module loads, and the CA token opens with its PIN when the CA keys live there.
    static func hsm(_ settings: Settings) async -> HealthCheck {
        guard let hsm = settings.hsm else { return HealthCheck(name: "hsm", status: "not_configured") }
        do {
            let module = try PKCS11Module.shared(path: hsm.modulePath)
            if let token = hsm.caToken, let pin = hsm.caPIN {
                try module.withSession(token: token, pin: pin) { _ throws(VerityError) in }
            }
            return HealthCheck(name: "hsm", status: "ok")
        } catch {
            return HealthCheck(name: "hsm", status: "failing",
                               detail: "\((error as? VerityError)?.message ?? "the HSM does not answer"): check VERITY_HSM_MODULE, VERITY_HSM_CA_TOKEN and VERITY_HSM_CA_PIN")
        }
    }
}

/// The face models' check: present and matching their SHA-256. Hashing about
/// 100 MB is too much for every probe, so a result is kept for ten minutes;
/// a file replaced since (its size or time changed) is hashed again at once.
package actor ModelFilesCheck {
    let directory: String
    private var kept: (result: HealthCheck, stamp: [String], until: Date)?
    static let keepFor: TimeInterval = 600

    package init(directory: String) { self.directory = directory }

    func check() async -> HealthCheck {
        let stamp = Self.stamp(directory)
        if let kept, kept.until > Date(), kept.stamp == stamp { return kept.result }
        let directory = self.directory
        // Hashing blocks: off the event loops, the cooperative threads and NIO's shared pool (`BlockingCalls`).
        // The problem, or "" when the models are sound.
        let problem: String = await (try? BlockingCalls.run { () -> String in
            do {
                _ = try FaceModelFiles(directory: directory)
                return ""
            } catch {
                return (error as? VerityError)?.message ?? "the models could not be read"
            }
        }) ?? "the check could not run"
        let result = problem.isEmpty ? HealthCheck(name: "models", status: "ok")
            : HealthCheck(name: "models", status: "failing", detail: "\(problem) (VERITY_MODELS_DIR=\(directory))")
        kept = (result, stamp, Date().addingTimeInterval(Self.keepFor))
        return result
    }

    /// Each file's name, size and modification time.
    private static func stamp(_ directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) ?? []
        return names.map { name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: (directory as NSString).appendingPathComponent(name))
            return "\(name):\((attributes?[.size] as? NSNumber)?.int64Value ?? -1):\((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
    }
}
