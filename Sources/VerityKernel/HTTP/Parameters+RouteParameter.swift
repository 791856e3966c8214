import Vapor
import VerityAPI

extension Parameters {
    /// The value of a path parameter, by the name its route registered it with.
    package func get(_ parameter: RouteParameter) -> String? { get(parameter.name) }
}
