import CSandbox
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import VerityCore
import VerityEngines

/// One engine zygote in its sandbox, seen from the server: the sandbox's
/// process, the pipes to it, and the child waiting for the next task. Used
/// by one engine thread at a time.
///
/// A child serves one tenant: its tasks go to it one after another, and
/// another tenant's task (or one with no tenant) goes to a fresh child once
/// the last one has ended, so no process ever sees two tenants' images.
/// Anything unexpected
/// (a child that dies, answers twice, answers nonsense, outlives its answer,
/// runs over its time; a zygote that says something it should not) ends the
/// whole sandbox, and the next task starts a new one.
final class EngineWorkerProcess: @unchecked Sendable {
    /// The sandbox's process on the host (setpriv that became bwrap): SIGKILL to it ends everything inside.
    let pid: pid_t
    /// The worker's id in the server's log: its engine thread and how many sandboxes that thread has started.
    let id: String
    private let tasks: Int32, answers: Int32, requests: Int32, reports: Int32
    private let output: EngineWorkerOutput
    /// The child forked for the next task (the zygote's own pid for it), once the zygote has said so.
    private var waitingChild: Int32?
    /// The child that answered a tenant's task and waits for that tenant's next one, and how many it has answered.
    private var servingChild: (pid: Int32, tenant: UUID, tasks: Int)?
    /// Tasks one child answers at most (`EngineWorkerPool.Configuration.tasksPerChild`).
    private let tasksPerChild: Int
    /// Whether children serve more than one task: not a stand-in's (it answers one task and exits).
    private let keepsChildren: Bool
    private var childRequested = false
    /// The zygote's own pid inside its sandbox.
    private var zygote: Int32 = 0

    private init(pid: pid_t, id: String, tasks: Int32, answers: Int32, requests: Int32, reports: Int32, output: EngineWorkerOutput,
                 keepsChildren: Bool, tasksPerChild: Int) {
        self.pid = pid
        self.keepsChildren = keepsChildren
        self.tasksPerChild = tasksPerChild
        self.id = id
        self.tasks = tasks
        self.answers = answers
        self.requests = requests
        self.reports = reports
        self.output = output
    }

