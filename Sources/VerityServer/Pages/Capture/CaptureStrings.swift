import Foundation

/// The capture page's words in every language it speaks. The page is
/// rendered in one language and carries every table, so the language switcher
/// changes it in place: a reload would count as another opening of the link.
enum CaptureStrings {
    static let languages = ["en", "ar"]
    static let rightToLeft: Set<String> = ["ar"]
    /// Each language's own name, for the switcher.
    static let names = ["en": "English", "ar": "العربية"]

    /// The first supported language of an `Accept-Language` header, by its q-values; English otherwise.
    static func language(acceptLanguage header: String?) -> String {
        guard let header else { return "en" }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (String, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased(), !tag.isEmpty else { return nil }
            let quality = pieces.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (String(tag.split(separator: "-").first ?? ""), quality, index)
        }
        return ranked.filter { languages.contains($0.0) && $0.1 > 0 }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }.first?.0 ?? "en"
    }

    static func text(_ key: String, _ language: String) -> String {
        tables[language]?[key] ?? tables["en"]?[key] ?? key
    }

    static let tables: [String: [String: String]] = ["en": english, "ar": arabic]

    static let english: [String: String] = [
        "title": "Verify your identity",
        "language": "Language",
        "skip": "Skip to the content",
        "handoff_title": "Continue on your phone",
        "handoff_help": "Scan this code with your phone's camera and take the photos there. This page follows your progress.",
        "qr_label": "QR code with the link to this page",
        "continue_here": "Continue on this computer",
        "waiting_phone": "Waiting for your phone…",
        "phone_opened": "The link was opened on your phone.",
        "document_title": "Your document",
        "document_help": "Choose the document you will photograph.",
        "document_type": "Document type",
        "type_driverLicense": "Driver's licence",
        "type_idCard": "National ID card",
        "type_passport": "Passport",
        "country": "Issuing country",
        "continue": "Continue",
        "front_title": "Front of your document",
        "front_title_passport": "Your passport's photo page",
        "back_title": "Back of your document",
        "selfie_title": "A photo of your face",
        "capture_help": "Lay the document on a dark, plain surface in good light, and keep all four corners in the frame.",
        "selfie_help": "Look straight at the camera, with your face uncovered and well lit.",
        "start_camera": "Use the camera",
        "take_photo": "Take photo",
        "upload": "Upload a photo",
        "camera_preview": "Camera preview",
        "camera_unavailable": "The camera is not available. Upload a photo instead.",
        "checking_photo": "Checking the photo…",
        "photo_ok": "The photo looks good.",
        "photo_unreadable_file": "This file is not a photo we can open. Choose a JPEG or PNG.",
        "use_photo": "Use this photo",
        "retake": "Retake",
        "preview_label": "The photo you took",
        "reason_TOO_DARK": "The photo is too dark. Move to better light.",
        "reason_TOO_BRIGHT": "The photo is washed out. Avoid direct light on the document.",
        "reason_LOW_CONTRAST": "The photo is too flat to read. Use even light and a plain, darker surface.",
        "reason_GLARE": "There is glare on the document. Tilt it away from the light.",
        "reason_BLURRY": "The photo is blurred. Hold still and let the camera focus.",
        "reason_DOCUMENT_CUT_OFF": "Part of the document is outside the photo. Keep all four corners in the frame.",
        "reason_SELFIE_UNUSABLE": "We could not see exactly one face in your photo.",
        "reason_PORTRAIT_NOT_FOUND": "We could not see the portrait on your document.",
        "reason_COUNTRY_MISMATCH": "The document is from another country than the one you chose.",
        "reason_OTHER": "We could not read the document. Take a closer, sharper photo.",
        "sending_title": "Checking your document",
        "sending_help": "This usually takes a few seconds. Keep this page open.",
        "succeeded_title": "You are verified",
        "succeeded_help": "Thank you. You can close this page and return to the app.",
        "failed_title": "We could not verify you",
        "failed_help": "Your document did not confirm your identity. Return to the app for other options.",
        "unreadable_title": "We could not read your document",
        "try_again": "Try again",
        "attempts_left": "Attempts left: {n}",
        "unusable_title": "This link can no longer be used",
        "unusable_help": "Return to the app and ask for a new link.",
        "unusable_expired": "This link has expired.",
        "unusable_limit": "This link was opened or used too many times.",
        "unusable_unknown": "This link is not valid: it was replaced by a newer one, or it never existed.",
        "error_generic": "Something went wrong. Please try again.",
        "noscript": "This page needs JavaScript to take and send photos.",
    ]

    static let arabic: [String: String] = [
        "title": "تحقّق من هويتك",
        "language": "اللغة",
        "skip": "انتقل إلى المحتوى",
        "handoff_title": "تابع على هاتفك",
        "handoff_help": "امسح هذا الرمز بكاميرا هاتفك والتقط الصور عليه. تتابع هذه الصفحة تقدّمك.",
        "qr_label": "رمز QR يحمل رابط هذه الصفحة",
        "continue_here": "المتابعة على هذا الحاسوب",
        "waiting_phone": "في انتظار هاتفك…",
        "phone_opened": "فُتح الرابط على هاتفك.",
        "document_title": "مستندك",
        "document_help": "اختر المستند الذي ستصوّره.",
        "document_type": "نوع المستند",
        "type_driverLicense": "رخصة القيادة",
        "type_idCard": "بطاقة الهوية الوطنية",
        "type_passport": "جواز السفر",
        "country": "بلد الإصدار",
        "continue": "متابعة",
        "front_title": "الوجه الأمامي لمستندك",
        "front_title_passport": "صفحة الصورة في جواز سفرك",
        "back_title": "الوجه الخلفي لمستندك",
        "selfie_title": "صورة لوجهك",
        "capture_help": "ضع المستند على سطح داكن بلون واحد في إضاءة جيدة، وأبقِ زواياه الأربع داخل الإطار.",
        "selfie_help": "انظر مباشرة إلى الكاميرا، ووجهك مكشوف ومضاء جيداً.",
        "start_camera": "استخدام الكاميرا",
        "take_photo": "التقاط الصورة",
        "upload": "تحميل صورة",
        "camera_preview": "معاينة الكاميرا",
        "camera_unavailable": "الكاميرا غير متاحة. حمّل صورة بدلاً من ذلك.",
        "checking_photo": "جارٍ فحص الصورة…",
        "photo_ok": "تبدو الصورة جيدة.",
        "photo_unreadable_file": "تعذّر فتح هذا الملف كصورة. اختر صورة JPEG أو PNG.",
        "use_photo": "استخدام هذه الصورة",
        "retake": "إعادة الالتقاط",
        "preview_label": "الصورة التي التقطتها",
        "reason_TOO_DARK": "الصورة مظلمة جداً. انتقل إلى مكان أفضل إضاءة.",
        "reason_TOO_BRIGHT": "الصورة ساطعة جداً. تجنّب الضوء المباشر على المستند.",
        "reason_LOW_CONTRAST": "تباين الصورة ضعيف جداً. استخدم إضاءة متساوية وسطحاً داكناً بلون واحد.",
        "reason_GLARE": "يوجد وهج على المستند. أمِله بعيداً عن الضوء.",
        "reason_BLURRY": "الصورة غير واضحة. اثبت ودع الكاميرا تضبط التركيز.",
        "reason_DOCUMENT_CUT_OFF": "جزء من المستند خارج الصورة. أبقِ الزوايا الأربع داخل الإطار.",
        "reason_SELFIE_UNUSABLE": "لم نتمكن من رؤية وجه واحد بوضوح في صورتك.",
        "reason_PORTRAIT_NOT_FOUND": "لم نتمكن من رؤية الصورة الشخصية على مستندك.",
        "reason_COUNTRY_MISMATCH": "المستند صادر عن بلد غير الذي اخترته.",
        "reason_OTHER": "تعذّرت قراءة المستند. التقط صورة أقرب وأوضح.",
        "sending_title": "جارٍ فحص مستندك",
        "sending_help": "يستغرق ذلك عادةً بضع ثوانٍ. أبقِ هذه الصفحة مفتوحة.",
        "succeeded_title": "تم التحقق من هويتك",
        "succeeded_help": "شكراً لك. يمكنك إغلاق هذه الصفحة والعودة إلى التطبيق.",
        "failed_title": "لم نتمكن من التحقق من هويتك",
        "failed_help": "لم يؤكّد مستندك هويتك. عد إلى التطبيق لمعرفة الخيارات الأخرى.",
        "unreadable_title": "لم نتمكن من قراءة مستندك",
        "try_again": "حاول مرة أخرى",
        "attempts_left": "المحاولات المتبقية: {n}",
        "unusable_title": "لم يعد بالإمكان استخدام هذا الرابط",
        "unusable_help": "عد إلى التطبيق واطلب رابطاً جديداً.",
        "unusable_expired": "انتهت صلاحية هذا الرابط.",
        "unusable_limit": "فُتح هذا الرابط أو استُخدم مرات كثيرة.",
        "unusable_unknown": "هذا الرابط غير صالح: استُبدل برابط أحدث، أو لم يكن موجوداً.",
        "error_generic": "حدث خطأ ما. يُرجى المحاولة مرة أخرى.",
        "noscript": "تحتاج هذه الصفحة إلى JavaScript لالتقاط الصور وإرسالها.",
    ]
}
