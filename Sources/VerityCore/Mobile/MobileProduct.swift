/// What each mobile product costs and the client-key scope that allows it.
extension MobileProduct {
    /// Credits one verification consumes.
    public var credits: Int {
        switch self {
        case .verifyHuman: 1
        case .verifyAge: 10
        case .verifyIdentity: 40
        case .verifyCompliance: 60
        }
    }

    /// The scope a publishable key needs: the product's own name.
    public var scope: String { rawValue }

    /// Scopes as `verity keys create --scopes` takes them: comma-separated
    /// product names, each once; an unknown one is named.
    public static func scopes(_ text: String) throws(VerityError) -> [MobileProduct] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !names.isEmpty else {
            throw .invalid("scopes", "give at least one scope: \(allCases.map(\.rawValue).joined(separator: ","))")
        }
        var products: [MobileProduct] = []
        for name in names {
            guard let product = MobileProduct(rawValue: name) else {
                throw .invalid("scopes", "unknown scope \(name); scopes are \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if !products.contains(product) { products.append(product) }
        }
        return products
    }
}
