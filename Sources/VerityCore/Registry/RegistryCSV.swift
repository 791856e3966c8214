/// The reference registry's import format: a header row naming the columns
/// (any order), then one person per row. `flags` may hold `deceased` and/or
/// `fraud_alert`, separated by `;` or `|`.
public enum RegistryCSV {
    public static let requiredColumns = ["firstName", "lastName", "address", "postalCode", "country", "dateOfBirth"]
    public static let optionalColumns = ["city", "state", "flags"]
    public static let maxRows = 1_000_000

    public struct RowError: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var field: String?
        public var message: String

        public var description: String { "line \(line): " + (field.map { "\($0): " } ?? "") + message }
    }

    /// Every bad row of a file.
    public struct Problems: Error, Sendable, Equatable {
        public var rows: [RowError]
    }

    /// Every record, or every problem found (all of them, not just the first).
    public static func parse(_ text: String, today: DateOfBirth) -> Result<[IdentityRecord], Problems> {
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(text) } catch { return .failure(Problems(rows: [RowError(line: error.line, field: nil, message: error.message)])) }
        guard let header = rows.first else { return .failure(Problems(rows: [RowError(line: 1, field: nil, message: "the file is empty")])) }
        let names = header.fields.map { $0.trimmingWhitespace() }
        let known = Set(requiredColumns + optionalColumns)
        var errors: [RowError] = []
        for name in names where !known.contains(name) {
            errors.append(RowError(line: header.line, field: name, message: "unknown column (expected \((requiredColumns + optionalColumns).joined(separator: ", ")))"))
        }
        for name in requiredColumns where !names.contains(name) {
            errors.append(RowError(line: header.line, field: name, message: "required column is missing"))
        }
        if rows.count - 1 > maxRows { errors.append(RowError(line: header.line, field: nil, message: "more than \(maxRows) rows")) }
        guard errors.isEmpty else { return .failure(Problems(rows: errors)) }
        let column = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

        var records: [IdentityRecord] = []
        for row in rows.dropFirst() {
            guard row.fields.count == names.count else {
                errors.append(RowError(line: row.line, field: nil, message: "has \(row.fields.count) fields, the header has \(names.count)"))
                continue
            }
            func value(_ name: String) -> String? { column[name].map { row.fields[$0] } }
            let fields = IdentityClaim.Fields(
                firstName: value("firstName") ?? "", lastName: value("lastName") ?? "", address: value("address") ?? "",
                city: value("city"), state: value("state"), postalCode: value("postalCode") ?? "",
                country: value("country") ?? "", dateOfBirth: value("dateOfBirth") ?? "")
            do {
                let claim = try IdentityClaim.validate(fields, supportedCountries: nil, today: today)
                let flags = try parseFlags(value("flags") ?? "")
                records.append(IdentityRecord(claim: claim, deceased: flags.contains("deceased"), fraudAlert: flags.contains("fraud_alert")))
            } catch {
                errors.append(RowError(line: row.line, field: error.field, message: error.message))
            }
        }
        return errors.isEmpty ? .success(records) : .failure(Problems(rows: errors))
    }

    private static func parseFlags(_ text: String) throws(VerityError) -> Set<String> {
        let flags = text.split(whereSeparator: { $0 == ";" || $0 == "|" }).map { String($0).trimmingWhitespace().lowercased() }
        for flag in flags where flag != "deceased" && flag != "fraud_alert" {
            throw .invalid("flags", "unknown flag \(flag) (expected deceased or fraud_alert)")
        }
        return Set(flags)
    }
}
