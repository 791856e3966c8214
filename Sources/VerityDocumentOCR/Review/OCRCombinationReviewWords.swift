/// The words of OCR-combination cases in the console, in its languages.
enum OCRCombinationReviewWords {
    static let tables: [String: [String: String]] = ["en": english, "ar": arabic]

    static let english: [String: String] = [
        "kind_ocr_combination": "OCR combination",
        "counts_ocr_combination": "OCR combinations",
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

    static let arabic: [String: String] = [
        "kind_ocr_combination": "دمج التعرف الضوئي",
        "counts_ocr_combination": "عمليات دمج التعرف الضوئي",
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
