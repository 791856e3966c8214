import VerityCore
import VerityPKI

extension Settings {
    /// The platform CA's files in `directory` (the data folder by default),
    /// opened with the data key and, during a rotation, the previous ones.
    /// This CA issues the certificates of live environments.
    public func caFiles(in directory: String? = nil) -> CAFiles {
        CAFiles(directory: directory ?? dataDirectory, dataKey: dataKey, previousDataKeys: previousDataKeys)
    }

    /// The test environments' own CA, in `test-ca/` of the same folder: a
    /// test certificate never chains to the root relying parties trust for
    /// live ones (issue 47, finding 10).
    public func testCAFiles(in directory: String? = nil) -> CAFiles {
        CAFiles(directory: (directory ?? dataDirectory) + "/test-ca", dataKey: dataKey, previousDataKeys: previousDataKeys)
    }

    /// Makes the test environments' CA beside the platform CA named
    /// `organisation`, unless there is one; returns it when it made it.
    public func initialiseTestCA(organisation: String, in directory: String? = nil) throws -> PlatformCA? {
        let files = testCAFiles(in: directory)
        guard !files.exists else { return nil }
        return try files.initialiseDiscardingRoot(organisation: Self.testCAOrganisation(organisation),
                                                  policy: try CertificatePolicy(arc: pkiPolicyArc))
    }

    /// The test CA's organisation: its certificates' subjects never equal the platform CA's.
    public static func testCAOrganisation(_ organisation: String) -> String { organisation + " (test environments)" }

    /// The CA files that issue for environments of `kind`.
    public func caFiles(for kind: EnvironmentKind, in directory: String? = nil) -> CAFiles {
        kind == .live ? caFiles(in: directory) : testCAFiles(in: directory)
    }

    /// Where the CRL of the CA for `kind` is published (named in each certificate it issues).
    public func crlURL(for kind: EnvironmentKind) -> String {
        kind == .live ? crlURL : pagesBaseURL + "/pki/test/crl.der"
    }
}
