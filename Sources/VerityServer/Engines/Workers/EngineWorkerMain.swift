import CSandbox
import Foundation

/// The engine worker process (`verity engine-worker`): reads tasks from its
/// standard input, answers on its standard output, one at a time, until the
/// server closes the pipe. It holds no database handle, no keys and no
/// settings beyond the models' directory; before it reads a byte it limits
/// its memory, forbids core files, and confines itself (`sandbox_enter`).
public enum EngineWorkerMain {
    /// Exit statuses the supervisor can tell apart from a crash.
    public enum ExitStatus: Int32 {
        case finished = 0
        case confinementFailed = 70
        case protocolBroken = 71
    }

    /// `cpuMillisecondsPerTask`: each task's CPU time; past it the kernel
    /// ends the worker (SIGXCPU), whatever the task's code is doing.
    public static func run(modelsDirectory: String, memoryBytes: UInt64, cpuMillisecondsPerTask: UInt32, parent: Int32) -> Never {
        // Answers go out on a descriptor of their own; standard output becomes
        // standard error, so a library that prints cannot corrupt a frame.
        let answers = dup(1)
        dup2(2, 1)
        guard answers >= 0, sandbox_limit(memoryBytes) == 0, sandbox_enter(parent) == 0 else {
            exit(ExitStatus.confinementFailed.rawValue)
        }
        let runner = EngineTaskRunner(modelsDirectory: modelsDirectory)
        let decoder = JSONDecoder(), encoder = JSONEncoder()
        // Ready: the engines are loaded, and a task's time starts now.
        guard (try? EngineFrames.write(Data(EngineFrames.ready.utf8), to: answers)) != nil else {
            exit(ExitStatus.protocolBroken.rawValue)
        }
        while true {
            let frame: Data
            do {
                frame = try EngineFrames.read(from: 0, limit: EngineFrames.taskLimit)
            } catch .closed {
                exit(ExitStatus.finished.rawValue)
            } catch {
                exit(ExitStatus.protocolBroken.rawValue)
            }
            let answer: EngineAnswer
            guard sandbox_cpu_budget(cpuMillisecondsPerTask) == 0 else { exit(ExitStatus.confinementFailed.rawValue) }
            if let task = try? decoder.decode(EngineTask.self, from: frame) {
                answer = runner.perform(task)
            } else {
                answer = .failed(code: "INVALID_INPUT", message: "the engine task could not be read", field: nil)
            }
            guard sandbox_cpu_budget_clear() == 0 else { exit(ExitStatus.confinementFailed.rawValue) }
            guard let encoded = try? encoder.encode(answer), (try? EngineFrames.write(encoded, to: answers)) != nil else {
                exit(ExitStatus.protocolBroken.rawValue)
            }
        }
    }
}
