import Foundation

/// The pages a server introduces itself with: `/` (what is running and
/// where to read on) and `/docs` (the API reference, rendered from the
/// contract). Plain HTML, one style sheet from `/assets/`, no script.
enum ReferencePages {
    static func page(title: String, _ body: HTML) -> HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <link rel="stylesheet" href="/assets/reference.css">
        </head>
        <body>
        \(body)
        </body>
        </html>
        """
    }

    /// `/`: the version, the database, and the links.
    static func home(contract: APIContract?, database: String) -> HTML {
        page(title: "Verity", """
            <header><h1>Verity</h1><p class="lede">Self-hosted identity verification and certification.</p></header>
            <main>
            <section aria-labelledby="running">
            <h2 id="running">This server</h2>
            <dl class="facts">
            <dt>Version</dt><dd>\(contract?.version ?? "unknown")</dd>
            <dt>Database</dt><dd>\(database)</dd>
            <dt>Environments</dt><dd>test and live, per tenant (secret keys <code>vk_test_…</code>, <code>vk_live_…</code>)</dd>
            </dl>
            <p>Health: <a href="/healthz">/healthz</a> (the process answers), <a href="/readyz">/readyz</a> (it can serve, check by check).</p>
            </section>
            <section aria-labelledby="read">
            <h2 id="read">Read on</h2>
            <ul class="links">
            <li><a href="/docs">API reference</a>: every route, its parameters, answers and errors.</li>
            <li><a href="/openapi.yaml">OpenAPI contract</a> (YAML), for generating clients and for contract tests.</li>
            <li><a href="/docs/pages">Capture page</a>: the page a user opens from a link to photograph a document.</li>
            <li><a href="/docs/webhooks">Webhooks</a>: signed events for outcomes your backend waits for.</li>
            <li><a href="/console">Operator console</a>: where your team signs in to review cases and find users.</li>
            </ul>
            </section>
            </main>
            """)
    }

    /// `/docs`: the contract's introduction and its contents, a page per
    /// tag and one for the schemas (one page of everything weighed half a
    /// megabyte: slow on a phone, and slow to check).
    static func index(_ contract: APIContract) -> HTML {
        var toc = HTML.empty
        for tag in tags(of: contract) {
            let count = contract.operations[tag]?.count ?? 0
            toc += "<li><a href=\"/docs/\(tag)\">\(tag)</a> (\(count))</li>"
        }
        return page(title: "\(contract.title) API reference", """
            \(header(contract))
            <main>
            <div class="intro">\(paragraphs(contract.description))</div>
            <nav aria-label="Contents"><h2>Contents</h2><ul class="toc">\(toc)<li><a href="/docs/schemas">schemas</a> (\(contract.schemas.count))</li></ul></nav>
            </main>
            """)
    }

    /// `/docs/{tag}`: the tag's operations; nil for a tag the contract does not have.
    static func tag(_ tag: String, in contract: APIContract) -> HTML? {
        guard let operations = contract.operations[tag], !operations.isEmpty else { return nil }
        var body = HTML.empty
        for operation in operations { body += self.operation(operation) }
        return page(title: "\(tag): \(contract.title) API reference", """
            \(header(contract))
            <main>
            <nav aria-label="Breadcrumb" class="crumbs"><a href="/docs">Contents</a> / \(tag)</nav>
            <h2>\(tag)</h2>
            \(body)
            </main>
            """)
    }

    /// `/docs/schemas`: every schema, each with an anchor the operations link to.
    static func schemas(_ contract: APIContract) -> HTML {
        var body = HTML.empty
        for schema in contract.schemas { body += self.schema(schema) }
        return page(title: "Schemas: \(contract.title) API reference", """
            \(header(contract))
            <main>
            <nav aria-label="Breadcrumb" class="crumbs"><a href="/docs">Contents</a> / schemas</nav>
            <h2>Schemas</h2>
            \(body)
            </main>
            """)
    }

    private static func header(_ contract: APIContract) -> HTML {
        """
        <header><h1>\(contract.title) API reference</h1>
        <p class="lede">Version \(contract.version). From <a href="/openapi.yaml">the OpenAPI contract</a> this server ships. <a href="/">Home</a></p></header>
        """
    }

    /// The contract's tags in its order, then any operations' tags it does not list.
    static func tags(of contract: APIContract) -> [String] {
        (contract.tags + contract.operations.keys.filter { !contract.tags.contains($0) }.sorted())
            .filter { !(contract.operations[$0]?.isEmpty ?? true) }
    }

    private static func operation(_ operation: APIContract.Operation) -> HTML {
        var html: HTML = "<article class=\"operation\" id=\"op-\(operation.id)\">"
        html += "<h3><span class=\"method \(operation.method.lowercased())\">\(operation.method)</span> <code>\(operation.path)</code></h3>"
        if !operation.id.isEmpty { html += "<p class=\"opid\">\(operation.id)</p>" }
        html += paragraphs(operation.description)
        let credential = operation.security.isEmpty ? "No credential." : "Credential: " + operation.security.joined(separator: " or ") + "."
        html += "<p class=\"auth\">\(credential)</p>"
        if !operation.parameters.isEmpty {
            html += "<div class=\"table-wrap\"><table><caption>Parameters</caption><thead><tr><th scope=\"col\">Name</th><th scope=\"col\">In</th><th scope=\"col\">Required</th><th scope=\"col\">About</th></tr></thead><tbody>"
            for parameter in operation.parameters {
                html += "<tr><td><code>\(parameter.name)</code></td><td>\(parameter.location)</td><td>\(parameter.required ? "yes" : "no")</td><td>\(parameter.description)</td></tr>"
            }
            html += "</tbody></table></div>"
        }
        if let body = operation.requestBody, !body.isEmpty { html += "<p>Body: \(schemaLink(body))</p>" }
        html += "<div class=\"table-wrap\"><table><caption>Answers</caption><thead><tr><th scope=\"col\">Status</th><th scope=\"col\">Meaning</th></tr></thead><tbody>"
        for response in operation.responses.sorted(by: { $0.code < $1.code }) {
            let body: HTML = response.schema.map { $0.isEmpty ? .empty : " (\(schemaLink($0)))" } ?? .empty
            html += "<tr><td>\(response.code)</td><td>\(paragraphs(response.description, wrap: false))\(body)</td></tr>"
        }
        return html + "</tbody></table></div></article>"
    }

    private static func schema(_ schema: APIContract.Schema) -> HTML {
        var html: HTML = "<article class=\"schema\" id=\"schema-\(schema.name)\"><h3>\(schema.name)</h3>" + paragraphs(schema.description)
        guard !schema.properties.isEmpty else { return html + "</article>" }
        html += "<div class=\"table-wrap\"><table><caption>Fields of \(schema.name)</caption><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Type</th><th scope=\"col\">Required</th><th scope=\"col\">About</th></tr></thead><tbody>"
        for property in schema.properties {
            html += "<tr><td><code>\(property.name)</code></td><td>\(schemaLink(property.type))</td><td>\(property.required ? "yes" : "no")</td><td>\(property.description)</td></tr>"
        }
        return html + "</tbody></table></div></article>"
    }

    /// A schema's name as a link to it; other words as they are.
    private static func schemaLink(_ text: String) -> HTML {
        let name = text.hasPrefix("array of ") ? String(text.dropFirst(9)) : text
        guard name.first?.isUppercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber }) else { return .text(text) }
        return (text.hasPrefix("array of ") ? "array of " : .empty) + "<a href=\"/docs/schemas#schema-\(name)\">\(name)</a>"
    }

    /// Text with blank lines as paragraphs (`wrap`) and `code` spans.
    private static func paragraphs(_ text: String, wrap: Bool = true) -> HTML {
        text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }.map { block -> HTML in
            let parts = block.replacingOccurrences(of: "\n", with: " ").components(separatedBy: "`")
            let inline = parts.enumerated().map { part -> HTML in part.offset % 2 == 1 ? "<code>\(part.element)</code>" : .text(part.element) }.joined()
            return wrap ? "<p>\(inline)</p>" : inline
        }.joined(separator: wrap ? "" : " ")
    }
}
