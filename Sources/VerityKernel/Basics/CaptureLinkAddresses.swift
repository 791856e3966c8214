import VerityAPI
import Foundation
import Vapor
import VerityStore

/// Where capture links point: `VERITY_PUBLIC_URL` when set (what a phone can
/// reach), otherwise the address the app's request came to.
package struct CaptureLinkAddresses: Sendable {
    let baseURL: String
    package let protector: DataProtector


    package func url(for linkID: UUID) -> String {
        baseURL + PageRoute.capture(token: protector.captureToken(linkID: linkID)).path
    }

    package init(baseURL: String, protector: DataProtector) {
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
        // ASCII letters, digits and `.-:[]`, byte by byte: this runs on every
        // request a user token makes, and Foundation's character sets are slow.
        !host.isEmpty && host.utf8.count <= 255
            && host.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"): true
                default: false
                }
            }
    }
}
