import Foundation

/// What one look at a state found: the value a test waited for, or what is
/// there instead (said when the wait gives up, so a failure shows what was seen).
public enum Observed<Value: Sendable>: Sendable {
    case ready(Value)
    case notYet(String)
}

/// The state a test waited for did not come about within `TestDeadlines.state`.
public struct StateNeverCame: Error, CustomStringConvertible {
    public let what: String
    public let lastSeen: String
    public let looks: Int
    public let limit: Duration

    public var description: String {
        "waited \(limit) for \(what) (\(looks) looks); last seen: \(lastSeen)"
    }
}

/// Waits for a state, not for a time: looks every `interval` until `look`
/// finds it ready, and gives up only after `TestDeadlines.state`, the one
/// overall limit every wait in the tests shares, saying what it saw last.
/// (A loaded run does everything later, not differently; a fixed
/// deadline per wait made tests pass or fail by the machine's load.)
public func waitFor<Value: Sendable>(_ what: String, every interval: Duration = .milliseconds(100),
                                     within limit: Duration = TestDeadlines.state,
                                     _ look: () async throws -> Observed<Value>) async throws -> Value {
    let deadline = ContinuousClock.now + limit
    var looks = 0
    while true {
        looks += 1
        switch try await look() {
        case .ready(let value):
            return value
        case .notYet(let seen):
            guard ContinuousClock.now < deadline else { throw StateNeverCame(what: what, lastSeen: seen, looks: looks, limit: limit) }
        }
        try await Task.sleep(for: interval)
    }
}

/// Waits until `holds` is true; `seen` says what there was instead.
public func waitUntil(_ what: String, every interval: Duration = .milliseconds(100),
                      seen: @escaping () async throws -> String = { "not yet" },
                      _ holds: () async throws -> Bool) async throws {
    _ = try await waitFor(what, every: interval) { () async throws -> Observed<Bool> in
        try await holds() ? .ready(true) : .notYet(try await seen())
    }
}
