import VerityAPI
import Foundation
import Vapor
import VerityStore

/// Where capture links point: `VERITY_PUBLIC_URL` when set (what a phone can
/// reach), otherwise the address the app's request came to.
struct CaptureLinkAddresses: Sendable {
    let baseURL: String
    let protector: DataProtector


    func url(for linkID: UUID) -> String {
        baseURL + PageRoute.capture(token: protector.captureToken(linkID: linkID)).path
    }

    init(baseURL: String, protector: DataProtector) {
        self.baseURL = baseURL
        self.protector = protector
    }

    init(request: Request, settings: Settings, protector: DataProtector) {
        self.protector = protector
        if let publicURL = settings.publicURL {
            baseURL = publicURL
        } else if let host = request.headers.first(name: .host), Self.isPlainHost(host) {
            baseURL = "http://\(host)"
        } else {
            baseURL = "http://\(settings.host):\(settings.port)"
        }
    }

    /// A Host header is the caller's to write: only `name[:port]` is used in a link.
    static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.count <= 255
            && host.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0) }
            && host.unicodeScalars.allSatisfy(\.isASCII)
    }
}
