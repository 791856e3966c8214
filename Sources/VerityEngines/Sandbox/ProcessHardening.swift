import CSandbox

/// What a server does to its own process before it serves.
package enum ProcessHardening {
    /// PR_SET_DUMPABLE 0: no core file of the server's memory (keys, PII in
    /// flight), and no process of the same user may read its memory, its
    /// environment (`VERITY_DATA_KEY`) or its descriptors through /proc or ptrace.
    package static func forbidInspection() {
        _ = sandbox_not_dumpable()
    }
}
