/// Where a background job stands (`jobs.status`).
public enum JobStatus: String, Sendable, Codable, CaseIterable {
    case queued, done, failed
}
