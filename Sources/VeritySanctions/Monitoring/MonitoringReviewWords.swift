/// The words of monitoring alerts in the console, in its languages (the
/// listed entry's table and the decisions' reasons are `SanctionsReviewWords`).
enum MonitoringReviewWords {
    static let tables: [String: [String: String]] = ["en": english, "ar": arabic]

    static let english: [String: String] = [
        "kind_monitoring_match": "Monitoring match",
        "counts_monitoring_match": "Monitoring matches",
        "case_title_monitoring_match": "Monitoring match",
        "monitoring_source": "Screened by",
        "monitoring_source_verifycompliance": "VerifyCompliance session",
        "monitoring_source_identity": "Identity verification",
        "monitoring_source_documents": "Document check",
        "monitoring_since": "Monitored since (UTC)",
        "monitoring_last_screened": "Last screened by a check (UTC)",
        "monitoring_found": "Found by a list change (UTC)",
        "monitoring_alert_state": "Alert",
        "monitoring_state_open": "Open",
        "monitoring_state_delisted": "The entry has since left its list",
        "monitoring_state_cleared": "Cleared: a false positive",
        "monitoring_state_confirmed": "Confirmed: a true match",
        "monitoring_match_approve_title": "False positive",
        "monitoring_match_reject_title": "True match",
        "monitoring_match_approve_button": "Record a false positive",
        "monitoring_match_reject_button": "Confirm the match",
        "decide_lede_monitoring_match": "A false positive is remembered for this person and this entry: neither a re-screen nor a new check flags them again until the list changes the entry.",
    ]

    static let arabic: [String: String] = [
        "kind_monitoring_match": "تطابق في المراقبة",
        "counts_monitoring_match": "تطابقات المراقبة",
        "case_title_monitoring_match": "تطابق في المراقبة",
        "monitoring_source": "فحصه",
        "monitoring_source_verifycompliance": "جلسة VerifyCompliance",
        "monitoring_source_identity": "تحقق من الهوية",
        "monitoring_source_documents": "فحص وثيقة",
        "monitoring_since": "تحت المراقبة منذ (UTC)",
        "monitoring_last_screened": "آخر فحص (UTC)",
        "monitoring_found": "وُجد بتغيّر القائمة (UTC)",
        "monitoring_alert_state": "التنبيه",
        "monitoring_state_open": "مفتوح",
        "monitoring_state_delisted": "خرج القيد من قائمته منذئذ",
        "monitoring_state_cleared": "أُغلق: إنذار كاذب",
        "monitoring_state_confirmed": "مؤكَّد: تطابق حقيقي",
        "monitoring_match_approve_title": "إنذار كاذب",
        "monitoring_match_reject_title": "تطابق حقيقي",
        "monitoring_match_approve_button": "سجّل إنذارًا كاذبًا",
        "monitoring_match_reject_button": "أكّد التطابق",
        "decide_lede_monitoring_match": "يُحفظ الإنذار الكاذب لهذا الشخص ولهذا القيد: لا تنبّه عليه إعادة الفحص ولا فحص جديد حتى تغيّر القائمة القيد.",
    ]
}
