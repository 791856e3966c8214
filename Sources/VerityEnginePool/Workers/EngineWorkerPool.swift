import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import Vapor
import VerityCore
import VerityEngines
import VerityKernel

/// Engine work in sandboxed worker processes: Leptonica, libjpeg, giflib,
/// libpng, Tesseract, ZXing, dlib and OpenCV parse what strangers send, and
/// the next bug in one of them must reach nothing worth having. So they run
/// in `verity-engine-worker`, a program of the engines alone (no server
/// code, no keys, no database), started in the engine sandbox
/// (`SandboxLauncher`: its own namespaces, nobody's uid, a read-only view,
/// no network, a seccomp allowlist) as a zygote that forks children
/// (`EngineZygote`). A child serves one tenant's tasks (`EngineTenant`, the
/// tenant the request's credential opened) one after another, and a task
/// with no tenant alone: no process sees two tenants' images.
///
/// Each engine thread keeps one zygote, started when first needed. A task
/// may use `taskCPUMilliseconds` of CPU (a CPU-time timer in the child ends
/// it past them) and the server waits at most `taskTimeout`. A child that
/// dies, answers something unreadable or out of turn, or runs over either
/// ends its whole sandbox, which is started again for the next task; the
/// task ends `ENGINE_FAILED`, in the server's words, and every other
/// request goes on.
package final class EngineWorkerPool: EngineRunner, LifecycleHandler {
    package struct Configuration: Sendable {
        /// `verity-engine-worker`.
        var executable: String
        /// A program each child runs in place of the built-in engines (`VERITY_ENGINE_WORKER`), confined the same.
        var standIn: String?
        /// The face models, as an absolute path (the worker sees them at the same path, read-only).
        var modelsDirectory: String
        var workers: Int
        var memoryMegabytes: Int
        /// CPU time one task may use in its child (a process CPU-time timer
        /// the child arms once it has read the task): the bound on work, whatever the load.
        var taskCPUMilliseconds: Int
        /// How long the server waits for an answer: a backstop for a worker
        /// that hangs without using CPU. Generous, so a busy machine, where a
        /// task waits for a core, does not end tasks that are within their CPU time.
        var taskTimeout: Duration
        /// Tasks of one tenant one child answers at most: a deployment with one
        /// tenant still gets fresh children now and then, so nothing a library
        /// leaks or fragments builds up for ever.
        var tasksPerChild: Int

        package init(executable: String, standIn: String? = nil, modelsDirectory: String, workers: Int, memoryMegabytes: Int,
                     taskCPUMilliseconds: Int, taskTimeout: Duration? = nil, tasksPerChild: Int = 200) {
            self.tasksPerChild = max(1, tasksPerChild)
            self.executable = executable
            self.standIn = standIn
            self.modelsDirectory = modelsDirectory
            self.workers = workers
            self.memoryMegabytes = memoryMegabytes
            self.taskCPUMilliseconds = taskCPUMilliseconds
            self.taskTimeout = taskTimeout ?? .milliseconds(taskCPUMilliseconds * Self.wallTimePerCPUSecond)
        }

        /// The backstop's multiple of the CPU time.
        static let wallTimePerCPUSecond = 5
    }

    let configuration: Configuration
    private let threads: NIOThreadPool
    private let idle = NIOLockedValueBox<[EngineWorkerProcess]>([])
    /// Workers running a task now (for `/metrics` and the tests that kill one).
    private let busy = NIOLockedValueBox<[EngineWorkerProcess]>([])
    /// Sandboxes started so far: each worker's id is its number.
    private let started = NIOLockedValueBox<Int>(0)
    /// The processes the last tasks ran in, newest last: each a sandbox's id
    /// and its child's pid there (the tests' proof that no process runs two).
    private let recentChildren = NIOLockedValueBox<[EngineChild]>([])
    private let logger: Logger

    /// Each sandbox dies with the thread that started it (bwrap's
    /// --die-with-parent is a thread's, not a process's): these threads live as long as the pool.
    package init(configuration: Configuration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
        // A worker that died leaves its pipe without a reader: the write must fail, not kill the server.
        signal(SIGPIPE, SIG_IGN)
        threads = NIOThreadPool(numberOfThreads: max(1, configuration.workers))
        threads.start()
    }

    package func perform(_ task: EngineTask) async throws -> EngineAnswer {
        let payload = try JSONEncoder().encode(task)
        let tenant = EngineTenant.current
        return try await threads.runIfActive { try self.exchange(task, payload: payload, tenant: tenant) }
    }

    /// One task on one worker, on an engine thread (blocking reads with a deadline).
    private func exchange(_ task: EngineTask, payload: Data, tenant: UUID?) throws -> EngineAnswer {
        let stage = task.stage
        let worker = try takeIdleWorker(for: tenant) ?? startWorker()
        let started = ContinuousClock.now
        busy.withLockedValue { $0.append(worker) }
        defer { busy.withLockedValue { $0.removeAll { $0 === worker } } }
        let answer: EngineAnswer
        do {
            let (frame, child) = try worker.exchange(payload, tenant: tenant, deadline: started + configuration.taskTimeout)
            recentChildren.withLockedValue { $0 = $0.suffix(99) + [EngineChild(worker: worker.id, pid: child)] }
            guard let decoded = try? JSONDecoder().decode(EngineAnswer.self, from: frame) else { throw EngineWorkerFailure.zygote("its child's answer could not be read") }
            guard decoded.fits(task) else { throw EngineWorkerFailure.zygote("its child answered another task's kind") }
            answer = decoded
        } catch {
            let failure = error as? EngineWorkerFailure ?? .zygote(String(describing: type(of: error)))
            let ending = worker.kill()
            let overCPU: Bool
            if case .childEnded(let status) = failure { overCPU = status & 0x7F == SIGXCPU } else { overCPU = false }
            let timedOut: Bool
            if case .timedOut = failure { timedOut = true } else { timedOut = false }
            let reason = timedOut ? "ran over \(configuration.taskTimeout)" : overCPU ? "used its \(configuration.taskCPUMilliseconds) ms of CPU" : failure.reason
            VerityMetrics.engineWorkerLost(reason: timedOut || overCPU ? "timeout" : "crash")
            logger.error("engine worker lost", metadata: [
                "stage": .string(stage), "worker": .string(worker.id), "reason": .string(reason), "ended": .string(ending),
            ])
            throw VerityError(.engineFailed, "the image could not be read: the engine reading it stopped. The server is fine; try once more, or send another picture.")
        }
        // The next child is forked while the answer travels on (unless this one waits for its tenant's next task).
        if worker.servingTenant != nil || (try? worker.requestChild()) != nil {
            idle.withLockedValue { $0.append(worker) }
        } else {
            worker.kill()
        }
        VerityMetrics.engineStage(stage, nanoseconds: Int64((ContinuousClock.now - started) / .nanoseconds(1)))
        return answer
    }

    /// An idle worker, one whose child serves `tenant` already if there is one.
    private func takeIdleWorker(for tenant: UUID?) -> EngineWorkerProcess? {
        idle.withLockedValue { workers in
            if let tenant, let index = workers.lastIndex(where: { $0.servingTenant == tenant }) { return workers.remove(at: index) }
            // Else one with no child kept, so no tenant's child is ended for nothing.
            if let index = workers.lastIndex(where: { $0.servingTenant == nil }) { return workers.remove(at: index) }
            return workers.popLast()
        }
    }

    private func startWorker() throws -> EngineWorkerProcess {
        let number = started.withLockedValue { count in
            count += 1
            return count
        }
        return try EngineWorkerProcess.start(configuration, id: "engine-\(number)", logger: logger)
    }

    /// Runs `body` on one of the pool's engine threads, as a task would (the
    /// tests hold a thread with it to keep a check running).
    func onEngineThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.runIfActive(body)
    }

    /// The host's process ids of the children running a task now.
    func busyWorkers() -> [pid_t] {
        busy.withLockedValue { $0 }.compactMap { $0.runningChild() }
    }

    /// The processes the last (at most 100) tasks ran in, oldest first.
    func recentTaskProcesses() -> [EngineChild] {
        recentChildren.withLockedValue { $0 }
    }

    /// The host's process ids of the sandboxes waiting for a task.
    func idleWorkers() -> [pid_t] {
        idle.withLockedValue { $0.map(\.pid) }
    }

    /// The host's process ids of the zygotes in the sandboxes waiting for a task.
    package func idleZygotes() -> [pid_t] {
        idle.withLockedValue { $0 }.compactMap { $0.zygoteProcess() }
    }

    /// The running tasks finish; every zygote is told to stop and reaped.
    package func shutdown() async {
        try? await threads.shutdownGracefully()
        for worker in idle.withLockedValue({ workers in defer { workers = [] }; return workers }) { worker.stop() }
    }

    package func shutdownAsync(_ application: Application) async {
        await shutdown()
    }
}

/// One child of one sandbox: the process one task ran in.
struct EngineChild: Hashable, Sendable {
    let worker: String
    let pid: Int32
}

/// Runs engine tasks: in worker processes, or in this process.
package protocol EngineRunner: Sendable {
    func perform(_ task: EngineTask) async throws -> EngineAnswer
}

/// Engine tasks on the server's own engine threads (`EngineIsolation.inProcess`):
/// what the CLI's commands and the benchmarks' baseline use.
struct InProcessEngines: EngineRunner {
    let pool: EnginePool
    let runner: EngineTaskRunner

    func perform(_ task: EngineTask) async throws -> EngineAnswer {
        let runner = self.runner
        return try await pool.run { VerityMetrics.timing(task.stage) { runner.perform(task) } }
    }
}
