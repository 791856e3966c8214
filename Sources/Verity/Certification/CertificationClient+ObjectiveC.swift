#if canImport(ObjectiveC)
import Foundation

// The specification's Objective-C surface: `[VeritySDK.getClient
// requestUserOnSuccess:^(User *user) {…} …]`. Thin on purpose: every method
// forwards to the Swift call of the same name (CertificationClient+Callbacks
// .swift), and errors are `CertificationError` bridged to `NSError`
// (CertificationError+NSError.swift). Compiled only where an Objective-C
// runtime exists; Linux CI cannot build it (docs/certification.md).

/// `VeritySDK.getClient`: the client `SDK.configure` set up (the
/// specification's `biidCoreSDK` is its vendor's name).
@objc(VeritySDK)
public final class ObjCSDK: NSObject {
    @objc public static var getClient: ObjCCertificationClient { ObjCCertificationClient(SDK.getClient) }
}

/// The specification's `User` in Objective-C: `status`, and the registration
/// form by field name (`user[field.name] = @"…"`).
@objc(User)
public final class ObjCUser: NSObject {
    var user: User

    @objc public override init() { user = User() }
    init(_ user: User) { self.user = user }

    @objc public var status: ObjCUserStatus { ObjCUserStatus(user.status) }

    @objc public subscript(fieldName: String) -> String? {
        get { user[fieldName] }
        set { user[fieldName] = newValue }
    }
}

/// `User.Status` in Objective-C: `UserStatusUnregistered`, …
@objc(UserStatus)
public enum ObjCUserStatus: Int {
    case unverified, unregistered, uncertified, certificatePending, certified

    init(_ status: User.Status) {
        switch status {
        case .unverified: self = .unverified
        case .unregistered: self = .unregistered
        case .uncertified: self = .uncertified
        case .certificatePending: self = .certificatePending
        case .certified: self = .certified
        }
    }
}

/// `EntityDetails` in Objective-C.
@objc(EntityDetails)
public final class ObjCEntityDetails: NSObject {
    @objc public let name: String
    @objc public let displayName: String
    @objc public let userFieldDefinitions: [ObjCFieldDefinition]

    init(_ details: EntityDetails) {
        name = details.name
        displayName = details.displayName
        userFieldDefinitions = (details.userFieldDefinitions ?? []).map(ObjCFieldDefinition.init)
    }
}

/// `FieldDefinition` in Objective-C.
@objc(FieldDefinition)
public final class ObjCFieldDefinition: NSObject {
    @objc public let name: String
    @objc public let type: String
    @objc public let required: Bool

    init(_ field: FieldDefinition) {
        name = field.name ?? ""
        type = field.type
        required = field.required
    }
}

/// `VeritySDK.getClient` in Objective-C: the specification's selectors.
@objc(VerityCertificationClient)
public final class ObjCCertificationClient: NSObject {
    let client: CertificationClient

    init(_ client: CertificationClient) { self.client = client }

    private static func bridged(_ handler: @escaping (NSError) -> Void) -> (CertificationError) -> Void {
        { handler($0 as NSError) }
    }

    @objc(requestUserDeviceVerificationOnSuccess:onNoConnection:onInvalidToken:onDeviceVerificationLimitError:onClientError:)
    public func requestUserDeviceVerification(onSuccess: @escaping () -> Void, onNoConnection: @escaping () -> Void,
                                              onInvalidToken: @escaping (NSError) -> Void,
                                              onDeviceVerificationLimitError: @escaping (NSError) -> Void,
                                              onClientError: @escaping (NSError) -> Void) {
        client.requestUserDeviceVerification(onSuccess: onSuccess, onNoConnection: onNoConnection, onInvalidToken: Self.bridged(onInvalidToken),
                                             onDeviceVerificationLimitError: Self.bridged(onDeviceVerificationLimitError),
                                             onClientError: Self.bridged(onClientError))
    }

    @objc(verifyUserDeviceWithVericationCode:onSuccess:onNoConnection:onInvalidToken:onValidationError:onExpiredVerificationCodeError:onUserLockedError:onClientError:)
    public func verifyUserDevice(withVericationCode code: String, onSuccess: @escaping () -> Void, onNoConnection: @escaping () -> Void,
                                 onInvalidToken: @escaping (NSError) -> Void, onValidationError: @escaping (NSError) -> Void,
                                 onExpiredVerificationCodeError: @escaping (NSError) -> Void, onUserLockedError: @escaping (NSError) -> Void,
                                 onClientError: @escaping (NSError) -> Void) {
        client.verifyUserDevice(withVericationCode: code, onSuccess: onSuccess, onNoConnection: onNoConnection,
                                onInvalidToken: Self.bridged(onInvalidToken), onValidationError: Self.bridged(onValidationError),
                                onExpiredVerificationCodeError: Self.bridged(onExpiredVerificationCodeError),
                                onUserLockedError: Self.bridged(onUserLockedError), onClientError: Self.bridged(onClientError))
    }

