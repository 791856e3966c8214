import Foundation
import VerityAdmin

/// Carries what the demo's start made (its keys, its operations) to the
/// history, which runs once the server listens; then hands the keys over
/// and says what the week came to.
actor DemoHistoryStart {
    let dataDir: String
    /// A new data folder, not started with `--empty`.
    let wanted: Bool
    let clock: DemoClock
    let documents: DemoDocuments
    private var history: DemoHistory?
    private var announce: (@Sendable () throws -> Void)?

    init(dataDir: String, wanted: Bool, clock: DemoClock, documents: DemoDocuments) {
        self.dataDir = dataDir
        self.wanted = wanted
        self.clock = clock
        self.documents = documents
    }

    nonisolated var announcement: String {
        if wanted { return "made just now through the API, over the week before today (\(DemoHistory.fileName))" }
        if DemoHistory.isMade(in: dataDir) { return "made on the folder's first start (\(DemoHistory.fileName))" }
        if DemoHistory.wasCutShort(in: dataDir) { return "cut short when an earlier start was stopped; a new data folder gets a whole one" }
        return "none (--empty)"
    }

    /// Readies the week when one is to be made, keeping `announce` for when it is; false when none is.
    /// `operations` run on the demo's clock; `settled` says whether the server's jobs are done at a time.
    func prepare(operations: AdminOperations, settled: @escaping @Sendable (Int64) async throws -> Bool,
                 keys: DemoKeys, ownURL: String, then announce: @escaping @Sendable () throws -> Void) throws -> Bool {
        guard wanted, let url = URL(string: ownURL) else { return false }
        try DemoHistory.markStarted(in: dataDir)
        history = DemoHistory(baseURL: url, keys: keys, operations: operations, documents: documents, clock: clock, settled: settled)
        self.announce = announce
        FileHandle.standardOutput.write(Data("""
        Verity demo is making its first week through its own API (about half a minute); its keys follow.

        """.utf8))
        return true
    }

    /// Makes the week, records it, hands the keys over, and prints one line about the week.
    func make() async {
        guard let history, let announce else { return }
        let record = await history.make()
        guard !Task.isCancelled else { return }
        var line: String
        do {
            try DemoHistory.write(record, toDirectory: dataDir)
            let outcomes = record.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            line = "the first week: \(outcomes)\(record.skipped.isEmpty ? "" : "; left out: \(record.skipped.joined(separator: "; "))")\n"
        } catch {
            line = "the first week: cannot write \(DemoHistory.fileName): \(error)\n"
        }
        do {
            try announce()
        } catch {
            line += "cannot write the demo's keys: \(error)\n"
        }
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}
