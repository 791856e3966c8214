/// The person a document names, compared with a user's PII, or made into a
/// claim for the trusted data source. Names and addresses are normalised by
/// the same rules as PII verification (`TextNormalizer`, `AddressNormalizer`).
public enum DocumentHolder {
    /// `verifyIdentityDocument`: does the document name the person whose PII is on file?
    ///
    /// The date of birth must be the same day. Names are compared word by word
    /// after normalisation, because documents print more of a name than a form
    /// asks for: the claim's last name must be the surname or a run of its words
    /// ("Garcia" on "GARCIA LOPEZ", "van der Berg" on "VAN DER BERG"), and the
    /// first name one of the given names' words or all of them.
    public static func compare(_ report: DocumentReport, with claim: IdentityClaim) -> HolderOutcome {
        let missing = ["surname", "given_names", "date_of_birth"].filter { report.field($0) == nil }
        guard missing.isEmpty, let surname = report.field("surname"), let given = report.field("given_names"),
              let birth = report.field("date_of_birth")
        else { return .incomplete(fields: missing) }
        var mismatched: [String] = []
        if !contains(TextNormalizer.words(surname.value), run: TextNormalizer.words(claim.lastName)) {
            mismatched.append("surname")
        }
        let givenWords = TextNormalizer.words(given.value), firstWords = TextNormalizer.words(claim.firstName)
        if !(givenWords == firstWords || (firstWords.count == 1 && givenWords.contains(firstWords[0]))
             || contains(givenWords, run: firstWords)) {
            mismatched.append("given_names")
        }
        if birth.value != claim.dateOfBirth.description { mismatched.append("date_of_birth") }
        return mismatched.isEmpty ? .matched : .mismatched(fields: mismatched)
    }

    /// `captureAndVerifyIdentityDocument`: the identity a document carries, as
    /// the claim the data source is asked about, or what stops it being one.
    public static func claim(from report: DocumentReport, supportedCountries: Set<String>, today: DateOfBirth)
        -> Result<IdentityClaim, HolderClaimProblem> {
        let needed = ["given_names", "surname", "street", "postal_code", "date_of_birth"]
        let missing = needed.filter { report.field($0)?.value.isEmpty ?? true }
        guard missing.isEmpty else { return .failure(.missing(missing)) }
        let given = report.field("given_names")!.value
        let fields = IdentityClaim.Fields(
            firstName: firstWord(given),
            lastName: report.field("surname")!.value, address: report.field("street")!.value,
            city: report.field("city")?.value, state: report.field("region")?.value,
            postalCode: report.field("postal_code")!.value, country: report.country,
            dateOfBirth: report.field("date_of_birth")!.value)
        do {
            return .success(try IdentityClaim.validate(fields, supportedCountries: supportedCountries, today: today))
        } catch {
            return .failure(error.code == .unsupportedCountry ? .unsupportedCountry(report.country) : .invalid(error.field ?? "document"))
        }
    }

    /// The first given name as printed (a licence's DAC carries it alone; a
    /// passport's given names carry every one).
    static func firstWord(_ given: String) -> String {
        String(given.split(whereSeparator: { $0 == " " || $0 == "," }).first ?? Substring(given))
    }

    /// True when `run` appears in `words` as consecutive words.
    static func contains(_ words: [String], run: [String]) -> Bool {
        guard !run.isEmpty, run.count <= words.count else { return false }
        return (0...(words.count - run.count)).contains { Array(words[$0..<($0 + run.count)]) == run }
    }
}

/// Why a document's identity could not be put to the data source.
public enum HolderClaimProblem: Error, Sendable, Equatable {
    /// Fields the document did not yield (snake_case report names).
    case missing([String])
    /// A field read does not have the shape of a claim's field.
    case invalid(String)
    /// The document's country is not one the environment verifies.
    case unsupportedCountry(String)
}
