import NIOConcurrencyHelpers

/// Whose turn it is on the engine threads. There are as many turns as
/// threads, so the threads' own queue (first come, first served) never
/// fills; the order is decided here instead: a request (a person holding
/// their phone, a capture page, the OCR service) is served before any
/// background work still waiting (a document check's job), whatever came
/// first. Background work is never refused, only passed; each task holds its
/// turn for one engine task, so a request waits at most for the tasks
/// already running.
final class EngineTurns: Sendable {
    private struct State {
        var free: Int
        var requests: [CheckedContinuation<Void, Never>] = []
        var background: [CheckedContinuation<Void, Never>] = []
    }

    private let state: NIOLockedValueBox<State>

    init(turns: Int) {
        state = NIOLockedValueBox(State(free: max(1, turns)))
    }

    /// Waits for a turn, before every waiting background task when `queue` is a request's.
    func take(_ queue: EngineAdmission.Queue) async {
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            let now = state.withLockedValue { state -> Bool in
                // A request passes waiting background work; background work waits behind anyone waiting.
                let ahead = queue == .request ? state.requests.count : state.requests.count + state.background.count
                if state.free > 0 && ahead == 0 {
                    state.free -= 1
                    return true
                }
                if queue == .request { state.requests.append(waiting) } else { state.background.append(waiting) }
                return false
            }
            if now { waiting.resume() }
        }
    }

    /// Gives the turn to the first waiting request, else the first waiting background task.
    func give() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if !state.requests.isEmpty { return state.requests.removeFirst() }
            if !state.background.isEmpty { return state.background.removeFirst() }
            state.free += 1
            return nil
        }
        next?.resume()
    }

    /// Tasks waiting for a turn now: requests, background.
    var waiting: (requests: Int, background: Int) {
        state.withLockedValue { ($0.requests.count, $0.background.count) }
    }
}
