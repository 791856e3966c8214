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

    /// The CA files that issue for environments of `kind`.
    public func caFiles(for kind: EnvironmentKind, in directory: String? = nil) -> CAFiles {
        kind == .live ? caFiles(in: directory) : testCAFiles(in: directory)
    }

    /// Where the CRL of the CA for `kind` is published (named in each certificate it issues).
    public func crlURL(for kind: EnvironmentKind) -> String {
        kind == .live ? crlURL : pagesBaseURL + "/pki/test/crl.der"
    }
}