    /// Starts a zygote in the sandbox and waits until its engines are loaded.
    static func start(_ configuration: EngineWorkerPool.Configuration, id: String, logger: Logger) throws -> EngineWorkerProcess {
        let launcher: SandboxLauncher
        do {
            launcher = try SandboxLauncher.locate()
        } catch {
            throw VerityError(.serviceUnavailable, "the engines could not start: \(error.description)")
        }
        // Each pipe: [read end, write end], both close-on-exec here; the spawn places the child's ends.
        let tasks = try pipe(), output = try pipe(), answers = try pipe(), requests = try pipe(), reports = try pipe()
        // The worker's options are its environment; nothing else of the server's is in it.
        // Tesseract's OpenMP and OpenBLAS each start a thread per core unless told;
        // two malloc arenas keep the address space inside the worker's limit.
        var environment = ["VERITY_ENGINE_MODELS=\(configuration.modelsDirectory)", "VERITY_ENGINE_CPU_MS=\(configuration.taskCPUMilliseconds)",
                           "OMP_THREAD_LIMIT=1", "OPENBLAS_NUM_THREADS=1", "MALLOC_ARENA_MAX=2"]
        var extra = [configuration.modelsDirectory]
        if let program = configuration.standIn {
            environment.append("VERITY_ENGINE_PROGRAM=\(program)")
            extra.append(program)
        }
        if let tessdata = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] {
            environment.append("TESSDATA_PREFIX=\(tessdata)")
            extra.append(tessdata)
        }
        let view = SandboxFileView.standard(program: configuration.executable, extra: extra)
        let pid: pid_t
        do {
            pid = try launcher.start(program: configuration.executable, arguments: [], view: view, environment: environment,
                                     descriptors: [tasks[0], output[1], output[1], answers[1], requests[0], reports[1]], confinement: .zygote,
                                     limits: SandboxLimits(addressSpaceBytes: UInt64(configuration.memoryMegabytes) * 1_048_576))
        } catch {
            for end in tasks + output + answers + requests + reports { close(end) }
            throw VerityError(.serviceUnavailable, "the engines could not start: \(error.description)")
        }
        for end in [tasks[0], output[1], answers[1], requests[0], reports[1]] { close(end) }
        let worker = EngineWorkerProcess(pid: pid, id: id, tasks: tasks[1], answers: answers[0], requests: requests[1], reports: reports[0],
                                         output: EngineWorkerOutput(descriptor: output[0], worker: id, logger: logger),
                                         keepsChildren: configuration.standIn == nil, tasksPerChild: configuration.tasksPerChild)
        // The zygote loads its engines, then says so: its tasks' time starts after.
        guard case .ready(let zygote) = try? worker.readReport(deadline: ContinuousClock.now + Self.startup) else {
            let ending = worker.kill()
            throw VerityError(.serviceUnavailable, "the engines could not start: the engine worker ended before it was ready (\(ending))")
        }
        worker.zygote = zygote
        return worker
    }

    /// How long a zygote may take to load its engines (models read from disk).
    static let startup: Duration = .seconds(60)
    /// How long a child may take to end once it has answered, and the zygote to fork the next.
    static let childTurnover: Duration = .seconds(5)

    private static func pipe() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard sandbox_pipe(&ends) == 0 else {
            throw VerityError(.serviceUnavailable, "the engines could not start: no pipe (\(String(cString: strerror(errno))))")
        }
        return ends
    }

    /// Asks the zygote for the next task's child, without waiting for it.
    func requestChild() throws {
        guard !childRequested else { return }
        var byte = ZygoteReport.request
        guard write(requests, &byte, 1) == 1 else { throw EngineWorkerFailure.zygote("its request pipe failed") }
        childRequested = true
    }

    /// The zygote's pid of the child the next task goes to.
    private func child(deadline: ContinuousClock.Instant) throws -> Int32 {
        if let waitingChild { return waitingChild }
        try requestChild()
        guard case .spawned(let pid) = try readReport(deadline: deadline) else { throw EngineWorkerFailure.zygote("it reported out of turn") }
        waitingChild = pid
        return pid
    }

    /// One task, for `tenant`: written to the child that serves this tenant
    /// already, or else to a fresh one (the child of another tenant told to
    /// end first, and its end seen); its answer read, nothing more on the
    /// answers' pipe. A child keeps serving its tenant after answering; a
    /// task with no tenant (or a stand-in's) has its child to itself, which
    /// ends once it has answered. Throws `EngineWorkerFailure`.
    func exchange(_ payload: Data, tenant: UUID?, deadline: ContinuousClock.Instant) throws -> (answer: Data, child: Int32) {
        if let serving = servingChild, tenant == nil || serving.tenant != tenant {
            try endChild(serving.pid, deadline: min(deadline, ContinuousClock.now + Self.childTurnover))
        }
        let child: Int32
        let served: Int
        if let serving = servingChild {
            child = serving.pid
            served = serving.tasks
        } else {
            served = 0
            child = try self.child(deadline: deadline)
            // This fork is taken: the next task's is asked for afresh.
            waitingChild = nil
            childRequested = false
        }
        servingChild = nil
        output.begin(child: child)
        defer { output.end() }
        try writeTask(payload, deadline: deadline)
        var (answer, ended) = try readAnswer(child: child, deadline: deadline)
        if ended == nil {
            if let tenant, keepsChildren, served + 1 < tasksPerChild {
                // It stays, for this tenant's next task.
                servingChild = (child, tenant, served + 1)
            } else {
                // Answered: the child has nothing left to do but end.
                if keepsChildren { try writeEnd(deadline: deadline) }
                ended = try readEnd(of: child, deadline: min(deadline, ContinuousClock.now + Self.childTurnover))
            }
        }
        guard ended == nil || ended == 0 else { throw EngineWorkerFailure.childEnded(ended ?? -1) }
        // A kept child must not end on its own: the next task would find it gone.
        guard ended == nil || servingChild == nil else { throw EngineWorkerFailure.childEnded(ended ?? -1) }
        // A second frame, or any byte after the answer: the child said more than one answer.
        guard sandbox_wait_readable(answers, 0) == 0 else { throw EngineWorkerFailure.answer(.tooLong(-1)) }
        return (answer, child)
    }

    /// The tenant whose child waits for its next task, if one does.
    var servingTenant: UUID? { servingChild?.tenant }

    /// Tells the serving child it is done (an empty frame) and waits for its end.
    private func endChild(_ child: Int32, deadline: ContinuousClock.Instant) throws {
        servingChild = nil
        try writeEnd(deadline: deadline)
        let status = try readEnd(of: child, deadline: deadline)
        guard status == 0 else { throw EngineWorkerFailure.childEnded(status) }
    }

    private func writeEnd(deadline: ContinuousClock.Instant) throws {
        try writeFrame(EngineFrames.framed(Data()), deadline: deadline)
    }

    /// The child's answer frame, read as it comes while watching the zygote:
    /// once the child has ended, what is in the pipe is all there will be,
    /// so a child that dies half-way through its answer (or before it) costs
    /// a moment, not the task's whole deadline. Returns the end's status too
    /// when it came first.
    private func readAnswer(child: Int32, deadline: ContinuousClock.Instant) throws -> (answer: Data, ended: Int32?) {
        var received: [UInt8] = []
        var length: Int?
        var ended: Int32?
        var endedBy = deadline
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while received.count < 4 + (length ?? 0) {
            let ready = sandbox_wait_two(answers, Int32(POLLIN), ended == nil ? reports : -1, Int32(POLLIN),
                                         Self.milliseconds(until: min(deadline, endedBy)))
            if ready == 0 { throw ended.map(EngineWorkerFailure.childEnded) ?? .timedOut }
            if ready < 0 { throw EngineWorkerFailure.zygote("its pipes failed (\(String(cString: strerror(errno))))") }
            if ready & 2 != 0 {
                ended = try readEnd(of: child, deadline: deadline)
                endedBy = ContinuousClock.now + Self.leftoverRead
            }
            guard ready & 1 != 0 else { continue }
            let wanted = min(buffer.count, 4 + (length ?? 0) - received.count)
            let count = read(answers, &buffer, wanted)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw EngineWorkerFailure.answer(.io(errno))
            }
            guard count > 0 else { throw EngineWorkerFailure.answer(.closed) }
            received += buffer[0..<count]
            if length == nil && received.count >= 4 {
                let announced = received.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                guard announced <= EngineFrames.answerLimit else { throw EngineWorkerFailure.answer(.tooLong(announced)) }
                length = announced
            }
        }
        return (Data(received.dropFirst(4)), ended)
    }

    /// The zygote's report that `child` has ended: its status.
    private func readEnd(of child: Int32, deadline: ContinuousClock.Instant) throws -> Int32 {
        let report: ZygoteReport
        do {
            report = try readReport(deadline: deadline)
        } catch EngineWorkerFailure.timedOut {
            throw EngineWorkerFailure.zygote("its child did not end after answering")
        }
        guard case .ended(child, let status) = report else { throw EngineWorkerFailure.zygote("it reported another child") }
        return status
    }

    /// How long the server still reads an answer once its child has ended: what is in the pipe is there already.
    static let leftoverRead: Duration = .milliseconds(500)

    /// The task, written while the child reads it; a child that ends first, or a deadline, stops the write.
    private func writeTask(_ payload: Data, deadline: ContinuousClock.Instant) throws {
        try writeFrame(EngineFrames.framed(payload), deadline: deadline)
    }

    private func writeFrame(_ frame: Data, deadline: ContinuousClock.Instant) throws {
        let flags = fcntl(tasks, F_GETFL)
        _ = fcntl(tasks, F_SETFL, flags | O_NONBLOCK)
        try frame.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let ready = sandbox_wait_two(tasks, Int32(POLLOUT), reports, Int32(POLLIN), Self.milliseconds(until: deadline))
                if ready == 0 { throw EngineWorkerFailure.timedOut }
                // The zygote speaks before the task is read: its child is gone.
                if ready < 0 || ready & 2 != 0 { throw EngineWorkerFailure.zygote("its child ended before reading its task") }
                let written = Glibc.write(tasks, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw EngineWorkerFailure.zygote("its task pipe failed (\(String(cString: strerror(errno))))")
                }
                offset += written
            }
        }
    }

    private func readReport(deadline: ContinuousClock.Instant) throws -> ZygoteReport {
        let frame: Data
        do {
            frame = try EngineFrames.read(from: reports, limit: ZygoteReport.limit, deadline: deadline)
        } catch .timedOut {
            throw EngineWorkerFailure.timedOut
        } catch {
            throw EngineWorkerFailure.zygote("its reports ended (\(error))")
        }
        guard let report = try? JSONDecoder().decode(ZygoteReport.self, from: frame) else { throw EngineWorkerFailure.zygote("it reported nonsense") }
        return report
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        return Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// The host's process id of the child running a task now, if any
    /// (tests and `/metrics`): found under the sandbox by its namespace pid.
    func runningChild() -> pid_t? {
        guard let child = output.currentChild else { return nil }
        return SandboxProcesses.hostPID(of: child, under: pid)
    }

    /// The host's process id of the zygote (tests read its /proc).
    func zygoteProcess() -> pid_t? {
        SandboxProcesses.hostPID(of: zygote, under: pid)
    }

    /// Ends the sandbox at once (SIGKILL: everything inside dies with it),
    /// reaps it and closes its pipes. Returns how it ended, for the log.
    @discardableResult
    func kill() -> String {
        let inside = SandboxProcesses.descendants(of: pid)
        Glibc.kill(pid, SIGKILL)
        let ending = reap()
        SandboxProcesses.waitUntilGone(inside, within: .seconds(5))
        return ending
    }

    /// Lets the zygote finish: its requests closed, it exits by itself; after `grace` it is killed.
    func stop(grace: Duration = .seconds(2)) {
        let inside = SandboxProcesses.descendants(of: pid)
        defer {
            // Whatever of the sandbox outlived it (it should not) is ended too.
            SandboxProcesses.waitUntilGone(inside, within: .milliseconds(500))
            for process in inside where SandboxProcesses.isAlive(process) { Glibc.kill(process, SIGKILL) }
            SandboxProcesses.waitUntilGone(inside, within: .seconds(5))
        }
        close(requests)
        close(tasks)
        let deadline = ContinuousClock.now + grace
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid {
                closeRest()
                return
            }
            usleep(20_000)
        }
        Glibc.kill(pid, SIGKILL)
        _ = reap(closingRequests: false)
    }

    private func reap(closingRequests: Bool = true) -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if closingRequests {
            close(requests)
            close(tasks)
        }
        closeRest()
        return Self.describe(status)
    }

    private func closeRest() {
        close(answers)
        close(reports)
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

/// Why a task's exchange with its worker failed: for the log, never for the client.
enum EngineWorkerFailure: Error {
    case timedOut
    case childEnded(Int32)
    case answer(EngineFrames.Failure)
    case zygote(String)

    var reason: String {
        switch self {
        case .timedOut: "ran over the server's wait"
        case .childEnded(let status): "its child ended with \(EngineWorkerProcess.describe(status))"
        case .answer(.tooLong(let length)): length < 0 ? "its child wrote more than one answer" : "its child announced an answer of \(length) bytes"
        case .answer(let failure): "its child's answer broke off (\(failure))"
        case .zygote(let what): "the zygote misbehaved: \(what)"
        }
    }
}
