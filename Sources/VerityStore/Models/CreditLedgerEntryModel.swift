import Fluent
import Foundation

/// One change to an environment's credits: a grant (positive) or a charge
/// (negative, naming the verification it paid for), with the balance after it.
public final class CreditLedgerEntryModel: Model, @unchecked Sendable {
    public static let schema = "credit_ledger"

    @ID public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "delta") public var delta: Int64
    @Field(key: "balance_after") public var balanceAfter: Int64
    /// `grant` or the product charged (`verifyhuman`, …).
    @Field(key: "reason") public var reason: String
    /// The verification or session charged, or the operator's note for a grant.
    @OptionalField(key: "reference") public var reference: String?
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}
}
