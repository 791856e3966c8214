import Foundation
import NIOCore

/// Every limit a test puts on time, in one place.
///
/// A test checks what happened, not how fast: on a loaded two-core machine
/// a request or a job may wait its turn for a long while and still be
/// right. So there are two limits, both generous, and every client, wait and
/// page script in the tests takes its limit from here, where it cannot
/// disagree with another's (a client giving up at 60 s on a server that
/// answers at 70 s was the commonest failure of loaded runs). A test that
/// measures time itself says so in its name; speed belongs in `make bench`.
public enum TestDeadlines {
    /// The longest a test waits for one answer from a test server: HTTP
    /// clients, the SDK clients' `requestTimeout`, a browser's page load.
    public static let request: Duration = .seconds(requestSeconds)

    /// `request` in seconds: `VERITY_TEST_REQUEST_SECONDS`, 300 by default.
    public static let requestSeconds = configured("VERITY_TEST_REQUEST_SECONDS") ?? 300

    /// `request` for the SDK clients' `requestTimeout` and `URLRequest.timeoutInterval`.
    public static let requestTimeout = TimeInterval(requestSeconds)

    /// `request` for NIO's clients (AsyncHTTPClient, the webhook poster).
    public static let requestTimeAmount = TimeAmount.seconds(Int64(requestSeconds))

    /// The longest a test waits for a state to come about: a job settled, a
    /// webhook delivered, a page's notice shown. At least `request`: the
    /// state may wait behind a request that is itself waiting.
    public static let state: Duration = .seconds(stateSeconds)

    /// `state` in seconds: `VERITY_TEST_WAIT_SECONDS`, 300 by default
    /// (the page scripts and the shell harnesses read the same variable).
    public static let stateSeconds = max(configured("VERITY_TEST_WAIT_SECONDS") ?? 300, requestSeconds)

    /// How long a test server lets requests still being answered finish when
    /// it stops: longer than any client waits, so no server is torn down
    /// under a request its test is still waiting for.
    public static let serverShutdown: Duration = .seconds(requestSeconds + 30)

    /// A positive whole number from the environment variable `name`, if it holds one.
    static func configured(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init).map { max(1, $0) }
    }

    /// What a page script (`tests-pages/*.py`) needs to take its limits from here.
    public static var scriptEnvironment: [String: String] {
        ["VERITY_TEST_WAIT_SECONDS": "\(stateSeconds)", "VERITY_TEST_REQUEST_SECONDS": "\(requestSeconds)"]
    }
}
