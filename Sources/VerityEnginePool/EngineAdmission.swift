import NIOConcurrencyHelpers
import VerityCore
import VerityKernel

/// How much engine work may wait at once. A request that would queue behind
/// more than `requestLimit` tasks is answered at once with the overload
/// answer (503 `SERVICE_UNAVAILABLE`, `Retry-After`) instead of holding its
/// connection and its images while the queue drains; background work (a
/// document check's job) always queues, since its job lanes already bound it.
package final class EngineAdmission: Sendable {
    package enum Queue: Sendable {
        case request
        case background
    }

    /// Requests queued or running per engine worker before the next is
    /// refused: a selfie takes a quarter of a second, a document one or two.
    static let requestsPerWorker = 16
    /// What an overloaded answer tells the client to wait.
    static let retryAfterSeconds = 5

    let requestLimit: Int
    private let pending = NIOLockedValueBox(0)

    init(requestLimit: Int) {
        self.requestLimit = max(1, requestLimit)
    }

    /// Counts a task in, or refuses a request when the queue is full.
    func enter(_ queue: Queue) throws(VerityError) {
        let admitted = pending.withLockedValue { count in
            guard queue == .background || count < requestLimit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            VerityMetrics.overloaded(what: "engines")
            throw VerityError.overloaded("the engines are busy with \(requestLimit) images already: try again shortly",
                                         retryAfter: Self.retryAfterSeconds)
        }
    }

    func leave() {
        pending.withLockedValue { $0 -= 1 }
    }

    /// Tasks queued or running now.
    var count: Int { pending.withLockedValue { $0 } }
}
