import Foundation
import VerityStore

/// A user's registration fields are theirs: sealed under their own key.
extension PersonKeyRepository {
    func registrationFields(_ registration: RegistrationModel) async throws -> [String: String] {
        try await reader(userID: registration.$user.id).open(json: [String: String].self, from: registration.fieldsSealed,
                                                             at: .of(.registrationFields, try registration.requireID()))
    }
}
