import Foundation
import Vapor
import VerityAPI
import VerityCore

/// The pages' scripts and styles (`Pages/Assets`), read once from the
/// bundle; only the files listed here are served.
package enum PageAssets {
    static let types: [String: HTTPMediaType] = [
        "capture.js": HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]),
        "capture-quality.js": HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]),
        "capture-crop.js": HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"]),
        "capture.css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
        "reference.css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
        "console.css": HTTPMediaType(type: "text", subType: "css", parameters: ["charset": "utf-8"]),
    ]

    static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for name in types.keys {
            let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets")
                ?? Bundle.module.url(forResource: name, withExtension: nil)
            if let url, let data = try? Data(contentsOf: url) { files[name] = data }
        }
        return files
    }()

    package static func serve(request: Request) async throws -> Response {
        guard let name = request.parameters.get(.file), let type = types[name], let data = files[name] else {
            throw VerityError(.notFound, "no such file")
        }
        let response = Response(status: .ok, body: .init(data: data))
        response.headers.contentType = type
        response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=300")
        return response
    }
}
