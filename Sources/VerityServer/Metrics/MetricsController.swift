import Vapor

/// `GET /metrics` on the API's port, unless `VERITY_METRICS_PORT` moves it to
/// a port of its own (`MetricsServer`), which a deployment keeps off the
/// internet. The page holds counts and timings, never a person's data.
struct MetricsController: RouteCollection {
    let page: MetricsPage

    func boot(routes: any RoutesBuilder) throws {
        routes.get("metrics") { _ async -> Response in
            let response = Response(status: .ok, body: .init(string: await page.render()))
            response.headers.replaceOrAdd(name: .contentType, value: MetricsPage.contentType)
            return response
        }
    }
}
