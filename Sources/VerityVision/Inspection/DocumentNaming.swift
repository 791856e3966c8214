import VerityCore

/// What a document must name and may not: its type (by an MRZ or a licence
/// barcode) and its issuing country (by an MRZ). When it names neither and
/// the client stated neither, the client is asked to: these two refusals
/// reach the client as they are, since they tell it what to send.
public enum DocumentNaming {
    public static let typeUnknown = VerityError(
        .invalidInput, "Neither an MRZ nor a licence barcode was found to say what the document is: take the picture again, or state document_type (passport, driverLicense or idCard).",
        field: "document_type")

    public static let countryUnknown = VerityError.invalid(
        "country", "No MRZ was read to name the issuing country: state the country (EG for Egyptian ID cards).")
}
