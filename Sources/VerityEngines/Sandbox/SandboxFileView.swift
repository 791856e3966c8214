import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a sandboxed program sees of the host's files: read-only, at their
/// own paths, and nothing else. Its program and the resource bundles beside
/// it, the system's libraries (and the Swift runtime's, wherever this
/// process found them), Tesseract's models, the face models; no data
/// folder, no configuration, no home, no other program.
package struct SandboxFileView: Sendable, Equatable {
    /// Paths bound read-only at the same place.
    package private(set) var readOnly: [String]
    /// Host paths that are symbolic links (`/lib` → `usr/lib` on a merged
    /// /usr): made the same links inside.
    package private(set) var links: [Link]

    package struct Link: Sendable, Equatable {
        let path: String
        let target: String
    }

    /// The view for `program`, with `extra` paths (the models) read-only too.
    package static func standard(program: String, extra: [String]) -> SandboxFileView {
        var view = SandboxFileView(readOnly: [], links: [])
        let programURL = URL(fileURLWithPath: program).resolvingSymlinksInPath()
        view.add(programURL.path)
        // SwiftPM's resource bundles sit beside the executable (Bundle.module).
        let directory = programURL.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] where name.hasSuffix(".resources") {
            view.add(directory.appendingPathComponent(name).path)
        }
        for top in ["/lib", "/lib64", "/lib32", "/libx32"] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: top) {
                view.links.append(Link(path: top, target: target))
            } else {
                view.add(top)
            }
        }
        // The loader's cache, and Debian's alternatives (BLAS and LAPACK are chosen there).
        for path in ["/usr/lib", "/usr/lib64", "/etc/ld.so.cache", "/etc/alternatives", "/usr/share/tesseract-ocr"] { view.add(path) }
        for path in libraryDirectoriesOfThisProcess() { view.add(path) }
        for path in extra { view.add(path) }
        return view
    }

    /// Whether an unprivileged user may read every path of the view (each
    /// folder on the way searchable, each file readable by others): then a
    /// root server starts the sandbox as nobody, who is nobody on the host too.
    var nobodyCanRead: Bool {
        readOnly.allSatisfy(Self.othersCanRead)
    }

    static func othersCanRead(_ path: String) -> Bool {
        var ancestor = URL(fileURLWithPath: path)
        var paths: [String] = []
        while ancestor.path != "/" {
            paths.append(ancestor.path)
            ancestor.deleteLastPathComponent()
        }
        for (index, candidate) in paths.enumerated() {
            var info = stat()
            guard stat(candidate, &info) == 0 else { return false }
            let isFolder = info.st_mode & S_IFMT == S_IFDIR
            // Folders on the way need search; the path itself, reading (and search, if a folder).
            let needed: mode_t = index == 0 ? (isFolder ? S_IROTH | S_IXOTH : S_IROTH) : S_IXOTH
            guard info.st_mode & needed == needed else { return false }
        }
        return true
    }

    /// Adds `path` if it exists and nothing already bound holds it.
    private mutating func add(_ path: String) {
        let path = URL(fileURLWithPath: path).standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard !readOnly.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return }
        readOnly.removeAll { $0.hasPrefix(path + "/") }
        readOnly.append(path)
    }

    /// The directories of the shared libraries this process has mapped: the
    /// Swift runtime lives outside /usr/lib (`/opt/swift/...`, or wherever a
    /// deployment put it), and the worker links the same.
    static func libraryDirectoriesOfThisProcess() -> [String] {
        guard let maps = SandboxProcesses.procFile("/proc/self/maps") else { return [] }
        var directories: [String] = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            guard path.contains(".so"), !path.hasSuffix(" (deleted)") else { continue }
            let directory = (path as NSString).deletingLastPathComponent
            if !directories.contains(directory) { directories.append(directory) }
        }
        return directories
    }
}
