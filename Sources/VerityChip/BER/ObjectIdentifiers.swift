/// The object identifiers the chip's structures, X.509 and CMS use, by name.
enum ObjectIdentifiers {
    // CMS and ICAO 9303
    static let signedData = "1.2.840.113549.1.7.2"
    static let ldsSecurityObject = "2.23.136.1.1.1"
    static let cscaMasterList = "2.23.136.1.1.2"
    static let activeAuthenticationInfo = "2.23.136.1.1.5"
    static let contentTypeAttribute = "1.2.840.113549.1.9.3"
    static let messageDigestAttribute = "1.2.840.113549.1.9.4"
    static let signingTimeAttribute = "1.2.840.113549.1.9.5"

    // Keys
    static let rsaEncryption = "1.2.840.113549.1.1.1"
    static let rsassaPSS = "1.2.840.113549.1.1.10"
    static let mgf1 = "1.2.840.113549.1.1.8"
    static let ecPublicKey = "1.2.840.10045.2.1"
    static let primeField = "1.2.840.10045.1.1"

    // X.509 names and extensions
    static let subjectKeyIdentifier = "2.5.29.14"
    static let keyUsage = "2.5.29.15"
    static let basicConstraints = "2.5.29.19"
    static let authorityKeyIdentifier = "2.5.29.35"
    static let countryName = "2.5.4.6"
    static let commonName = "2.5.4.3"
    static let serialNumberAttribute = "2.5.4.5"
}
