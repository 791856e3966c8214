import Foundation
import Verity

/// The registry's people as an app submits them through the SDK: their
/// passports and licences, and a PII attempt that misses.
public enum IdentityDocuments {
    public static func passport(_ holder: String, selfie: String? = nil, country: String = "US") throws -> VerifyIdentityDocument {
        let page = try DocumentFixtures.data("\(holder)-front.png")
        return VerifyIdentityDocument(image: page, backImage: page, faceImage: try selfie.map { try DocumentFixtures.data($0) },
                                      country: country, documentType: .passport)
    }

    public static func licence(_ holder: String) throws -> VerifyIdentityDocument {
        VerifyIdentityDocument(image: try DocumentFixtures.data("\(holder)-licence-front.png"),
                               backImage: try DocumentFixtures.data("\(holder)-licence-back.png"), country: "US",
                               documentType: .driverLicense)
    }

    /// John Smith's PII with a wrong postal code: an attempt that did not match.
    public static let johnWithTypo: VerifyIdentityInput = {
        var input = TestData.johnSmith
        input.postalCode = "30319"
        return input
    }()
}