    @objc(requestUserOnSuccess:onNoConnection:onInvalidToken:onClientError:)
    public func requestUser(onSuccess: @escaping (ObjCUser) -> Void, onNoConnection: @escaping () -> Void,
                            onInvalidToken: @escaping (NSError) -> Void, onClientError: @escaping (NSError) -> Void) {
        client.requestUser(onSuccess: { onSuccess(ObjCUser($0)) }, onNoConnection: onNoConnection, onInvalidToken: Self.bridged(onInvalidToken),
                           onClientError: Self.bridged(onClientError))
    }

    @objc(requestEntityDetailsOnSuccess:onClientError:)
    public func requestEntityDetails(onSuccess: @escaping (ObjCEntityDetails) -> Void, onClientError: @escaping (NSError) -> Void) {
        client.requestEntityDetails(onSuccess: { onSuccess(ObjCEntityDetails($0)) }, onClientError: Self.bridged(onClientError))
    }

    @objc(registerUser:onSuccess:onNoConnection:onInvalidToken:onValidationError:onUserAlreadyRegisteredError:onClientError:)
    public func registerUser(_ user: ObjCUser, onSuccess: @escaping () -> Void, onNoConnection: @escaping () -> Void,
                             onInvalidToken: @escaping (NSError) -> Void, onValidationError: @escaping (NSError) -> Void,
                             onUserAlreadyRegisteredError: @escaping (NSError) -> Void, onClientError: @escaping (NSError) -> Void) {
        client.registerUser(withUser: user.user, onSuccess: onSuccess, onNoConnection: onNoConnection, onInvalidToken: Self.bridged(onInvalidToken),
                            onValidationError: Self.bridged(onValidationError),
                            onUserAlreadyRegisteredError: Self.bridged(onUserAlreadyRegisteredError), onClientError: Self.bridged(onClientError))
    }

    @objc(certifyUserAtLevel1OnSuccess:onNoConnection:onInvalidToken:onUserNotAccreditedError:onClientError:)
    public func certifyUserAtLevel1(onSuccess: @escaping () -> Void, onNoConnection: @escaping () -> Void,
                                    onInvalidToken: @escaping (NSError) -> Void, onUserNotAccreditedError: @escaping (NSError) -> Void,
                                    onClientError: @escaping (NSError) -> Void) {
        client.certifyUserAtLevel1(onSuccess: onSuccess, onNoConnection: onNoConnection, onInvalidToken: Self.bridged(onInvalidToken),
                                   onUserNotAccreditedError: Self.bridged(onUserNotAccreditedError), onClientError: Self.bridged(onClientError))
    }

    @objc(certifyUserWithDIAC:onSuccess:onNoConnection:onInvalidToken:onValidationError:onUserNotAccreditedError:onClientError:)
    public func certifyUser(withDIAC code: String, onSuccess: @escaping () -> Void, onNoConnection: @escaping () -> Void,
                            onInvalidToken: @escaping (NSError) -> Void, onValidationError: @escaping (NSError) -> Void,
                            onUserNotAccreditedError: @escaping (NSError) -> Void, onClientError: @escaping (NSError) -> Void) {
        client.certifyUser(withDIAC: code, onSuccess: onSuccess, onNoConnection: onNoConnection, onInvalidToken: Self.bridged(onInvalidToken),
                           onValidationError: Self.bridged(onValidationError), onUserNotAccreditedError: Self.bridged(onUserNotAccreditedError),
                           onClientError: Self.bridged(onClientError))
    }

    @objc(certifyUserAtLevel4WithDIAC:password:onSuccess:onNoConnection:onInvalidToken:onUserNotAccreditedError:onValidationError:onDeviceNotVerified:onClientError:)
    public func certifyUserAtLevel4(withDIAC code: String, password: String, onSuccess: @escaping () -> Void,
                                    onNoConnection: @escaping () -> Void, onInvalidToken: @escaping (NSError) -> Void,
                                    onUserNotAccreditedError: @escaping (NSError) -> Void, onValidationError: @escaping (NSError) -> Void,
                                    onDeviceNotVerified: @escaping (NSError) -> Void, onClientError: @escaping (NSError) -> Void) {
        client.certifyUserAtLevel4(withDIAC: code, andPassword: password, onSuccess: onSuccess, onNoConnection: onNoConnection,
                                   onInvalidToken: Self.bridged(onInvalidToken), onUserNotAccreditedError: Self.bridged(onUserNotAccreditedError),
                                   onValidationError: Self.bridged(onValidationError), onDeviceNotVerified: Self.bridged(onDeviceNotVerified),
                                   onClientError: Self.bridged(onClientError))
    }

    @objc(uncertifyOnSuccess:onNoConnection:onInvalidToken:onClientError:)
    public func uncertify(onSuccess: @escaping () -> Void, onNoConnection: @escaping () -> Void, onInvalidToken: @escaping (NSError) -> Void,
                          onClientError: @escaping (NSError) -> Void) {
        client.uncertify(onSuccess: onSuccess, onNoConnection: onNoConnection, onInvalidToken: Self.bridged(onInvalidToken),
                         onClientError: Self.bridged(onClientError))
    }
}
#endif
