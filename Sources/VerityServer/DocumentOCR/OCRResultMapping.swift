import VerityAPI
import VerityCore

/// A combined Egyptian ID report in the spec's `ocrResult` names.
enum OCRResultMapping {
    static func result(_ report: DocumentReport, transactionIdFront: String, transactionIdBack: String,
                       combinationID: String) -> OCRResult {
        let value = { (name: String) in report.field(name)?.value }
        let plus = report.documentVerificationPlus
        var result = OCRResult(transactionIdFront: transactionIdFront, transactionIdBack: transactionIdBack, combinationID: combinationID,
                               documentVerificationPlus: plus, isRootOfTrustCompatible: rootOfTrust(report))
        result.firstName = value("first_name")
        result.fullName = value("full_name")
        result.religion = value("religion")
        result.gender = value("gender")
        result.dateOfBirth = value("date_of_birth")
        result.age = value("age").flatMap { Int($0) }
        result.maritalStatus = value("marital_status")
        result.husbandName = value("husband_name")
        result.street = value("street")
        result.birthGovernorate = value("birth_governorate")
        result.policeStation = value("police_station")
        result.governorate = value("governorate")
        result.profession = value("profession")
        result.releaseDate = value("release_date")
        result.expiryDate = value("expiry_date")
        result.serialNumber = value("serial_number")
        result.frontNid = value("front_nid")
        result.backNid = value("back_nid")
        result.advancedConfidence = report.advancedConfidence.map { measured in
            var fraud = OCRAdvancedConfidence.FraudDetails()
            fraud.faceFraudZone = measured.faceFraudZone
            fraud.faceFraudConfidence = measured.faceFraudScore
            // Only the portrait is measured so far: the parent is its zone, and
            // the cracks, image manipulation and anomalies are absent, not 0.
            return OCRAdvancedConfidence(fraudDetectionZone: measured.faceFraudZone, fraudDetectionDetails: fraud)
        }
        return result
    }

    /// The national number read alike on both sides, well formed with its
    /// check digit, neither side's number up for review: the identity can be
    /// anchored to it.
    static func rootOfTrust(_ report: DocumentReport) -> Bool {
        guard let front = report.field("front_nid")?.value, let back = report.field("back_nid")?.value, front == back,
              let number = try? EgyptianNationalNumber.parse(front), number.checkDigitMatches else { return false }
        let review = report.documentVerificationPlus.reviewRequired
        return !review.contains("front_nid") && !review.contains("back_nid")
    }

    /// `documentVerificationResult.success`: both sides valid, readable, not
    /// expired, and no fraud zone red.
    static func success(_ report: DocumentReport, _ result: OCRResult) -> Bool {
        let plus = report.documentVerificationPlus
        return report.documentUnreadable == nil && plus.frontDataValidity && plus.backDataValidity && !plus.expired
            && (result.advancedConfidence?.fraudDetectionZone ?? 0) < 2
    }
}
