import Fluent
import VerityCore
import VerityStore

/// The one credit guard of the mobile products: said before any engine runs
/// or any session opens, so a user of an environment out of credits waits for
/// nothing. Demo keys are never charged and never refused for credits. The
/// charge itself is written with the outcome (`CreditLedger`, in the
/// outcome's transaction); this only refuses early.
enum MobileCredits {
    static func require(_ product: MobileProduct, context: MobileContext, db: any Database) async throws {
        guard !context.isDemo else { return }
        guard try await CreditLedger(db: db).balance(environmentID: context.environmentID) >= Int64(product.credits) else {
            throw VerityError(.creditsExhausted, "this environment has fewer than \(product.credits) credits left for \(product.rawValue)")
        }
    }
}
