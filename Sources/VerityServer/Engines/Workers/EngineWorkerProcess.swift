import CSandbox
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import VerityCore

/// One running engine worker: its process, the two pipes to it, and the empty
/// directory it runs in. Used by one engine thread at a time.
final class EngineWorkerProcess: @unchecked Sendable {
    let pid: pid_t
    /// The worker's standard input: tasks.
    let tasks: Int32
    /// The worker's answers.
    package let answers: Int32
    private let directory: String

    private init(pid: pid_t, tasks: Int32, answers: Int32, directory: String) {
        self.pid = pid
        self.tasks = tasks
        self.answers = answers
        self.directory = directory
    }

    /// Starts `verity engine-worker` with nothing of the server's: two pipes,
    /// an empty working directory, an environment of four variables.
    package static func start(_ configuration: EngineWorkerPool.Configuration) throws -> EngineWorkerProcess {
        var template = Array(URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("verity-engine-XXXXXX").path.utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw VerityError(.serviceUnavailable, "the engines could not start: no working directory for a worker (\(String(cString: strerror(errno))))")
        }
        let directory = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let arguments = [configuration.executable, "engine-worker", "--models", configuration.modelsDirectory,
                         "--memory-mb", String(configuration.memoryMegabytes), "--cpu-milliseconds", String(configuration.taskCPUMilliseconds),
                         "--parent", String(getpid())]
        // Tesseract's OpenMP and OpenBLAS each start a thread per core unless told;
        // two malloc arenas keep the address space inside the worker's limit.
        var environment = ["OMP_THREAD_LIMIT=1", "OPENBLAS_NUM_THREADS=1", "MALLOC_ARENA_MAX=2"]
        if let tessdata = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] { environment.append("TESSDATA_PREFIX=\(tessdata)") }
        var pid: pid_t = 0, tasks: Int32 = -1, answers: Int32 = -1
        let status = CStrings.with(arguments) { argv in
            CStrings.with(environment) { envp in
                sandbox_spawn(configuration.executable, argv, envp, directory, &pid, &tasks, &answers)
            }
        }
        guard status == 0 else {
            rmdir(directory)
            throw VerityError(.serviceUnavailable, "the engines could not start: \(configuration.executable) engine-worker: \(String(cString: strerror(status)))")
        }
        let worker = EngineWorkerProcess(pid: pid, tasks: tasks, answers: answers, directory: directory)
        // The worker loads its engines, then says so: its tasks' time starts after.
        let ready = try? EngineFrames.read(from: answers, limit: 64, deadline: ContinuousClock.now + Self.startup)
        guard ready == Data(EngineFrames.ready.utf8) else {
            let ending = worker.kill()
            throw VerityError(.serviceUnavailable, "the engines could not start: the engine worker ended before it was ready (\(ending))")
        }
        return worker
    }

    /// How long a worker may take to load its engines (models read from disk).
    static let startup: Duration = .seconds(60)

    /// Ends the worker at once (SIGKILL), reaps it, closes its pipes and
    /// removes its directory. Returns how it ended, for the log: a worker
    /// that died by itself says so here (a signal, an exit status).
    @discardableResult
    func kill() -> String {
        Glibc.kill(pid, SIGKILL)
        return reap()
    }

    /// Lets the worker finish: its input closed, it exits by itself; after
    /// `grace` it is killed.
    package func stop(grace: Duration = .seconds(2)) {
        close(tasks)
        let deadline = ContinuousClock.now + grace
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                cleanUp()
                return
            }
            usleep(20_000)
        }
        Glibc.kill(pid, SIGKILL)
        _ = reap(closingTasks: false)
    }

    private func reap(closingTasks: Bool = true) -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if closingTasks { close(tasks) }
        cleanUp()
        return Self.describe(status)
    }

    private func cleanUp() {
        close(answers)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// waitpid's status in words: "signal 11 (SIGSEGV)" or "exit status 70".
    static func describe(_ status: Int32) -> String {
        let signal = status & 0x7F
        guard signal != 0 else { return "exit status \((status >> 8) & 0xFF)" }
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGKILL: "SIGKILL", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                      SIGFPE: "SIGFPE", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGXCPU: "SIGXCPU"]
        return "signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
    }
}

/// NULL-terminated C string arrays for the length of a call.
enum CStrings {
    package static func with<T>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> T) -> T {
        let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
