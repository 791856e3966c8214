import Foundation
import Yams

/// The OpenAPI contract (`Pages/Assets/openapi.yaml`, linked from
/// `docs/openapi.yaml`) as the reference page needs it: operations by tag,
/// in the contract's order, and the schemas. Read once from the bundle.
struct APIContract: Sendable {
    struct Parameter: Sendable {
        let name: String, location: String, required: Bool, description: String
    }
    struct Operation: Sendable {
        let method: String, path: String, id: String, description: String, security: [String]
        let parameters: [Parameter]
        let requestBody: String?
        let responses: [Response]
    }
    struct Response: Sendable {
        let code: String, description: String
        /// The body's schema, when it has one.
        let schema: String?
    }
    struct Property: Sendable {
        let name: String, type: String, required: Bool, description: String
    }
    struct Schema: Sendable {
        let name: String, description: String, properties: [Property]
    }

    let title: String
    let version: String
    let description: String
    let tags: [String]
    let operations: [String: [Operation]]
    let schemas: [Schema]
    /// The contract as it ships, for `GET /openapi.yaml`.
    let yaml: String

    static let shipped: APIContract? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml", subdirectory: "Assets")
                ?? Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? APIContract(yaml: text)
    }()

    init(yaml text: String) throws {
        guard let root = try Yams.compose(yaml: text) else { throw ContractError() }
        yaml = text
        title = root["info"]?["title"]?.string ?? "API"
        version = root["info"]?["version"]?.string ?? "?"
        description = root["info"]?["description"]?.string ?? ""
        tags = root["tags"]?.array().compactMap { $0["name"]?.string } ?? []
        let parameters = root["components"]?["parameters"]
        let sharedResponses = root["components"]?["responses"]
        var byTag: [String: [Operation]] = [:]
        for (pathNode, item) in root["paths"]?.mapping ?? [:] {
            guard let path = pathNode.string else { continue }
            for (methodNode, operation) in item.mapping ?? [:] {
                guard let method = methodNode.string else { continue }
                let tag = operation["tags"]?.array().first?.string ?? "other"
                byTag[tag, default: []].append(Operation(
                    method: method.uppercased(), path: path, id: operation["operationId"]?.string ?? "",
                    description: operation["description"]?.string ?? operation["summary"]?.string ?? "",
                    security: operation["security"]?.array().flatMap { $0.mapping?.keys.compactMap(\.string) ?? [] } ?? [],
                    parameters: operation["parameters"]?.array().compactMap { Self.parameter($0, shared: parameters) } ?? [],
                    requestBody: operation["requestBody"]?["content"]?.mapping?.first.map { Self.schemaName($0.value["schema"]) },
                    responses: (operation["responses"]?.mapping ?? [:]).compactMap { code, response in
                        Self.response(code.string, response, shared: sharedResponses)
                    }))
            }
        }
        operations = byTag
        schemas = (root["components"]?["schemas"]?.mapping ?? [:]).compactMap { name, schema in
            guard let name = name.string else { return nil }
            let required = Set(schema["required"]?.array().compactMap(\.string) ?? [])
            return Schema(name: name, description: schema["description"]?.string ?? "",
                          properties: (schema["properties"]?.mapping ?? [:]).compactMap { key, value in
                              key.string.map { Property(name: $0, type: Self.schemaName(value), required: required.contains($0),
                                                        description: value["description"]?.string ?? "") }
                          })
        }
    }

    struct ContractError: Error {}

    private static func parameter(_ node: Node, shared: Node?) -> Parameter? {
        let resolved = refName(node["$ref"]).flatMap { shared?[$0] } ?? node
        guard let name = resolved["name"]?.string else { return nil }
        return Parameter(name: name, location: resolved["in"]?.string ?? "", required: resolved["required"]?.bool ?? false,
                         description: resolved["description"]?.string ?? "")
    }

    private static func response(_ code: String?, _ node: Node, shared: Node?) -> Response? {
        guard let code else { return nil }
        let resolved = refName(node["$ref"]).flatMap { shared?[$0] } ?? node
        let schema = resolved["content"]?.mapping?.first.map { schemaName($0.value["schema"]) }
        return Response(code: code, description: resolved["description"]?.string ?? "", schema: schema)
    }

    /// `#/components/x/Name` → `Name`.
    private static func refName(_ node: Node?) -> String? {
        node?.string.map { String($0.split(separator: "/").last ?? "") }
    }

    /// A schema's name, or its type in words (`array of X`, `string (uuid)`).
    static func schemaName(_ node: Node?) -> String {
        guard let node else { return "" }
        if let ref = refName(node["$ref"]) { return ref }
        let type = node["type"]?.string ?? (node["oneOf"] != nil ? "one of several" : "object")
        if type == "array" { return "array of \(schemaName(node["items"]))" }
        if let format = node["format"]?.string { return "\(type) (\(format))" }
        if let values = node["enum"]?.array().compactMap(\.string), !values.isEmpty { return "\(type): " + values.joined(separator: ", ") }
        return type
    }
}
