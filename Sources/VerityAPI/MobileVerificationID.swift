import Foundation

/// A mobile verification's public id: `mver_` and its row's UUID in lower
/// case. Every mobile answer, webhook, review case and admin read names a
/// verification by it, whichever product made it.
public struct MobileVerificationID: Hashable, Sendable, CustomStringConvertible {
    private static let stem = "mver_"
    public let id: UUID

    public init(_ id: UUID) { self.id = id }

    /// The id `publicID` names, or nil when it is not one.
    public init?(_ publicID: String) {
        guard publicID.hasPrefix(Self.stem), let id = UUID(uuidString: String(publicID.dropFirst(Self.stem.count))) else { return nil }
        self.id = id
    }

    public var description: String { Self.stem + id.uuidString.lowercased() }
}
