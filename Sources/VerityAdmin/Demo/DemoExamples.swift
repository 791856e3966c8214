import Foundation
import Vapor
import VerityCore
import VerityKernel
import VerityPages

/// The TypeScript SDK's example page (`sdk/typescript/examples/web`), served
/// by `verity demo` alone, with the SDK as `tsc` built it
/// (`sdk/typescript/dist`, under `/examples/web/sdk/`): a newcomer follows
/// `docs/sdk-typescript.md` in a browser against the demo itself. Every file
/// is read once at start and only those files are served, so no path from a
/// request ever reaches the file system; the pages' headers apply (scripts
/// from this origin only, no framing, no cache).
package struct DemoExamples: Sendable {
    /// Bytes and type by path under `/examples/web/`.
    let files: [String: File]
    /// Whether the SDK was built (the page needs `sdk/index.js`).
    package let sdkBuilt: Bool

    package struct File: Sendable {
        let data: Data
        let type: HTTPMediaType
    }

    static let types: [String: HTTPMediaType] = [
        "html": HTTPMediaType(type: "text", subType: "html", parameters: ["charset": "utf-8"]),
        "js": HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]),
        "css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
    ]

    /// The page's files from `sdkFolder/examples/web`, and the built SDK's
    /// scripts from `sdkFolder/dist` as `sdk/…` (declarations and maps left out).
    package static func load(sdkFolder: String) -> DemoExamples {
        var files: [String: File] = [:]
        let page = URL(fileURLWithPath: sdkFolder).appendingPathComponent("examples/web")
        for (path, file) in read(page) where !path.contains("/") { files[path] = file }
        let sdk = read(URL(fileURLWithPath: sdkFolder).appendingPathComponent("dist")).filter { $0.key.hasSuffix(".js") }
        for (path, file) in sdk { files["sdk/\(path)"] = file }
        return DemoExamples(files: files, sdkBuilt: files["sdk/index.js"] != nil)
    }

    /// Every file below `folder` whose extension is served, by its path relative to `folder`.
    private static func read(_ folder: URL) -> [String: File] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        var files: [String: File] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let type = types[url.pathExtension], let data = try? Data(contentsOf: url) else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            files[String(path.dropFirst(prefix.count))] = File(data: data, type: type)
        }
        return files
    }

    package func register(on routes: any RoutesBuilder) {
        let pages = routes.grouped(PageHeadersMiddleware())
        pages.get("examples", "web") { _ in try serve("index.html") }
        pages.get("examples", "web", "**") { request in try serve(request.parameters.getCatchall().joined(separator: "/")) }
    }

    private func serve(_ path: String) throws -> Response {
        guard let file = files[path] else { throw VerityError(.notFound, "no such file") }
        let response = Response(status: .ok, body: .init(data: file.data))
        response.headers.contentType = file.type
        return response
    }
}
