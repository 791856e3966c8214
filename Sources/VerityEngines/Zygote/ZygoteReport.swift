import Foundation

/// What an engine zygote tells the server, framed on its reports descriptor.
/// Process ids are the zygote's own (its PID namespace's).
package enum ZygoteReport: Codable, Sendable, Equatable {
    /// The engines are loaded; children can be asked for.
    case ready(pid: Int32)
    /// A child is forked, confined and waiting for its task.
    case spawned(pid: Int32)
    /// The child has ended and been reaped (waitpid's raw status).
    case ended(pid: Int32, status: Int32)

    /// A report is a few dozen bytes; a longer frame is not believed.
    package static let limit = 256

    /// The one byte the server writes to ask for the next child.
    package static let request: UInt8 = 0x6E
}
