/// EF.SOD: the Document Security Object, CMS SignedData over the hashes of
/// the chip's data groups (ICAO 9303 part 10 §4.6.2), wrapped in tag 0x77.
struct DocumentSecurityObject: Sendable {
    let signedData: SignedData
    let signer: SignerInfo
    /// The hash the data groups were hashed with.
    let hash: HashAlgorithm
    /// Each listed data group's hash, by its number.
    let dataGroupHashes: [Int: [UInt8]]
    /// LDS 1.8's version info, when the SOD gives it ("0108", "040000").
    let ldsVersion: String?

    init(_ bytes: [UInt8]) throws(ChipFormatError) {
        let outer = try BERReader.parse(bytes, allowingTrailingBytes: true)
        let contentInfo = outer.isApplication(23) ? try outer.child(0, "the SOD's content") : outer
        signedData = try SignedData(contentInfo: contentInfo)
        guard signedData.contentType == ObjectIdentifiers.ldsSecurityObject else {
            throw ChipFormatError("the SOD does not hold an LDS security object")
        }
        guard signedData.signers.count == 1 else { throw ChipFormatError("the SOD has \(signedData.signers.count) signers, not one") }
        signer = signedData.signers[0]
        let object = try BERReader.parse(signedData.content)
        guard object.isSequence else { throw ChipFormatError("the LDS security object was expected") }
        hash = try SignatureAlgorithm.hash(try object.child(1, "the data groups' hash algorithm"))
        var hashes: [Int: [UInt8]] = [:]
        for item in try object.child(2, "the data groups' hashes").children {
            let number = try item.child(0, "a data group's number").smallInteger()
            let value = try item.child(1, "a data group's hash").octetString()
            guard (1...16).contains(number), value.count == hash.length, hashes[number] == nil else {
                throw ChipFormatError("the SOD lists a data group's hash that is not one")
            }
            hashes[number] = value
        }
        dataGroupHashes = hashes
        ldsVersion = try object.children.dropFirst(3).first.map { info throws(ChipFormatError) in
            try info.child(0, "the LDS version").directoryString()
        }
    }

    /// The Document Signer's certificate, as the SOD carries it.
    var documentSigner: ChipCertificate? {
        signedData.certificate(of: signer, among: signedData.certificates)
    }

    /// Whether `certificate` signed the hashes.
    func isSigned(by certificate: ChipCertificate) -> Bool {
        (try? signer.verifies(signedData.content, contentType: signedData.contentType, with: certificate)) == true
    }
}
