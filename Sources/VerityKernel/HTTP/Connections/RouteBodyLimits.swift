import Vapor

/// The most each route collects, known from a request's head, so an
/// oversized body is refused (413) before it is read, and a large-body slot
/// is taken only for a route that takes large bodies. Routes match as
/// Vapor's router matches them (a HEAD request as its GET).
/// Unchecked: the router is built here once and only read after (as Vapor's own responder holds one).
final class RouteBodyLimits: @unchecked Sendable {
    private let router: TrieRouter<Int>
    /// Every route's limit but the large ones': the JSON routes' 64 KiB.
    let ordinary: Int

    init(routes: Routes) {
        ordinary = routes.defaultMaxBodySize.value
        let router = TrieRouter(Int.self, options: routes.caseInsensitive ? [.caseInsensitive] : [])
        for route in routes.all {
            let path = route.path.filter { if case .constant("") = $0 { false } else { true } }
            router.register(route.userInfo[RouteBodyLimit.key] as? Int ?? ordinary, at: [.constant(route.method.rawValue)] + path)
        }
        self.router = router
    }

    /// The limit of the route `method` and `path` reach; the ordinary one when none does.
    func limit(method: HTTPMethod, path: String) -> Int {
        let components = path.split(separator: "/").map(String.init)
        var parameters = Parameters()
        let verb = method == .HEAD ? HTTPMethod.GET : method
        return router.route(path: [verb.rawValue] + components, parameters: &parameters) ?? ordinary
    }
}
