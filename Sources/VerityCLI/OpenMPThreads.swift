#if canImport(Glibc)
import Glibc
#endif

/// Tesseract's OpenMP runtime (libgomp) reads OMP_THREAD_LIMIT once, when the
/// dynamic loader maps it, before `main` runs. Unlimited, its threads make a
/// loaded 2-core box ~5× slower. So when the variable is unset, set it and
/// start the same program again; the new image reads it at load time.
enum OpenMPThreads {
    static func limitToOne() {
        #if os(Linux)
        guard getenv("OMP_THREAD_LIMIT") == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // exec failed (no /proc): carry on; Tesseract is slower but correct.
        #endif
    }
}
