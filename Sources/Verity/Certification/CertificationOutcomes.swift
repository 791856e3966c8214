import Foundation

/// One call's closures in the specification's form: `onSuccess`, one closure
/// per error the specification lists for that call, and `onClientError` for
/// every error no other closure takes.
///
/// Unchecked `Sendable` because the closures are the app's, written as the
/// specification writes them: they capture and change the app's state (its
/// `var user = User()`). The SDK calls exactly one of them, once, on the
/// client's `callbackQueue`, and never touches them from anywhere else.
struct CertificationOutcomes<Value: Sendable>: @unchecked Sendable {
    let onSuccess: (Value) -> Void
    /// `onNoConnection`: the service could not be reached (the call's retries spent).
    var onNoConnection: (() -> Void)?
    /// The closures named for one error code each (`onInvalidToken`, `onUserLockedError`, …).
    var onError: [CertificationError.Code: (CertificationError) -> Void] = [:]
    let onClientError: (CertificationError) -> Void

    init(_ onSuccess: @escaping (Value) -> Void, onNoConnection: (() -> Void)? = nil,
         onError: [CertificationError.Code: ((CertificationError) -> Void)?] = [:], onClientError: @escaping (CertificationError) -> Void) {
        self.onSuccess = onSuccess
        self.onNoConnection = onNoConnection
        self.onError = onError.compactMapValues { $0 }
        self.onClientError = onClientError
    }

    /// The closure `error` belongs to, called: its own, else `onNoConnection`
    /// for an unreachable service, else `onClientError`.
    func fail(_ error: CertificationError) {
        if let own = onError[error.code] {
            own(error)
        } else if error.code == .noConnection, let onNoConnection {
            onNoConnection()
        } else {
            onClientError(error)
        }
    }
}

extension CertificationOutcomes where Value == Void {
    /// For calls whose `onSuccess` takes nothing.
    init(_ onSuccess: @escaping () -> Void, onNoConnection: (() -> Void)? = nil,
         onError: [CertificationError.Code: ((CertificationError) -> Void)?] = [:], onClientError: @escaping (CertificationError) -> Void) {
        self.init({ (_: Void) in onSuccess() }, onNoConnection: onNoConnection, onError: onError, onClientError: onClientError)
    }
}

extension CertificationClient {
    /// Runs `call` (the `async` method of the same name) and hands its
    /// outcome to one of `outcomes`' closures on ``callbackQueue``.
    func deliver<Value: Sendable>(_ outcomes: CertificationOutcomes<Value>, _ call: @escaping @Sendable () async throws -> Value) {
        let queue = callbackQueue
        Task {
            do {
                let value = try await call()
                queue.async { outcomes.onSuccess(value) }
            } catch {
                let failure = CertificationError(wrapping: error)
                queue.async { outcomes.fail(failure) }
            }
        }
    }
}
