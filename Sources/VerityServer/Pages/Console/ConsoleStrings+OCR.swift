/// The words of OCR-combination cases.
extension ConsoleStrings {
    static let ocrEnglish: [String: String] = [
        "case_title_ocr_combination": "National ID combination",
        "why_ANOMALY_SIGNALS": "Side anomalies in the review zone",
        "ocr_combination": "Combination",
        "ocr_combined": "Combined (UTC)",
        "ocr_root_of_trust": "National number anchors the identity",
        "ocr_confidence": "Confidence, front · back",
        "ocr_anomaly_zone": "Anomaly zone",
        "ocr_marked": "marked",
        "ocr_not_read": "Not read: look on the image",
    ]

    static let ocrArabic: [String: String] = [
        "case_title_ocr_combination": "دمج بطاقة الرقم القومي",
        "why_ANOMALY_SIGNALS": "شذوذ في أحد الوجهين ضمن منطقة المراجعة",
        "ocr_combination": "الدمج",
        "ocr_combined": "وقت الدمج (UTC)",
        "ocr_root_of_trust": "الرقم القومي يثبّت الهوية",
        "ocr_confidence": "الثقة، الوجه · الظهر",
        "ocr_anomaly_zone": "منطقة الشذوذ",
        "ocr_marked": "مُعلَّم",
        "ocr_not_read": "لم يُقرأ: انظر في الصورة",
    ]
}
