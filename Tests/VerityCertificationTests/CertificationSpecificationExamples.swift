import Foundation
import Verity

/// Every Swift example of `certification.txt`, pasted as the specification
/// prints it, in the view controller an app would write it in (a class: the
/// level-4 example's `[weak self]` needs one).
///
/// What differs from the specification, and only this:
/// - Under each `// Handle …` comment one line tells the test which closure
///   ran (`heard(…)`): the only way to see an outcome from outside.
/// - The names an example uses without declaring them (`code`, `password`,
///   `user`) are the method's parameters.
/// - The specification's own syntax slip: the level-4 example has no comma
///   after `andPassword: password`; it is added.
/// - The registration-form example ends by handing over the `user` it filled.
final class SpecificationScreen {
    func requestVerificationCode(_ heard: @escaping Heard) {
        SDK.getClient.requestUserDeviceVerification(
            onSuccess: {
                // Verification Request Success
                heard(.closure("onSuccess"))
            }, onNoConnection: {
                // Handle no connection Error
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token error
                heard(.closure("onInvalidToken", error))
            }, onDeviceVerificationLimitError: { (error) in
                    // Handle device verification limit error
                    heard(.closure("onDeviceVerificationLimitError", error))
            }, onClientError:  { (error) in
                    // Handle client error
                    heard(.closure("onClientError", error))
        })
    }

    func verifyDevice(code: String, _ heard: @escaping Heard) {
        SDK.getClient.verifyUserDevice(withVericationCode: code,
            onSuccess: {
                // Handle Verification Success
                heard(.closure("onSuccess"))
            }, onNoConnection: {
                    // Handle no connection Error
                    heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                    // Handle invalid token error
                    heard(.closure("onInvalidToken", error))
            }, onValidationError: { (error) in
                    // Handle validation error
                    heard(.closure("onValidationError", error))
            }, onExpiredVerificationCodeError: { (error) in
                    // Handle expired verification code error
                    heard(.closure("onExpiredVerificationCodeError", error))
            }, onUserLockedError: { (error) in
                    // Handle locked user error
                    heard(.closure("onUserLockedError", error))
            }, onClientError: { (error) in
                    // Handle client error
                    heard(.closure("onClientError", error))
        })
    }

    func checkStatus(_ heard: @escaping Heard) {
        SDK.getClient.requestUser(
            onSuccess: { (user) in
                if user.status == User.Status.unregistered {
                    // Unregistered
                }
                heard(.closure("onSuccess", user: user))
            }, onNoConnection: {
                // Handle no connection
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token
                heard(.closure("onInvalidToken", error))
            }, onClientError:  { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
        })
    }

    func fillInRegistrationForm(_ heard: @escaping Heard) {
        var user = User()
        SDK.getClient.requestEntityDetails(
            onSuccess: { (entityDetails) in
                if let userFieldDefinitions = entityDetails.userFieldDefinitions {
                    // Populate the user object for each field
                    for field in userFieldDefinitions {
                        if let fieldName = field.name {
                            user[fieldName] = "XXX"
                        }
                    }
                }
                heard(.closure("onSuccess", user: user))
            }, onClientError: { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
            }
        )
    }

    func register(user: User, _ heard: @escaping Heard) {
        SDK.getClient.registerUser(withUser: user,
            onSuccess: {
                // Handle Success
                heard(.closure("onSuccess"))
            }, onNoConnection: {
                // Handle no connection Error
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token Error
                heard(.closure("onInvalidToken", error))
            }, onValidationError: { (error) in
                // Handle field validation Error
                heard(.closure("onValidationError", error))
            }, onUserAlreadyRegisteredError: { (error) in
                // Handle user already registered Error
                heard(.closure("onUserAlreadyRegisteredError", error))
            }, onClientError: { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
            }
        )
    }

    func certifyAtLevel1(_ heard: @escaping Heard) {
        SDK.getClient.certifyUserAtLevel1(
            onSuccess: {
                // Handle Certification Success
                heard(.closure("onSuccess"))
            }, onNoConnection: {
                // Handle no connection Error
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token error
                heard(.closure("onInvalidToken", error))
            }, onUserNotAccreditedError: { (error) in
                // Handle user not accredited error
                heard(.closure("onUserNotAccreditedError", error))
            }, onClientError: { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
        })
    }

    func certifyWithDIAC(code: String, _ heard: @escaping Heard) {
        SDK.getClient.certifyUser(withDIAC: code,
            onSuccess: {
                 // Handle Certification Success
                 heard(.closure("onSuccess"))
            }, onNoConnection: {
                // Handle no connection Error
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token error
                heard(.closure("onInvalidToken", error))
            }, onValidationError: { (error) in
                // Handle validation error
                heard(.closure("onValidationError", error))
            }, onUserNotAccreditedError: { (error) in
                // Handle user not accredited error
                heard(.closure("onUserNotAccreditedError", error))
            }, onClientError: { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
        })
    }

    func certifyAtLevel4(code: String, password: String, _ heard: @escaping Heard) {
        // The specification's slip: it has no comma after `andPassword: password`.
        SDK.getClient.certifyUserAtLevel4(withDIAC: code, andPassword: password,
            onSuccess: {
                // Handle Certification Success
                heard(.closure("onSuccess"))
            }, onNoConnection: {
                // Handle no connection Error
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token error
                heard(.closure("onInvalidToken", error))
            }, onUserNotAccreditedError: { (error) in
                // Handle user not accredited error
                heard(.closure("onUserNotAccreditedError", error))
            }, onValidationError: { [weak self] (error) in
                // Handle user validation error
                heard(.closure("onValidationError", error, screenStillOpen: self != nil))
            }, onDeviceNotVerified: { (error) in
                // Handle device not verified error
                heard(.closure("onDeviceNotVerified", error))
            }, onClientError: { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
        })
    }

    func giveUpCertificate(_ heard: @escaping Heard) {
        SDK.getClient.uncertify(
            onSuccess: {
                // Handle Success
                heard(.closure("onSuccess"))
            }, onNoConnection: {
                // Handle no connection Error
                heard(.closure("onNoConnection"))
            }, onInvalidToken: { (error) in
                // Handle invalid token Error
                heard(.closure("onInvalidToken", error))
            }, onClientError: { (error) in
                // Handle client error
                heard(.closure("onClientError", error))
        })
    }
}

/// What a test hears from an example: which closure ran, with what.
typealias Heard = @Sendable (Hearing) -> Void

struct Hearing: Sendable {
    /// The closure's name as the specification spells it (`onSuccess`, `onInvalidToken`, …).
    var closure: String
    var error: CertificationError?
    /// What `onSuccess` was given (`requestUser`), or the form the example filled in.
    var user: User?
    /// For the level-4 example's `[weak self]`.
    var screenStillOpen = true
    /// Whether the closure was called on the main queue, as the SDK promises.
    /// (Not `Thread.isMainThread`: where a process runs the main queue with
    /// `dispatchMain()`, as an `async` main on Linux does, a pool thread serves it.)
    var onMainQueue = DispatchQueue.getSpecific(key: MainQueueMark.key) == MainQueueMark.value

    static func closure(_ name: String, _ error: CertificationError? = nil, user: User? = nil, screenStillOpen: Bool = true) -> Hearing {
        Hearing(closure: name, error: error, user: user, screenStillOpen: screenStillOpen)
    }
}

/// A mark set on the main queue, read back inside a closure to see the queue it runs on.
enum MainQueueMark {
    static let key = DispatchSpecificKey<String>()
    static let value = "main"
    static let set: Void = DispatchQueue.main.setSpecific(key: key, value: value)
}
