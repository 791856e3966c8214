import Vapor
import VerityCore
import VerityStore

/// `GET /metrics` on the API's port, only with `VERITY_METRICS_TOKEN` set and
/// only to a request bearing it: the page holds business volumes and the
/// server's internals, never a person's data, but not for the internet. The
/// metrics listener (`MetricsServer`, loopback) is the usual way to scrape.
package struct MetricsController: RouteCollection {
    let page: MetricsPage
    let token: String

    package func boot(routes: any RoutesBuilder) throws {
        routes.get("metrics") { request async throws -> Response in
            guard let bearer = request.headers.bearerAuthorization?.token, DataProtector.constantTimeEqual(bearer, token) else {
                throw VerityError(.notAuthorized, "/metrics needs the metrics token: Authorization: Bearer <VERITY_METRICS_TOKEN>")
            }
            let response = Response(status: .ok, body: .init(string: await page.render()))
            response.headers.replaceOrAdd(name: .contentType, value: MetricsPage.contentType)
            return response
        }
    }

    package init(page: MetricsPage, token: String) {
        self.page = page
        self.token = token
    }
}
