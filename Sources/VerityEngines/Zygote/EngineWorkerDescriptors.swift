/// The descriptors an engine worker is started with, the same in the
/// zygote, in each child it forks, and in a stand-in program a child runs
/// (`VERITY_ENGINE_WORKER`). Nothing else is open.
enum EngineWorkerDescriptors {
    /// One task frame, for the child; the zygote never reads it.
    static let tasks: Int32 = 0
    /// Standard output and error: a pipe the server reads and logs under the
    /// worker's id, bounded. A library that prints cannot corrupt a frame.
    static let output: Int32 = 1
    static let errors: Int32 = 2
    /// The child's one answer frame.
    static let answers: Int32 = 3
    /// The server's requests to the zygote (one byte per child wanted;
    /// closed: stop). The child closes it before anything else.
    static let requests: Int32 = 4
    /// The zygote's reports to the server (`ZygoteReport` frames). The child
    /// closes it before anything else, so it cannot speak for the zygote.
    static let reports: Int32 = 5
    static let count = 6
}
