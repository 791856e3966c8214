/// What proves a user's identity for levels 3 and 4 (the spec: a checkpoint
/// visit, a video call with an operator, or a recognised ID verification).
public enum AccreditationEvidenceKind: String, Sendable, Codable, CaseIterable {
    /// A succeeded document check of the environment, by id.
    case document
    /// An in-person visit to a checkpoint that accredits the level, by the checkpoint's id.
    case checkpoint
    /// A video call with an operator, by the operator's record of it (a call or
    /// recording reference). Only the operator who approves can state it.
    case videoCall
}
