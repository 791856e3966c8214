import Testing
@testable import VerityCore

@Suite("Registry CSV files import whole or not at all")
struct RegistryCSVTests {
    let today = DateOfBirth(year: 2026, month: 1, day: 1)

    @Test func quotedFieldsCommasAndNewlines() throws {
        let rows = try CSVReader.rows("a,b\n\"x, y\",\"say \"\"hi\"\"\"\r\n\"multi\nline\",z\n")
        #expect(rows.map(\.fields) == [["a", "b"], ["x, y", "say \"hi\""], ["multi\nline", "z"]])
        #expect(rows.map(\.line) == [1, 2, 3])
    }

    @Test func unclosedQuotesAreReportedWithTheirLine() {
        #expect(throws: CSVReader.Failure(line: 2, message: "a quoted field is never closed")) {
            try CSVReader.rows("a\n\"open\n")
        }
    }

    @Test func goodFilesGiveRecordsWithFlags() throws {
        let csv = """
        lastName,firstName,address,postalCode,country,dateOfBirth,flags
        Smith,John,1 Main St,30318,US,1975-02-28,
        Finch,Harold,9 Elm Rd,62701,US,1931-04-02,deceased
        Krum,Victor,400 Market St,19106,us,1980-09-30,deceased;fraud_alert
        """
        let records = try RegistryCSV.parse(csv, today: today).get()
        #expect(records.count == 3)
        #expect(records[1].deceased && !records[1].fraudAlert)
        #expect(records[2].fraudAlert && records[2].country == "US")
    }

    @Test func everyBadRowIsReportedByLine() {
        let csv = """
        firstName,lastName,address,postalCode,country,dateOfBirth
        John,Smith,1 Main St,30318,US,1975-02-28
        ,Empty,1 Main St,30318,US,1975-02-28
        Bad,Date,1 Main St,30318,US,2023-02-30
        Too,Few,1 Main St
        """
        guard case .failure(let problems) = RegistryCSV.parse(csv, today: today) else {
            Issue.record("expected failures")
            return
        }
        #expect(problems.rows.map(\.line) == [3, 4, 5])
        #expect(problems.rows.map(\.field) == ["firstName", "dateOfBirth", nil])
    }

    @Test func missingAndUnknownColumnsAreReported() {
        guard case .failure(let problems) = RegistryCSV.parse("firstName,surname\nA,B\n", today: today) else {
            Issue.record("expected failures")
            return
        }
        #expect(problems.rows.contains { $0.field == "surname" })
        #expect(problems.rows.contains { $0.field == "lastName" && $0.message.contains("missing") })
    }
}
