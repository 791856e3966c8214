/// A path parameter: the server registers its `placeholder` in a route's
/// path and reads the value back by the same `name`, both spelled here once
/// (`scripts/check-structure.py` fails another spelling).
public struct RouteParameter: Sendable, Hashable {
    public let name: String

    public init(_ name: String) { self.name = name }

    /// `:name`, as a route's path holds it.
    public var placeholder: String { ":" + name }

    /// The integrator's own reference for a user.
    public static let userRef = RouteParameter("userRef")
    public static let checkID = RouteParameter("checkID")
    /// The id of a route's own resource (a session, an endpoint, a request, a challenge, an operator).
    public static let id = RouteParameter("id")
    /// A certification entity's name.
    public static let entity = RouteParameter("entity")
    /// A capture link's token.
    public static let token = RouteParameter("token")
    /// An asset's file name.
    public static let file = RouteParameter("file")
    public static let caseID = RouteParameter("caseID")
    /// A held document check's image: front, back or face.
    public static let side = RouteParameter("side")
    /// A tenant's watchlist, by its name.
    public static let watchlist = RouteParameter("watchlist")
    /// A tag of the API reference.
    public static let tag = RouteParameter("tag")
}
