// The key that opens a passport's or ID card's chip (ICAO 9303 part 11, BAC
// and PACE with the MRZ): the document number, date of birth and date of
// expiry, each with its check digit. Made from the fields Verity read from
// the page (`document_number`, `date_of_birth`, `expiry_date`) or from the
// MRZ's own lines; `mrzKey` is what an NFC reader library takes (docs/chip.md).

/** A chip's access key: the number as the MRZ prints it (fillers dropped), the dates `YYMMDD`. */
export interface ChipAccessKey {
  documentNumber: string
  dateOfBirth: string
  dateOfExpiry: string
  /** The number (at least 9 characters, `<`-filled), the dates, each followed by its check digit. */
  mrzKey: string
}

/** From the fields as Verity reports them (dates `YYYY-MM-DD` or `YYMMDD`); undefined when one cannot be an MRZ's. */
export function chipAccessKey(documentNumber: string, dateOfBirth: string, dateOfExpiry: string): ChipAccessKey | undefined {
  const number = documentNumber.toUpperCase().replace(/</g, '')
  const birth = yymmdd(dateOfBirth)
  const expiry = yymmdd(dateOfExpiry)
  if (number === '' || number.length > 22 || !/^[0-9A-Z]+$/.test(number) || !birth || !expiry) return undefined
  const padded = number.padEnd(9, '<')
  const mrzKey = [padded, birth, expiry].map((field) => field + String(checkDigit(field))).join('')
  return { documentNumber: number, dateOfBirth: birth, dateOfExpiry: expiry, mrzKey }
}

/** From the MRZ's lines: TD1 (3 × 30, a long number's overflow read), TD2 (2 × 36) or TD3 (2 × 44). */
export function chipAccessKeyFromMRZ(lines: string[]): ChipAccessKey | undefined {
  const rows = lines.map((line) => line.toUpperCase())
  if (rows.length === 3 && rows.every((row) => row.length === 30)) {
    let number = rows[0].slice(5, 14)
    if (rows[0][14] === '<') {
      // The number runs on in the optional data, its check digit last.
      const overflow = rows[0].slice(15).split('<')[0]
      number += overflow.slice(0, -1)
    }
    return chipAccessKey(number, rows[1].slice(0, 6), rows[1].slice(8, 14))
  }
  if (rows.length === 2 && (rows[0].length === 36 || rows[0].length === 44) && rows[1].length === rows[0].length) {
    return chipAccessKey(rows[1].slice(0, 9), rows[1].slice(13, 19), rows[1].slice(21, 27))
  }
  return undefined
}

/** ICAO 9303's check digit: weights 7, 3, 1; digits as themselves, A–Z as 10–35, `<` as 0. */
export function checkDigit(field: string): number {
  const weights = [7, 3, 1]
  let sum = 0
  for (let i = 0; i < field.length; i++) {
    const c = field.charCodeAt(i)
    const value = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 90 ? c - 55 : 0
    sum += value * weights[i % 3]
  }
  return sum % 10
}

function yymmdd(text: string): string | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text.replace(/-/g, '').slice(2) : /^\d{6}$/.test(text) ? text : undefined
  if (!date) return undefined
  const month = Number(date.slice(2, 4))
  const day = Number(date.slice(4, 6))
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? date : undefined
}
