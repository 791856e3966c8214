/// RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines.
public enum CSVReader {
    public struct Row: Sendable, Equatable {
        /// 1-based line number where the row starts, for error messages.
        public var line: Int
        public var fields: [String]
    }

    public struct Failure: Error, Sendable, Equatable {
        public var line: Int
        public var message: String
    }

    public static func rows(_ text: String) throws(Failure) -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var fieldWasQuoted = false
        var line = 1
        var rowStart = 1
        var chars = Array(text.unicodeScalars)
        if chars.first == "\u{FEFF}" { chars.removeFirst() }
        var i = 0
        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                rows.append(Row(line: rowStart, fields: fields))
            }
            fields = []
            field = ""
            fieldWasQuoted = false
        }
        while i < chars.count {
            let c = chars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 }
                    else { inQuotes = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else {
                switch c {
                case "\"":
                    guard field.isEmpty else { throw Failure(line: line, message: "a quote inside an unquoted field") }
                    inQuotes = true
                    fieldWasQuoted = true
                case ",":
                    fields.append(field)
                    field = ""
                    fieldWasQuoted = false
                case "\r":
                    break
                case "\n":
                    endRow()
                    line += 1
                    rowStart = line
                default:
                    if fieldWasQuoted { throw Failure(line: line, message: "text after a closing quote") }
                    field.unicodeScalars.append(c)
                }
            }
            i += 1
        }
        if inQuotes { throw Failure(line: rowStart, message: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRow() }
        return rows
    }
}
