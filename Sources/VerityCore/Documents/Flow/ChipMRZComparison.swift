/// DG1's MRZ (the chip's, signed by the issuing state) against the MRZ printed
/// on the page and against the person's data: a page altered after issue, or
/// another person's chip, differs field by field.
public enum ChipMRZComparison {
    /// The fields of the printed MRZ that differ from the chip's.
    public static func printed(_ printed: MRZResult, chip: MRZResult) -> [String] {
        var differ: [String] = []
        if printed.documentNumber != chip.documentNumber { differ.append("documentNumber") }
        if printed.dateOfBirth != chip.dateOfBirth { differ.append("dateOfBirth") }
        if printed.expiryDate != chip.expiryDate { differ.append("expiryDate") }
        if TextNormalizer.words(printed.surname) != TextNormalizer.words(chip.surname) { differ.append("surname") }
        if TextNormalizer.words(printed.givenNames) != TextNormalizer.words(chip.givenNames) { differ.append("givenNames") }
        if printed.nationality != chip.nationality { differ.append("nationality") }
        if printed.issuingState != chip.issuingState { differ.append("issuingState") }
        if printed.sex != chip.sex { differ.append("sex") }
        return differ
    }

    /// The person's fields (name, date of birth) the chip's MRZ does not carry,
    /// compared as `DocumentHolder` compares a document's.
    public static func person(_ claim: IdentityClaim, chip: MRZResult) -> [String] {
        var differ: [String] = []
        if !DocumentHolder.contains(TextNormalizer.words(chip.surname), run: TextNormalizer.words(claim.lastName)) {
            differ.append("surname")
        }
        let given = TextNormalizer.words(chip.givenNames), first = TextNormalizer.words(claim.firstName)
        if !(given == first || (first.count == 1 && given.contains(first[0])) || DocumentHolder.contains(given, run: first)) {
            differ.append("givenNames")
        }
        if chip.dateOfBirth?.description != claim.dateOfBirth.description { differ.append("dateOfBirth") }
        return differ
    }
}
