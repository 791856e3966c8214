import VerityAPI
import VerityCore

/// A combined Egyptian ID report in the spec's `ocrResult` names.
enum OCRResultMapping {
    static func result(_ report: DocumentReport, transactionIdFront: String, transactionIdBack: String,
                       combinationID: String) -> OCRResult {
        let value = { (name: String) in report.field(name)?.value }
        let plus = report.documentVerificationPlus
        var result = OCRResult(transactionIdFront: transactionIdFront, transactionIdBack: transactionIdBack, combinationID: combinationID,
                               documentVerificationPlus: OCRDocumentVerificationPlus(plus), isRootOfTrustCompatible: rootOfTrust(report))
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
        result.advancedConfidence = advancedConfidence(report)
        return result
    }

    /// The zones Verity measures, each beside its confidence; a signal it
    /// cannot measure (image manipulation on a capture too clean to judge; text
    /// manipulation on a side whose number was not read) is absent, not 0.
    static func advancedConfidence(_ report: DocumentReport) -> OCRAdvancedConfidence? {
        let face = report.advancedConfidence, anomalies = report.imageAnomalies
        guard face != nil || anomalies != nil else { return nil }
        var fraud = OCRAdvancedConfidence.FraudDetails()
        fraud.faceFraudZone = face?.faceFraudZone
        fraud.faceFraudConfidence = face?.faceFraudScore
        fraud.isCracked = anomalies?.isCracked
        fraud.isCrackedConfidence = anomalies?.crackConfidence
        fraud.frontImageManipulationZone = anomalies?.frontManipulation?.zone
        fraud.frontImageManipulationConfidence = anomalies?.frontManipulation?.confidence
        var details: OCRAdvancedConfidence.AnomalyDetails?
        if let anomalies {
            var measured = OCRAdvancedConfidence.AnomalyDetails()
            measured.frontImageAnomalyZone = anomalies.front.zone
            measured.frontImageAnomalyConfidence = anomalies.front.confidence
            measured.backImageAnomalyZone = anomalies.back?.zone
            measured.backImageAnomalyConfidence = anomalies.back?.confidence
            measured.frontTextManipulation = anomalies.frontText?.manipulated
            measured.backTextManipulation = anomalies.backText?.manipulated
            details = measured
        }
        // Each parent is the highest of its measured children: face and image manipulation; each side's anomalies.
        let fraudZones = [fraud.faceFraudZone, fraud.frontImageManipulationZone].compactMap { $0 }
        return OCRAdvancedConfidence(fraudDetectionZone: fraudZones.max(), fraudDetectionDetails: fraud,
                                     anomalyDetectionZone: anomalies?.zone, anomalyDetectionDetails: details)
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
    /// expired, and no fraud or anomaly zone red.
    static func success(_ report: DocumentReport, _ result: OCRResult) -> Bool {
        let plus = report.documentVerificationPlus
        return report.documentUnreadable == nil && plus.frontDataValidity && plus.backDataValidity && !plus.expired
            && (result.advancedConfidence?.fraudDetectionZone ?? 0) < 2 && (result.advancedConfidence?.anomalyDetectionZone ?? 0) < 2
    }
}
