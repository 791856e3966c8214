/// The words every sanctions case shows (`SanctionsCandidateSection`) and
/// decides with, in the console's languages: a VerifyCompliance session's
/// candidate and a monitoring alert alike.
package enum SanctionsReviewWords {
    package static let tables: [String: [String: String]] = ["en": english, "ar": arabic]

    static let english: [String: String] = [
        "weak_alias": "weak a.k.a.",
        "why_SANCTIONS_REVIEW": "Sanctions match, birth date not confirmed",
        "why_SANCTIONS_MATCH": "Sanctions match, birth date agrees",
        "sanctions_title": "Listed: %@",
        "sanctions_caption": "The person screened beside listed entry %@",
        "sanctions_person": "Person screened",
        "sanctions_entry": "Listed entry",
        "sanctions_name": "Names",
        "sanctions_birth": "Date of birth",
        "sanctions_nationality": "Nationality",
        "sanctions_kind": "Kind",
        "sanctions_programs": "Programmes",
        "sanctions_list": "List and version",
        "sanctions_note": "Note",
        "sanctions_score": "Matcher's score (0–1)",
        "sanctions_matched_name": "Name that matched",
        "sanctions_birth_agreement": "Dates of birth",
        "sanctions_reasons": "Why it scored so",
        "birth_agrees": "Agree",
        "birth_withinAYear": "Within a year",
        "birth_differs": "Differ",
        "birth_unknown": "One side has none",
        "dreason_FALSE_POSITIVE_DIFFERENT_PERSON": "A different person of the same name",
        "dreason_FALSE_POSITIVE_BIRTH_DATE_DIFFERS": "The dates of birth differ",
        "dreason_FALSE_POSITIVE_NATIONALITY_DIFFERS": "The nationalities differ",
        "dreason_SANCTIONS_MATCH": "The person is the listed entry",
    ]

    static let arabic: [String: String] = [
        "weak_alias": "اسم مستعار ضعيف",
        "why_SANCTIONS_REVIEW": "تطابق مع قائمة العقوبات دون تأكيد تاريخ الميلاد",
        "why_SANCTIONS_MATCH": "تطابق مع قائمة العقوبات وتاريخ الميلاد متفق",
        "sanctions_title": "مدرج: %@",
        "sanctions_caption": "الشخص المفحوص بجانب القيد المدرج %@",
        "sanctions_person": "الشخص المفحوص",
        "sanctions_entry": "القيد المدرج",
        "sanctions_name": "الأسماء",
        "sanctions_birth": "تاريخ الميلاد",
        "sanctions_nationality": "الجنسية",
        "sanctions_kind": "النوع",
        "sanctions_programs": "البرامج",
        "sanctions_list": "القائمة وإصدارها",
        "sanctions_note": "ملاحظة",
        "sanctions_score": "درجة المطابِق (0–1)",
        "sanctions_matched_name": "الاسم المطابق",
        "sanctions_birth_agreement": "تواريخ الميلاد",
        "sanctions_reasons": "سبب الدرجة",
        "birth_agrees": "متفقة",
        "birth_withinAYear": "في حدود سنة",
        "birth_differs": "مختلفة",
        "birth_unknown": "أحد الطرفين بلا تاريخ",
        "dreason_FALSE_POSITIVE_DIFFERENT_PERSON": "شخص آخر يحمل الاسم نفسه",
        "dreason_FALSE_POSITIVE_BIRTH_DATE_DIFFERS": "تواريخ الميلاد مختلفة",
        "dreason_FALSE_POSITIVE_NATIONALITY_DIFFERS": "الجنسيات مختلفة",
        "dreason_SANCTIONS_MATCH": "الشخص هو صاحب القيد المدرج",
    ]
}
