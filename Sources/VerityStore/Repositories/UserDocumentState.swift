import Fluent
import Foundation
import SQLKit
import VerityCore

/// What a user's status answer needs of their documents, read in one
/// statement: the document verification's status, the capture link, and the
/// newest check. Every `VerifiedIdentity` is built from one of these (three
/// model queries before: the identity hot path's answer is one round trip now).
public struct UserDocumentState: Sendable {
    public struct Link: Sendable {
        public let id: UUID
        public let environmentID: UUID
        public let timing: CaptureLinkPolicy.Link
    }

    /// The newest check, as the status answer summarizes it.
    public struct Check: Sendable {
        public let id: UUID
        public let status: String
        public let flow: String
        public let documentType: DocumentType
        public let country: String
        /// Comma-separated codes, as stored.
        public let reasons: String?
        public let createdAt: Int64
        public let finishedAt: Int64?
    }

    public let status: DocumentVerificationStatus?
    public let link: Link?
    public let latestCheck: Check?

    public static let none = UserDocumentState(status: nil, link: nil, latestCheck: nil)

    public init(status: DocumentVerificationStatus?, link: Link?, latestCheck: Check?) {
        self.status = status
        self.link = link
        self.latestCheck = latestCheck
    }

    /// The columns of `select`, in order.
    typealias Row = (String?, UUID?, UUID?, Int64?, Int?, Int?, UUID?, String?, String?, String?, String?, String?, Int64?, Int64?)

    init(_ row: Row) {
        let (status, linkID, linkEnvironment, linkCreated, opens, submissions,
             checkID, checkStatus, flow, documentType, country, reasons, checkCreated, finished) = row
        self.status = status.flatMap(DocumentVerificationStatus.init(rawValue:))
        if let linkID, let linkEnvironment, let linkCreated {
            link = Link(id: linkID, environmentID: linkEnvironment,
                        timing: CaptureLinkPolicy.Link(createdAt: linkCreated, opens: opens ?? 0, submissions: submissions ?? 0))
        } else {
            link = nil
        }
        if let checkID, let checkStatus, let flow, let documentType = documentType.flatMap(DocumentType.init(rawValue:)), let country,
           let checkCreated {
            latestCheck = Check(id: checkID, status: checkStatus, flow: flow, documentType: documentType, country: country,
                                reasons: reasons, createdAt: checkCreated, finishedAt: finished)
        } else {
            latestCheck = nil
        }
    }

    /// The statement for both databases, up to the user's id, which follows
    /// it. The user's row anchors it, so each side is a left join; the newest
    /// check is picked by a subquery (SQLite has no lateral join).
    static let select = """
        SELECT dv.status AS document_status,
               cl.id AS link_id, cl.environment_id AS link_environment_id, cl.created_at AS link_created_at,
               cl.opens AS link_opens, cl.submissions AS link_submissions,
               dc.id AS check_id, dc.status AS check_status, dc.flow AS check_flow, dc.document_type AS check_document_type,
               dc.country AS check_country, dc.reasons AS check_reasons, dc.created_at AS check_created_at,
               dc.finished_at AS check_finished_at
        FROM end_users u
        LEFT JOIN document_verifications dv ON dv.user_id = u.id
        LEFT JOIN capture_links cl ON cl.user_id = u.id
        LEFT JOIN document_checks dc ON dc.id = (SELECT c.id FROM document_checks c WHERE c.user_id = u.id
                                                 ORDER BY c.created_at DESC, c.id DESC LIMIT 1)
        WHERE u.id =
        """
}

extension DocumentCheckRepository {
    /// The user's document state (`UserDocumentState`): prepared on
    /// PostgreSQL, through SQLKit on SQLite; empty for an unknown user.
    public func state(userID: UUID) async throws -> UserDocumentState {
        if let rows = try await db.prepared(UserDocumentStateStatement(userID: userID)) {
            return rows.first ?? .none
        }
        guard let row = try await db.sql().raw("\(unsafeRaw: UserDocumentState.select) \(bind: userID)").first() else {
            return .none
        }
        return UserDocumentState((
            try row.decode(column: "document_status", as: String?.self),
            try row.decode(column: "link_id", as: UUID?.self),
            try row.decode(column: "link_environment_id", as: UUID?.self),
            try row.decode(column: "link_created_at", as: Int64?.self),
            try row.decode(column: "link_opens", as: Int?.self),
            try row.decode(column: "link_submissions", as: Int?.self),
            try row.decode(column: "check_id", as: UUID?.self),
            try row.decode(column: "check_status", as: String?.self),
            try row.decode(column: "check_flow", as: String?.self),
            try row.decode(column: "check_document_type", as: String?.self),
            try row.decode(column: "check_country", as: String?.self),
            try row.decode(column: "check_reasons", as: String?.self),
            try row.decode(column: "check_created_at", as: Int64?.self),
            try row.decode(column: "check_finished_at", as: Int64?.self)))
    }
}
