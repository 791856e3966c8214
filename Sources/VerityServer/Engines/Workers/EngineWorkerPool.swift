import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOPosix
import Vapor
import VerityCore

/// Engine work in worker processes (`verity engine-worker`): Leptonica,
/// libjpeg, giflib, libpng, Tesseract, ZXing, dlib and OpenCV parse what
/// strangers send, and whatever the image intake checks, the next bug in one
/// of them must not take the server down. So they run where their crash, a
/// runaway allocation or an endless loop costs one task: a worker process per
/// engine thread, started when first needed, limited (memory, no core files,
/// no privileges, a seccomp filter; `EngineWorkerMain`), holding no database
/// handle and no keys.
///
/// Each engine thread hands its task to an idle worker over a pipe and waits
/// for the answer. A task may use `taskCPUMilliseconds` of CPU (a CPU-time
/// timer in the worker ends it past them) and the server waits at most
/// `taskTimeout`. A worker that dies, answers something unreadable, or runs
/// over either is killed and replaced; the task ends `ENGINE_FAILED` and
/// every other request goes on.
package final class EngineWorkerPool: EngineRunner, LifecycleHandler {
    package struct Configuration: Sendable {
        /// The `verity` binary.
        package var executable: String
        /// The face models, as an absolute path (the worker runs in an empty directory).
        package var modelsDirectory: String
        package var workers: Int
        package var memoryMegabytes: Int
        /// CPU time one task may use in its worker (a process CPU-time timer
        /// the worker arms before each task): the bound on work, whatever the load.
        package var taskCPUMilliseconds: Int
        /// How long the server waits for an answer: a backstop for a worker
        /// that hangs without using CPU. Generous, so a busy machine, where a
        /// task waits for a core, does not end tasks that are within their CPU time.
        var taskTimeout: Duration

        package init(executable: String, modelsDirectory: String, workers: Int, memoryMegabytes: Int, taskCPUMilliseconds: Int,
             taskTimeout: Duration? = nil) {
            self.executable = executable
            self.modelsDirectory = modelsDirectory
            self.workers = workers
            self.memoryMegabytes = memoryMegabytes
            self.taskCPUMilliseconds = taskCPUMilliseconds
            self.taskTimeout = taskTimeout ?? .milliseconds(taskCPUMilliseconds * Self.wallTimePerCPUSecond)
        }

        /// The backstop's multiple of the CPU time.
        static let wallTimePerCPUSecond = 5
    }

    package let configuration: Configuration
    private let threads: NIOThreadPool
    private let idle = NIOLockedValueBox<[EngineWorkerProcess]>([])
    /// Workers running a task now, by process id (for `/metrics` and the tests that kill one).
    private let busy = NIOLockedValueBox<Set<pid_t>>([])
    private let logger: Logger

    /// Each worker dies with the thread that started it (PR_SET_PDEATHSIG is
    /// a thread's, not a process's): these threads live as long as the pool.
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
        return try await threads.runIfActive { try self.exchange(task, payload: payload) }
    }

    /// One task on one worker, on an engine thread (blocking reads with a deadline).
    private func exchange(_ task: EngineTask, payload: Data) throws -> EngineAnswer {
        let stage = task.stage
        let worker = try idle.withLockedValue { $0.popLast() } ?? EngineWorkerProcess.start(configuration)
        let started = ContinuousClock.now
        busy.withLockedValue { _ = $0.insert(worker.pid) }
        defer { busy.withLockedValue { _ = $0.remove(worker.pid) } }
        let answer: EngineAnswer
        do {
            try EngineFrames.write(payload, to: worker.tasks)
            let frame = try EngineFrames.read(from: worker.answers, limit: EngineFrames.answerLimit, deadline: started + configuration.taskTimeout)
            answer = try JSONDecoder().decode(EngineAnswer.self, from: frame)
            guard answer.fits(task) else { throw UnexpectedEngineAnswer() }
        } catch {
            let timedOut = (error as? EngineFrames.Failure) == .timedOut
            let ending = worker.kill()
            let overCPU = ending.contains("SIGXCPU")
            let reason = timedOut ? "ran over \(configuration.taskTimeout)"
                : overCPU ? "used its \(configuration.taskCPUMilliseconds) ms of CPU" : Self.describe(error)
            VerityMetrics.engineWorkerLost(reason: timedOut || overCPU ? "timeout" : "crash")
            logger.error("engine worker lost", metadata: [
                "stage": .string(stage), "pid": .stringConvertible(worker.pid), "reason": .string(reason), "ended": .string(ending),
            ])
            throw VerityError(.engineFailed, "the image could not be read: the engine reading it stopped. The server is fine; try once more, or send another picture.")
        }
        idle.withLockedValue { $0.append(worker) }
        VerityMetrics.engineStage(stage, nanoseconds: Int64((ContinuousClock.now - started) / .nanoseconds(1)))
        return answer
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case EngineFrames.Failure.closed: "it closed its pipe (it died)"
        case EngineFrames.Failure.tooLong(let length): "it announced an answer of \(length) bytes"
        case EngineFrames.Failure.io(let code): "the pipe failed (\(String(cString: strerror(code))))"
        case is DecodingError: "its answer could not be read"
        case is UnexpectedEngineAnswer: "it answered another task's kind"
        default: String(describing: type(of: error))
        }
    }

    /// Runs `body` on one of the pool's engine threads, as a task would (the
    /// tests hold a thread with it to keep a check running).
    func onEngineThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await threads.runIfActive(body)
    }

    /// The process ids of the workers running a task now.
    func busyWorkers() -> [pid_t] {
        busy.withLockedValue { Array($0) }
    }

    /// The process ids of the started workers waiting for a task.
    func idleWorkers() -> [pid_t] {
        idle.withLockedValue { $0.map(\.pid) }
    }

    /// The running tasks finish; every worker is told to stop and reaped.
    package func shutdown() async {
        try? await threads.shutdownGracefully()
        for worker in idle.withLockedValue({ workers in defer { workers = [] }; return workers }) { worker.stop() }
    }

    package func shutdownAsync(_ application: Application) async {
        await shutdown()
    }
}

/// Runs engine tasks: in worker processes, or in this process.
package protocol EngineRunner: Sendable {
    func perform(_ task: EngineTask) async throws -> EngineAnswer
}

/// Engine tasks on the server's own engine threads (`EngineIsolation.inProcess`):
/// what the CLI's commands and the benchmarks' baseline use.
struct InProcessEngines: EngineRunner {
    package let pool: EnginePool
    let runner: EngineTaskRunner

    package func perform(_ task: EngineTask) async throws -> EngineAnswer {
        let runner = self.runner
        return try await pool.run { VerityMetrics.timing(task.stage) { runner.perform(task) } }
    }
}
