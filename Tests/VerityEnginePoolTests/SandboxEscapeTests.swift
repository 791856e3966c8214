import Foundation
import Logging
import Testing
@testable import VerityCore
@testable import VerityEnginePool
@testable import VerityEngines
import VerityTestSupport
@testable import VerityKernel

/// The engine sandbox as a decoder taken over by a crafted image would meet
/// it: `SandboxEscapes` (tools/sandbox-escapes) tries every way out the
/// review found (a socket, io_uring, a connection to this machine, the data
/// folder, the server's /proc, writing outside its scratch space, a signal,
/// a new process, memfd, userfaultfd, ptrace, the x32 twins), inside
/// `verity sandbox run` and as a stand-in engine worker, and the host is
/// checked from outside: no connection arrives, no file appears, the
/// signalled process lives.
@Suite("The engine sandbox: every escape refused, observed from outside", .heavy)
struct SandboxEscapeTests {
    static var escapes: String {
        URL(fileURLWithPath: TestBinaries.verity).deletingLastPathComponent().appendingPathComponent("SandboxEscapes").path
    }

    /// Runs `verity sandbox run -- arguments…`; its exit status and what it wrote to standard error.
    static func sandboxRun(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestBinaries.verity)
        process.arguments = ["sandbox", "run", "--"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: written, as: UTF8.self))
    }

    @Test func everyEscapeFromAProgramInTheSandboxIsRefused() throws {
        // given: what is worth reaching on this host: a listener, a key file in a data folder, this process, another one
        let listener = try LoopbackListener()
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("verity-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let keys = data.appendingPathComponent("demo-keys.json")
        try Data("{\"secret\": \"vk_test_not_for_you\"}".utf8).write(to: keys)
        let written = data.appendingPathComponent("escaped")
        let bystander = Process()
        bystander.executableURL = URL(fileURLWithPath: "/bin/sleep")
        bystander.arguments = ["60"]
        try bystander.run()
        defer { bystander.terminate() }

        // when: the program tries them all
        let run = try Self.sandboxRun([Self.escapes, "all", "connect:\(listener.port)", "read:\(keys.path)", "read:\(data.path)",
                                       "write:\(written.path)", "proc:\(getpid())", "signal:\(bystander.processIdentifier)",
                                       "signal:\(getpid())"])

        // then: each is refused inside, and nothing happened outside
        #expect(!run.errors.contains("ALLOWED"), "\(run.errors)")
        #expect(run.status == 0, "\(run.errors)")
        for attempt in ["socket(AF_INET)", "io_uring_setup", "connect(127.0.0.1:\(listener.port))", "read \(keys.path)",
                        "write \(written.path)", "/proc/\(getpid())/environ", "/proc/\(getpid())/mem", "kill(\(bystander.processIdentifier))",
                        "fork", "clone(SIGCHLD)", "clone3", "memfd_create", "userfaultfd", "ptrace(TRACEME)", "write /escape (outside scratch)"] {
            #expect(run.errors.contains("\(attempt): refused"), "\(attempt) is tried and refused: \(run.errors)")
        }
        #expect(!listener.wasConnected, "no connection reached the listener")
        #expect(!FileManager.default.fileExists(atPath: written.path), "no file appeared")
        #expect(bystander.isRunning, "the signalled process lives")
    }

    @Test func aSystemCallOfAnotherABIEndsTheProgram() throws {
        // when: socket() by its x32 number, which a filter checking x86_64 numbers alone would miss
        let run = try Self.sandboxRun([Self.escapes, "x32"])
        // then: the process is killed by the filter (SIGSYS), not answered
        #expect(run.status == 128 + SIGSYS, "\(run.status): \(run.errors)")
        #expect(!run.errors.contains("ALLOWED"))
    }

    @Test func aProgramInTheSandboxStillRunsItsOutputAndStatusPassedThrough() throws {
        // A refused escape is not a broken sandbox: the program runs and says so.
        let run = try Self.sandboxRun([Self.escapes, "all"])
        #expect(run.errors.contains("escapes: 0 allowed"))
        #expect(run.status == 0)
    }

    /// A pool whose children run `name`, a copy of the escapes program, as their stand-in engine.
    static func standInPool(named name: String, logger: Logger) throws -> (EngineWorkerPool, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verity-stand-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let standIn = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(atPath: escapes, toPath: standIn.path)
        let pool = EngineWorkerPool(configuration: EngineWorkerPool.Configuration(
            executable: TestBinaries.engineWorker, standIn: standIn.path, modelsDirectory: URL(fileURLWithPath: "models").standardizedFileURL.path,
            workers: 1, memoryMegabytes: 2048, taskCPUMilliseconds: 60_000, taskTimeout: TestDeadlines.request), logger: logger)
        return (pool, folder)
    }

    @Test func aStandInWorkerThatTriesEveryEscapeGetsNowhereAndItsWordsAreLoggedUnderItsId() async throws {
        // given: a listener, and a secret file on the host the stand-in knows the path of
        CapturedLogs.install
        let listener = try LoopbackListener()
        let secret = URL(fileURLWithPath: "/var/tmp/verity-escape-secret-\(listener.port)")
        let written = URL(fileURLWithPath: "/var/tmp/verity-escape-written-\(listener.port)")
        try Data("vk_live_not_for_you".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret); try? FileManager.default.removeItem(at: written) }
        let (pool, folder) = try Self.standInPool(named: "escapes.\(listener.port)", logger: Logger(label: "stand-in-test"))
        defer { try? FileManager.default.removeItem(at: folder) }

        // when: a task goes to it
        let failure = await #expect(throws: VerityError.self) { _ = try await pool.perform(.liveness(selfie: Data("a selfie".utf8))).liveness() }
        await pool.shutdown()

        // then: the task fails in the server's words; outside, nothing happened
        #expect(failure?.code == .engineFailed)
        #expect(!listener.wasConnected, "no connection reached the listener")
        #expect(!FileManager.default.fileExists(atPath: written.path), "no file appeared")
        // and every line it wrote is in the server's log, under the worker's id, each escape refused
        let lines = CapturedLogs.all.filter { $0.contains("engine worker output") && $0.contains("\"worker\":\"engine-1\"") }
        #expect(lines.contains { $0.contains("escapes: 0 allowed") }, "\(lines.suffix(5))")
        #expect(lines.contains { $0.contains("/proc/1/mem: refused") }, "the zygote's memory")
        #expect(lines.contains { $0.contains("connect(127.0.0.1:\(listener.port)): refused") })
        #expect(lines.contains { $0.contains("read /var/tmp/verity-escape-secret-\(listener.port): refused") })
        #expect(!lines.contains { $0.contains("ALLOWED") }, "\(lines.filter { $0.contains("ALLOWED") })")
    }

    @Test func aWorkerCannotChooseTheErrorCodeStatusOrWordsTheClientGets() async throws {
        // given: a stand-in that answers with a code and words of its own
        let (pool, folder) = try Self.standInPool(named: "forge-answer", logger: Logger(label: "stand-in-test"))
        defer { try? FileManager.default.removeItem(at: folder) }
        // when / then: its answer is not believed; the server says what happened, in its words
        let forged = await #expect(throws: VerityError.self) { _ = try await pool.perform(.liveness(selfie: Data("a selfie".utf8))).liveness() }
        #expect(forged?.code == .engineFailed, "not RATE_LIMITED: \(String(describing: forged))")
        #expect(forged?.message.contains("worker") == false)
        await pool.shutdown()

        // given: one that claims a refusal from the closed list, with words of its own
        let (claiming, other) = try Self.standInPool(named: "forge-refusal", logger: Logger(label: "stand-in-test"))
        defer { try? FileManager.default.removeItem(at: other) }
        let refused = await #expect(throws: VerityError.self) { _ = try await claiming.perform(.liveness(selfie: Data("a selfie".utf8))).liveness() }
        // then: the reason is kept (it is data about its task); the words are the server's
        #expect(refused?.code == .imageTooLarge)
        #expect(refused?.message == EngineRefusal(reason: .imageTooLarge, image: .selfie).error.message)
        await claiming.shutdown()
    }
}

