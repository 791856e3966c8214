import Foundation
import VerityCore
import VerityStore

extension KeyRotationOperations {
    /// How long what the old derived keys signed stays accepted, by default:
    /// activation codes live 30 days, and integrators need time to pin the next response key.
    public static let derivedKeyOverlapDays = 30

    /// Replaces the derived keys with new random ones (`DerivedKeyRotation`);
    /// every server must be stopped, and start again afterwards.
    public func rotateDerivedKeys(overlapDays: Int = derivedKeyOverlapDays) async throws -> DerivedKeyRotation.Report {
        guard (1...90).contains(overlapDays) else {
            throw VerityError.invalid("overlapDays", "the overlap is 1–90 days")
        }
        let report: DerivedKeyRotation.Report
        do {
            report = try await DerivedKeyRotation(db: db, protector: protector)
                .run(now: clock.nowMillis(), overlapMilliseconds: Int64(overlapDays) * 86_400_000)
        } catch let refusal as DerivedKeyRotation.Refusal {
            throw VerityError(.validationError, Self.explain(refusal))
        } catch StoreError.derivedKeysChanged {
            throw VerityError(.validationError, StoreError.derivedKeysChanged.description)
        }
        try await audit("derived_keys.rotate", environmentID: nil)
        return report
    }

    static func explain(_ refusal: DerivedKeyRotation.Refusal) -> String {
        switch refusal {
        case .windowOpen(let until):
            "The last rotation's overlap lasts until \(Date(timeIntervalSince1970: Double(until) / 1000)): rotate again after it, or what it still accepts would stop working at once."
        case .unsealedReferences(let count):
            "\(count) users were named before references were kept sealed, so their index cannot be recomputed: make any API call naming each once (it seals the reference), or erase them, then rotate."
        case .unreadable(let table, let count):
            "\(count) values in \(table) open with no configured data key: nothing was changed. Finish the data-key rotation first."
        }
    }
}
