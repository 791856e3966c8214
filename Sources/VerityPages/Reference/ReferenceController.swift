import Vapor
import VerityAPI
import VerityCore

/// `GET /` (what is running, and where to read on), `GET /openapi.yaml`
/// (the contract this server implements) and `GET /docs` (the reference
/// rendered from it). Everything is served from this machine.
package struct ReferenceController: RouteCollection {
    /// `SQLite` or `PostgreSQL`.
    let database: String

    package func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware())
        pages.get { _ in Self.html(ReferencePages.home(contract: APIContract.shipped, database: database)) }
        pages.get("docs") { _ in Self.html(ReferencePages.index(try Self.contract())) }
        pages.get("docs", "schemas") { _ in Self.html(ReferencePages.schemas(try Self.contract())) }
        pages.get("docs", .parameter(RouteParameter.tag.name)) { request in
            guard let tag = request.parameters.get(.tag), let page = ReferencePages.tag(tag, in: try Self.contract()) else {
                throw VerityError(.notFound, "the API reference has no such section")
            }
            return Self.html(page)
        }
        pages.get("openapi.yaml") { _ in
            guard let contract = APIContract.shipped else { throw VerityError(.serviceUnavailable, "the API contract is missing from this build") }
            let response = Response(status: .ok, body: .init(string: contract.yaml))
            response.headers.replaceOrAdd(name: .contentType, value: "application/yaml; charset=utf-8")
            response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=300")
            return response
        }
    }

    static func contract() throws -> APIContract {
        guard let contract = APIContract.shipped else { throw VerityError(.serviceUnavailable, "the API contract is missing from this build") }
        return contract
    }

    static func html(_ body: HTML) -> Response {
        let response = PageResponse.html(body, status: .ok)
        // Nothing personal on these pages: a browser may keep them a while.
        response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=300")
        return response
    }

    package init(database: String) {
        self.database = database
    }
}
