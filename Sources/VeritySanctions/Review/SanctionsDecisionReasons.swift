import VerityCore

/// The reasons a reviewer decides a sanctions case with, whatever opened it
/// (a VerifyCompliance candidate, a monitoring alert): a false positive
/// clears the person of the entries it names; a true match confirms them.
package enum SanctionsDecisionReasons {
    package static let falsePositive = ["FALSE_POSITIVE_DIFFERENT_PERSON", "FALSE_POSITIVE_BIRTH_DATE_DIFFERS", "FALSE_POSITIVE_NATIONALITY_DIFFERS"]
    package static let trueMatch = [MobileOutcomePolicy.sanctionsMatch]
}