extension SandboxEscapeTests {
    @Test func aChildThatDiesHalfWayThroughItsAnswerOrLingersAfterItCostsAMomentNotTheTasksDeadline() async throws {
        for name in ["half-answer", "answer-and-linger"] {
            // given: a pool that would wait five minutes for an answer
            let (pool, folder) = try Self.standInPool(named: name, logger: Logger(label: "stand-in-test"))
            defer { try? FileManager.default.removeItem(at: folder) }
            // when: its child breaks its answer off, or answers and does not end
            let started = ContinuousClock.now
            let failure = await #expect(throws: VerityError.self) { _ = try await pool.perform(.liveness(selfie: Data("a selfie".utf8))).liveness() }
            // then: the task fails in the server's words within the child's turnover, not the task's deadline
            #expect(failure?.code == .engineFailed, "\(name)")
            #expect(ContinuousClock.now - started < .seconds(20), "\(name): \(ContinuousClock.now - started)")
            await pool.shutdown()
        }
    }
}

/// A TCP listener on 127.0.0.1 that says whether anyone connected.
final class LoopbackListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    var wasConnected: Bool {
        let connection = accept(descriptor, nil, nil)
        if connection >= 0 { close(connection) }
        return connection >= 0
    }

    deinit { close(descriptor) }
}
