import Foundation

/// The tenant environment whose request or job engine work is done for: an
/// engine worker's child serves one tenant's tasks only (`EngineWorkerPool`),
/// so it is kept for that tenant's next task rather than forked anew. Bound by
/// each surface's authenticator around the rest of the request, and by the
/// jobs around their work; engine work outside any (none in the server) gets
/// a child of its own.
package enum EngineTenant {
    @TaskLocal package static var current: UUID?

    /// `body` with its engine work counted as `tenant`'s.
    package static func serving<T>(_ tenant: UUID?, _ body: () async throws -> T) async rethrows -> T {
        try await $current.withValue(tenant, operation: body)
    }
}
