package com.verity.sdk.identity

/**
 * The key that opens a passport's or ID card's chip (ICAO 9303 part 11, BAC and PACE with the MRZ):
 * the document number, date of birth and date of expiry, each with its check digit. Made from the
 * fields Verity read from the page (`document_number`, `date_of_birth`, `expiry_date`) or from the
 * MRZ's own lines. JMRTD takes the three fields (`BACKey(documentNumber, dateOfBirth, dateOfExpiry)`);
 * [mrzKey] is the MRZ information other readers take (docs/chip.md).
 */
data class ChipAccessKey(
    /** As the MRZ prints it, fillers dropped. */
    val documentNumber: String,
    /** `YYMMDD`. */
    val dateOfBirth: String,
    /** `YYMMDD`. */
    val dateOfExpiry: String
) {
    /** The number (at least 9 characters, `<`-filled), the dates, each followed by its check digit. */
    val mrzKey: String
        get() = listOf(documentNumber.padEnd(9, '<'), dateOfBirth, dateOfExpiry).joinToString("") { it + checkDigit(it) }

    companion object {
        /** From the fields as Verity reports them (dates `YYYY-MM-DD` or `YYMMDD`); null when one cannot be an MRZ's. */
        fun of(documentNumber: String, dateOfBirth: String, dateOfExpiry: String): ChipAccessKey? {
            val number = documentNumber.toUpperCase().replace("<", "")
            val birth = yymmdd(dateOfBirth) ?: return null
            val expiry = yymmdd(dateOfExpiry) ?: return null
            if (number.length == 0 || number.length > 22 || !number.all { it in '0'..'9' || it in 'A'..'Z' }) return null
            return ChipAccessKey(number, birth, expiry)
        }

        /** From the MRZ's lines: TD1 (3 × 30, a long number's overflow read), TD2 (2 × 36) or TD3 (2 × 44). */
        fun fromMrz(lines: List<String>): ChipAccessKey? {
            val rows = lines.map { it.toUpperCase() }
            if (rows.size == 3 && rows.all { it.length == 30 }) {
                var number = rows[0].substring(5, 14)
                // The number runs on in the optional data, its check digit last.
                if (rows[0][14] == '<') number += rows[0].substring(15).substringBefore('<').dropLast(1)
                return of(number, rows[1].substring(0, 6), rows[1].substring(8, 14))
            }
            if (rows.size == 2 && (rows[0].length == 36 || rows[0].length == 44) && rows[1].length == rows[0].length) {
                return of(rows[1].substring(0, 9), rows[1].substring(13, 19), rows[1].substring(21, 27))
            }
            return null
        }

        /** ICAO 9303's check digit: weights 7, 3, 1; digits as themselves, A–Z as 10–35, `<` as 0. */
        fun checkDigit(field: String): Int = field.withIndex().fold(0) { sum, (i, c) ->
            val value = when (c) { in '0'..'9' -> c - '0'; in 'A'..'Z' -> c - 'A' + 10; else -> 0 }
            sum + value * intArrayOf(7, 3, 1)[i % 3]
        } % 10

        private fun yymmdd(text: String): String? {
            val date = when {
                Regex("\\d{4}-\\d{2}-\\d{2}").matches(text) -> text.replace("-", "").substring(2)
                Regex("\\d{6}").matches(text) -> text
                else -> return null
            }
            val month = date.substring(2, 4).toInt()
            val day = date.substring(4, 6).toInt()
            return if (month in 1..12 && day in 1..31) date else null
        }
    }
}
