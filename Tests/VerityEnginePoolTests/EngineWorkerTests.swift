import Foundation
import HostileImageSet
import Logging
import Testing
@testable import VerityCore
@testable import VerityEnginePool
@testable import VerityEngines
import VerityTestSupport
@testable import VerityKernel

/// The engine worker processes on their own (`EngineWorkerPool`): real
/// `verity engine-worker` processes answering real tasks; a worker that is
/// killed, runs out of its memory or its time costs its one task, and the
/// next task gets a fresh worker; each worker runs confined.
@Suite("Engine workers: a crash, a kill or an exhausted limit costs one task", .heavy)
struct EngineWorkerTests {
    static func pool(memoryMegabytes: Int = 2048, cpuMilliseconds: Int = 60_000, timeout: Duration = TestDeadlines.request, workers: Int = 1,
                     tasksPerChild: Int = 200) -> EngineWorkerPool {
        EngineWorkerPool(configuration: EngineWorkerPool.Configuration(
            executable: TestBinaries.engineWorker, modelsDirectory: URL(fileURLWithPath: "models").standardizedFileURL.path,
            workers: workers, memoryMegabytes: memoryMegabytes, taskCPUMilliseconds: cpuMilliseconds, taskTimeout: timeout,
            tasksPerChild: tasksPerChild), logger: Logger(label: "test"))
    }

    static var licence: Data { get throws { try DocumentFixtures.data("john-smith-licence-front.png") } }
    static var licenceBack: Data { get throws { try DocumentFixtures.data("john-smith-licence-back.png") } }
    static var selfie: Data { get throws { try DocumentFixtures.data("john-smith-selfie.jpg") } }

    /// A field of /proc/PID/status, e.g. "VmSize" (in kB) or "NoNewPrivs".
    static func status(_ pid: pid_t, _ field: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
            .map { $0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    static func isAlive(_ pid: pid_t) -> Bool {
        // A reaped process is gone; a zombie would still answer kill(0), so read its state.
        guard let state = status(pid, "State") else { return false }
        return !state.hasPrefix("Z")
    }

    /// The worker pool's busy worker, once a task is running on it.
    static func busyWorker(_ pool: EngineWorkerPool) async throws -> pid_t {
        try await waitFor("a worker to take the task", every: .milliseconds(10)) {
            pool.busyWorkers().first.map { .ready($0) } ?? .notYet("no worker busy")
        }
    }

    @Test func tasksAreAnsweredInAWorkerProcessAndRefusalsComeBackTyped() async throws {
        let pool = Self.pool()
        let problems = try await pool.perform(.captureQuality(image: try Self.licence)).qualityProblems()
        #expect(problems.isEmpty, "\(problems)")
        let refused = await #expect(throws: VerityError.self) {
            _ = try await pool.perform(.captureQuality(image: Data("not an image".utf8))).qualityProblems()
        }
        #expect(refused?.code == .invalidImage)
        await pool.shutdown()
    }

    @Test func aWorkerKilledInTheMiddleOfATaskCostsThatTaskAndTheNextGetsAFreshWorker() async throws {
        let pool = Self.pool()
        let today = CalendarDate(year: 2026, month: 11, day: 29)!
        let (front, back) = (try Self.licence, try Self.licenceBack)
        let reading = Task { try await pool.perform(.inspect(front: front, back: back, type: .driverLicense, country: "US", today: today)) }
        let worker = try await Self.busyWorker(pool)
        kill(worker, SIGKILL)
        await #expect(throws: VerityError(.engineFailed, "")) { _ = try await reading.value }
        #expect(!Self.isAlive(worker), "the killed worker is reaped")
        // The next task runs on a new worker and is answered.
        let report = try await pool.perform(.inspect(front: front, back: back, type: .driverLicense, country: "US", today: today)).report()
        #expect(report.documentUnreadable == nil, "\(report.documentUnreadable ?? [])")
        await pool.shutdown()
    }

    @Test func aWorkerOverItsMemoryLimitCostsThatTaskOnly() async throws {
        // given: how much address space a worker maps once its engines are loaded and have run
        let probe = Self.pool()
        _ = try await probe.perform(.liveness(selfie: try Self.selfie))
        let probed = try #require(probe.idleZygotes().first)
        let loadedKilobytes = Int(Self.status(probed, "VmPeak")?.split(separator: " ").first ?? "") ?? 0
        await probe.shutdown()
        #expect(loadedKilobytes > 0)
        // when: a worker allowed 64 MiB more than that decodes 39.6 megapixels (within the intake's budget)
        let tight = Self.pool(memoryMegabytes: loadedKilobytes / 1024 + 64)
        let set = try HostileImageSet()
        let large = try #require(set.images.first { $0.file == "png-declares-6000x6600.png" })
        let refusal = await #expect(throws: VerityError.self) {
            _ = try await tight.perform(.captureQuality(image: try set.bytes(large))).qualityProblems()
        }
        // then: the task fails typed (the worker died, or its decoder could not allocate), and the pool goes on
        #expect(refusal?.code == .engineFailed || refusal?.code == .invalidImage, "\(String(describing: refusal))")
        let problems = try await tight.perform(.captureQuality(image: try Self.licence)).qualityProblems()
        #expect(problems.isEmpty)
        await tight.shutdown()
    }

