import Vapor

/// A page's HTML as a response (`PageHeadersMiddleware` adds the headers every page has).
package enum PageResponse {
    package static func html(_ body: HTML, status: HTTPResponseStatus) -> Response {
        let response = Response(status: status, body: .init(string: body.rendered))
        response.headers.contentType = .html
        return response
    }
}
