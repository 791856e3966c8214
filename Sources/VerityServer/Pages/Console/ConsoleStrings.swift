import Foundation

/// The console's words in English and Arabic (right to left). A page is
/// rendered in one language; the switcher is a link with `?lang=`.
enum ConsoleStrings {
    static let languages = ["en", "ar"]
    static let rightToLeft: Set<String> = ["ar"]
    static let names = ["en": "English", "ar": "العربية"]

    static func text(_ key: String, _ language: String) -> String {
        tables[language]?[key] ?? tables["en"]?[key] ?? key
    }

    /// Each language's table: the console's general words, then the review queue's and cases', then the user page's, the overview's, mobile, accreditation and OCR cases', and the settings'.
    static let tables: [String: [String: String]] = [
        "en": english.merging(casesEnglish) { general, _ in general }.merging(usersEnglish) { general, _ in general }
            .merging(overviewEnglish) { general, _ in general }.merging(mobileEnglish) { general, _ in general }
            .merging(accreditationEnglish) { general, _ in general }.merging(ocrEnglish) { general, _ in general }
            .merging(settingsEnglish) { general, _ in general },
        "ar": arabic.merging(casesArabic) { general, _ in general }.merging(usersArabic) { general, _ in general }
            .merging(overviewArabic) { general, _ in general }.merging(mobileArabic) { general, _ in general }
            .merging(accreditationArabic) { general, _ in general }.merging(ocrArabic) { general, _ in general }
            .merging(settingsArabic) { general, _ in general },
    ]

    static let english: [String: String] = [
        "product": "Verity console",
        "skip": "Skip to the content",
        "language": "Language",
        "sign_in_title": "Sign in",
        "sign_in_lede": "The console is where your team reviews cases, finds users and reads the audit trail.",
        "email": "E-mail address",
        "password": "Password",
        "code": "Code from your authenticator app",
        "code_help": "Six digits. Leave it empty if your account has no second factor.",
        "sign_in": "Sign in",
        "signed_in_as": "Signed in as",
        "tenant": "Tenant",
        "role": "Role",
        "role_viewer": "Viewer: reads cases, users and the audit trail",
        "role_reviewer": "Reviewer: also decides cases and resets users",
        "role_admin": "Admin: also manages operators, keys and settings",
        "last_sign_in": "Latest sign-in (UTC, any device)",
        "sign_out": "Sign out",
        "sign_out_everywhere": "Sign out on every device",
        "signed_out": "You have signed out.",
        "signed_out_everywhere": "You have signed out on every device.",
        "error_sign_in_failed": "The e-mail address, password or code is not right.",
        "error_throttled": "Too many sign-ins from this address. Wait a minute, then try again.",
        "error_busy": "Sign-ins are queued. Try again in a moment.",
        "error_csrf": "This form had expired. Please try again.",
        "error_missing": "Enter your e-mail address and password.",
        "error_too_long": "That is longer than any e-mail address or password here.",
        "error_title": "There is a problem",
        "nav": "Console",
        "nav_home": "Home",
        "nav_audit": "Audit trail",
        "nav_queue": "Review queue",
        "nav_users": "Users",
        "audit_title": "Audit trail",
        "audit_lede": "Every decision, setting change, sign-in and key use in this tenant, newest first. Times are UTC.",
        "filter": "Narrow the trail",
        "filter_action": "Action",
        "filter_actor": "Who",
        "filter_user": "User reference",
        "filter_from": "From (YYYY-MM-DD)",
        "filter_to": "To (YYYY-MM-DD)",
        "filter_any": "Any",
        "filter_apply": "Show",
        "filter_clear": "Clear",
        "col_time": "Time (UTC)",
        "col_action": "Action",
        "col_actor": "Who",
        "col_environment": "Environment",
        "col_user": "User",
        "col_reason": "Reason",
        "audit_empty": "Nothing in the trail matches.",
        "audit_older": "Older events",
        "audit_caption": "Events, newest first",
        "error_field_from": "“From” is a date written YYYY-MM-DD.",
        "error_field_to": "“To” is a date written YYYY-MM-DD.",
        "error_field_user": "A user reference has at most 128 characters.",
        "error_field_after": "That page of the trail does not exist: start again from the newest.",
    ]