    @Test func aTaskOverItsCPUBudgetIsEndedByTheKernel() async throws {
        // given: a worker allowed 100 ms of CPU a task, and all the time in the world to answer
        let pool = Self.pool(cpuMilliseconds: 100, timeout: TestDeadlines.request)
        // when: it reads a driving licence, both sides (OCR and the barcode: far more CPU than that)
        let today = CalendarDate(year: 2026, month: 11, day: 29)!
        let (front, back) = (try Self.licence, try Self.licenceBack)
        let worker = Task { try await pool.perform(.inspect(front: front, back: back, type: .driverLicense, country: "US", today: today)).report() }
        let pid = try await Self.busyWorker(pool)
        // then: its CPU timer ends it (SIGXCPU), the task fails typed, and the next task gets a new worker
        await #expect(throws: VerityError(.engineFailed, "")) { _ = try await worker.value }
        #expect(!Self.isAlive(pid))
        let refused = await #expect(throws: VerityError.self) {
            _ = try await pool.perform(.captureQuality(image: Data("not an image".utf8))).qualityProblems()
        }
        #expect(refused?.code == .invalidImage, "answered by a new worker")
        #expect(!pool.idleWorkers().contains(pid))
        await pool.shutdown()
    }

    @Test func aTaskOverTheServersWaitEndsItsWorkerTimingTest() async throws {
        // A whole licence takes far longer than 50 ms; timing is what this tests.
        let pool = Self.pool(timeout: .milliseconds(50))
        let today = CalendarDate(year: 2026, month: 11, day: 29)!
        await #expect(throws: VerityError(.engineFailed, "")) {
            _ = try await pool.perform(.inspect(front: try Self.licence, back: try Self.licence, type: .driverLicense, country: "US", today: today))
        }
        #expect(pool.idleWorkers().isEmpty && pool.busyWorkers().isEmpty, "the worker that ran over is gone, not kept")
        await pool.shutdown()
    }

    @Test func aWorkerRunsInItsSandboxWithNothingOfTheServers() async throws {
        let pool = Self.pool(memoryMegabytes: 3000)
        _ = try await pool.perform(.liveness(selfie: try Self.selfie))
        let zygote = try #require(pool.idleZygotes().first)
        // The zygote seen from the host, between tasks: confined from its first instruction.
        #expect(Self.status(zygote, "NoNewPrivs") == "1")
        #expect(Self.status(zygote, "Seccomp") == "2", "a seccomp filter is installed")
        #expect(Self.status(zygote, "CapEff") == "0000000000000000", "no capabilities")
        // A root server starts it as nobody, when nobody may read its files (a checkout under /root is not).
        let view = SandboxFileView.standard(program: TestBinaries.engineWorker, extra: [URL(fileURLWithPath: "models").standardizedFileURL.path])
        if geteuid() == 0 && view.nobodyCanRead {
            #expect(Self.status(zygote, "Uid")?.split(separator: "\t").allSatisfy { $0 == "65534" } == true, "nobody on the host, not root")
        }
        // Namespaces of its own: it sees no process, network, file or IPC object of the server's.
        for namespace in ["pid", "net", "mnt", "user", "ipc", "uts"] {
            let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/\(namespace)")
            let its = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(zygote)/ns/\(namespace)")
            #expect(ours != its, "\(namespace) namespace: \(its)")
        }
        #expect(Self.status(zygote, "NSpid")?.split(separator: "\t").count == 2, "a pid inside its own PID namespace")
        let limits = try String(contentsOfFile: "/proc/\(zygote)/limits", encoding: .utf8)
        let addressSpace = limits.split(separator: "\n").first { $0.hasPrefix("Max address space") }.map(String.init) ?? ""
        #expect(addressSpace.contains(String(3000 * 1_048_576)), "\(addressSpace)")
        let cores = limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") }.map(String.init) ?? ""
        #expect(cores.split(separator: " ").dropFirst(4).first == "0", "\(cores)")
        // Its environment is the variables the pool gives it, its directory its private /tmp, its descriptors its pipes.
        let environment = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(zygote)/environ")).split(separator: 0)
            .map { String(decoding: $0, as: UTF8.self).split(separator: "=").first.map(String.init) ?? "" }
        #expect(Set(environment).isSubset(of: ["VERITY_ENGINE_MODELS", "VERITY_ENGINE_MEMORY_MB", "VERITY_ENGINE_CPU_MS", "OMP_THREAD_LIMIT",
                                               "OPENBLAS_NUM_THREADS", "MALLOC_ARENA_MAX", "TESSDATA_PREFIX", "PWD"]),
                "\(environment)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(zygote)/cwd") == "/tmp")
        let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(zygote)/fd")
        let targets = descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(zygote)/fd/\($0)") }
        #expect(targets.allSatisfy { $0.hasPrefix("pipe:") }, "its pipes and nothing else: no database, socket or file of the server's: \(targets)")
        await pool.shutdown()
        _ = try? await waitFor("the stopped pool's zygote to end", every: .milliseconds(20)) {
            Self.isAlive(zygote) ? .notYet("alive") : .ready(())
        }
        #expect(!Self.isAlive(zygote), "a pool that stops ends its workers")
    }

    @Test func aChildServesOneTenantsTasksAndNoProcessSeesTwoTenants() async throws {
        // given: one engine thread, so every task goes to the same zygote
        let pool = Self.pool()
        let acme = UUID(), globex = UUID()
        // when: tasks as two tenants' requests and a task with no tenant would come: two of acme's in a row, then in turn
        let order: [UUID?] = [acme, acme, globex, acme, nil, nil, globex, globex]
        for tenant in order {
            _ = try await EngineTenant.serving(tenant) { try await pool.perform(.liveness(selfie: try Self.selfie)).liveness() }
        }
        // then: a tenant's consecutive tasks share a child; a change of tenant, or no tenant, is a fresh one
        let processes = pool.recentTaskProcesses()
        #expect(processes.count == order.count)
        #expect(Set(processes.map(\.worker)).count == 1, "all from one zygote, so the pids are comparable")
        #expect(processes[0] == processes[1], "acme's two tasks in a row in one child")
        #expect(processes[6] == processes[7], "globex's two tasks in a row in one child")
        var tenantOf: [EngineChild: UUID?] = [:]
        for (child, tenant) in zip(processes, order) {
            if let seen = tenantOf[child] { #expect(seen == tenant && tenant != nil, "a child served \(String(describing: seen)) and \(String(describing: tenant))") }
            tenantOf[child] = tenant
        }
        #expect(Set(processes).count == 6, "fresh children at every change: \(processes)")
        // and a child kept for its tenant ends with the pool
        await pool.shutdown()
    }

    @Test func aChildIsRetiredAfterItsNumberOfTasksEvenForItsOwnTenant() async throws {
        // given: children that answer three tasks each
        let pool = Self.pool(tasksPerChild: 3)
        let tenant = UUID()
        // when: one tenant sends seven in a row
        for _ in 0..<7 {
            _ = try await EngineTenant.serving(tenant) { try await pool.perform(.liveness(selfie: try Self.selfie)).liveness() }
        }
        // then: three children, of three, three and one tasks
        let processes = pool.recentTaskProcesses()
        #expect(processes.count == 7)
        #expect(processes[0] == processes[2] && processes[3] == processes[5] && Set(processes).count == 3, "\(processes)")
        await pool.shutdown()
    }

    @Test func aKeptChildThatDiesCostsItsTenantOneTaskAndTheNextGetsAFreshOne() async throws {
        let pool = Self.pool()
        let tenant = UUID()
        _ = try await EngineTenant.serving(tenant) { try await pool.perform(.liveness(selfie: try Self.selfie)).liveness() }
        // given: the child kept for the tenant's next task is killed while it waits
        let kept = try #require(pool.recentTaskProcesses().last)
        let zygote = try #require(pool.idleZygotes().first)
        let child = try #require(SandboxProcesses.hostPID(of: kept.pid, under: zygote))
        kill(child, SIGKILL)
        // when: the tenant's next task comes
        _ = await EngineTenant.serving(tenant) { try? await pool.perform(.liveness(selfie: try Self.selfie)).liveness() }
        // then: at most that task is lost, and the one after it is answered in a fresh child
        let after = try await EngineTenant.serving(tenant) { try await pool.perform(.liveness(selfie: try Self.selfie)).liveness() }
        #expect(after.attackSuspected == false, "a live selfie, read")
        #expect(pool.recentTaskProcesses().last != kept)
        await pool.shutdown()
    }
}
