/// Field labels printed on passports, ID cards and US driver licences (ICAO 9303
/// part 4 captions in English, French and Spanish; AAMVA field numbers), most
/// specific first so "place of birth" is not taken for "date of birth".
enum VisualZoneLabels {
    static let ordered: [(field: String, captions: [String])] = [
        ("place_of_birth", ["place of birth", "lieu de naissance", "lugar de nacimiento"]),
        ("given_names", ["given name", "prenom", "nombres", "first name", "2 given"]),
        ("surname", ["surname", "family name", "apellidos", "1 family", "last name"]),
        ("date_of_birth", ["date of birth", "date de naissance", "fecha de nacimiento", "dob", "birth date"]),
        ("issue_date", ["date of issue", "date de delivrance", "fecha de expedicion", "4a iss", "issued"]),
        ("expiry_date", ["date of expiry", "date d'expiration", "fecha de caducidad", "4b exp", "expires", "expiry"]),
        ("document_number", ["passport no", "no du passeport", "document no", "document number", "4d dln", "dln", "card no", "id no"]),
        ("nationality", ["nationality", "nationalite", "nacionalidad"]),
        ("sex", ["sex", "sexe", "sexo"]),
        ("address", ["address", "adresse", "domicilio", "8 address"]),
    ]

    /// The field a caption names, or nil when the line is not a caption.
    static func field(of line: String) -> String? {
        let folded = fold(line)
        guard folded.count <= 60 else { return nil }
        for (field, captions) in ordered where captions.contains(where: { folded.contains($0) }) {
            return field
        }
        return nil
    }

    /// Lower-case, accents removed, punctuation and "/" separators as spaces.
    static func fold(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().unicodeScalars {
            switch scalar {
            case "à", "â", "á": out.append("a")
            case "é", "è", "ê", "ë": out.append("e")
            case "í", "î", "ï": out.append("i")
            case "ó", "ô": out.append("o")
            case "ú", "û", "ü": out.append("u")
            case "ç": out.append("c")
            case "ñ": out.append("n")
            case ".", ",", ":", ";", "-", "_", "|": out.append(" ")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.split(separator: " ").joined(separator: " ")
    }
}
