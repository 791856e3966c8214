import Foundation

/// Lets a request wait, for a while, for the check it submitted: the check's
/// handler says when it settled. A check run by another server is not heard
/// of here; the request then answers when its wait is up, with `pending`.
package actor DocumentCheckWaiters {
    package init() {}

    private var waiting: [UUID: [UUID: CheckedContinuation<Void, Never>]] = [:]
    /// Checks that settled lately, so a wait that starts after the fact returns at once.
    private var settled: [UUID] = []

    func wait(for check: UUID, upTo limit: Duration) async {
        guard limit > .zero, !settled.contains(check) else { return }
        let ticket = UUID()
        await withCheckedContinuation { continuation in
            waiting[check, default: [:]][ticket] = continuation
            Task {
                try? await Task.sleep(for: limit)
                self.timeOut(check, ticket)
            }
        }
    }

    func finished(_ check: UUID) {
        settled.append(check)
        if settled.count > 256 { settled.removeFirst(settled.count - 256) }
        for continuation in waiting.removeValue(forKey: check)?.values ?? [:].values { continuation.resume() }
    }

    private func timeOut(_ check: UUID, _ ticket: UUID) {
        waiting[check]?.removeValue(forKey: ticket)?.resume()
        if waiting[check]?.isEmpty == true { waiting[check] = nil }
    }
}
