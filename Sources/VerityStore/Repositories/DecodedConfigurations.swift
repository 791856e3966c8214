import Foundation
import NIOConcurrencyHelpers
import VerityCore

/// Environments' rules, decoded once per change instead of on every request.
/// A token session reads the configuration's JSON text with the token (one
/// query); when the text is the one decoded last time for that environment,
/// its decoded rules are used as they are. Any change to the stored rules
/// changes the text, so a change is seen on the next request, on every server.
final class DecodedConfigurations: Sendable {
    static let shared = DecodedConfigurations()

    /// Beyond this many environments the cache starts again (a process serves
    /// a few; this only bounds a pathological one).
    private static let capacity = 1_024

    private struct Entry: Sendable {
        let text: String
        let configuration: EnvironmentConfiguration
    }

    private let entries = NIOLockedValueBox<[UUID: Entry]>([:])

    func configuration(environmentID: UUID, text: String) throws -> EnvironmentConfiguration {
        if let entry = entries.withLockedValue({ $0[environmentID] }), entry.text == text { return entry.configuration }
        let decoded = try JSONDecoder().decode(EnvironmentConfiguration.self, from: Data(text.utf8))
        entries.withLockedValue { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[environmentID] = Entry(text: text, configuration: decoded)
        }
        return decoded
    }
}