    static let arabic: [String: String] = [
        "product": "لوحة تحكم Verity",
        "skip": "انتقل إلى المحتوى",
        "language": "اللغة",
        "sign_in_title": "تسجيل الدخول",
        "sign_in_lede": "في لوحة التحكم يراجع فريقك الحالات ويبحث عن المستخدمين ويقرأ سجل التدقيق.",
        "email": "البريد الإلكتروني",
        "password": "كلمة المرور",
        "code": "الرمز من تطبيق المصادقة",
        "code_help": "ستة أرقام. اتركه فارغًا إن لم يكن لحسابك عامل تحقق ثانٍ.",
        "sign_in": "تسجيل الدخول",
        "signed_in_as": "مسجّل الدخول باسم",
        "tenant": "المستأجر",
        "role": "الدور",
        "role_viewer": "مشاهد: يقرأ الحالات والمستخدمين وسجل التدقيق",
        "role_reviewer": "مراجع: يقرر الحالات أيضًا ويعيد تعيين المستخدمين",
        "role_admin": "مسؤول: يدير أيضًا المشغّلين والمفاتيح والإعدادات",
        "last_sign_in": "آخر تسجيل دخول (بالتوقيت العالمي، أي جهاز)",
        "sign_out": "تسجيل الخروج",
        "sign_out_everywhere": "تسجيل الخروج من كل الأجهزة",
        "signed_out": "لقد سجّلت الخروج.",
        "signed_out_everywhere": "لقد سجّلت الخروج من كل الأجهزة.",
        "error_sign_in_failed": "البريد الإلكتروني أو كلمة المرور أو الرمز غير صحيح.",
        "error_throttled": "محاولات دخول كثيرة من هذا العنوان. انتظر دقيقة ثم حاول مرة أخرى.",
        "error_busy": "محاولات الدخول في الانتظار. حاول مرة أخرى بعد لحظات.",
        "error_csrf": "انتهت صلاحية هذا النموذج. يرجى المحاولة مرة أخرى.",
        "error_missing": "أدخل بريدك الإلكتروني وكلمة المرور.",
        "error_too_long": "هذا أطول من أي بريد إلكتروني أو كلمة مرور هنا.",
        "error_title": "هناك مشكلة",
        "nav": "لوحة التحكم",
        "nav_home": "الرئيسية",
        "nav_audit": "سجل التدقيق",
        "nav_queue": "قائمة المراجعة",
        "nav_users": "المستخدمون",
        "audit_title": "سجل التدقيق",
        "audit_lede": "كل قرار وتغيير في الإعدادات وتسجيل دخول واستخدام مفتاح في هذا المستأجر، الأحدث أولًا. الأوقات بالتوقيت العالمي.",
        "filter": "تضييق السجل",
        "filter_action": "الإجراء",
        "filter_actor": "من",
        "filter_user": "مرجع المستخدم",
        "filter_from": "من تاريخ (YYYY-MM-DD)",
        "filter_to": "إلى تاريخ (YYYY-MM-DD)",
        "filter_any": "الكل",
        "filter_apply": "عرض",
        "filter_clear": "مسح",
        "col_time": "الوقت (بالتوقيت العالمي)",
        "col_action": "الإجراء",
        "col_actor": "من",
        "col_environment": "البيئة",
        "col_user": "المستخدم",
        "col_reason": "السبب",
        "audit_empty": "لا شيء في السجل يطابق.",
        "audit_older": "أحداث أقدم",
        "audit_caption": "الأحداث، الأحدث أولًا",
        "error_field_from": "«من تاريخ» تاريخ يُكتب YYYY-MM-DD.",
        "error_field_to": "«إلى تاريخ» تاريخ يُكتب YYYY-MM-DD.",
        "error_field_user": "مرجع المستخدم 128 حرفًا على الأكثر.",
        "error_field_after": "هذه الصفحة من السجل غير موجودة: ابدأ من الأحدث.",
    ]
}
