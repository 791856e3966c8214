import Foundation

/// The console's words in English and Arabic (right to left). A page is
/// rendered in one language; the switcher is a link with `?lang=`.
enum ConsoleStrings {
    static let languages = ["en", "ar"]
    static let rightToLeft: Set<String> = ["ar"]
    static let names = ["en": "English", "ar": "العربية"]

    static func text(_ key: String, _ language: String) -> String {
        tables[language]?[key] ?? english[key] ?? key
    }

    static let tables: [String: [String: String]] = ["en": english, "ar": arabic]

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
        "error_locked": "Too many failed sign-ins. This account is locked until %@ (UTC). Ask an admin to reset your password if you have forgotten it.",
        "error_csrf": "This form had expired. Please try again.",
        "error_missing": "Enter your e-mail address and password.",
        "error_too_long": "That is longer than any e-mail address or password here.",
        "error_title": "There is a problem",
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
        "error_locked": "محاولات فاشلة كثيرة. هذا الحساب مقفل حتى %@ (بالتوقيت العالمي). اطلب من مسؤول إعادة تعيين كلمة المرور إن نسيتها.",
        "error_csrf": "انتهت صلاحية هذا النموذج. يرجى المحاولة مرة أخرى.",
        "error_missing": "أدخل بريدك الإلكتروني وكلمة المرور.",
        "error_too_long": "هذا أطول من أي بريد إلكتروني أو كلمة مرور هنا.",
        "error_title": "هناك مشكلة",
    ]
}
