import Testing
@testable import VerityCore

@Suite("Error codes are stable and distinct")
struct ErrorCodeTests {
    @Test func everyCodeIsUniqueUpperSnakeWithAClientOrServerStatus() {
        let names = VerityError.Code.all.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for code in VerityError.Code.all {
            #expect(code.rawValue.allSatisfy { $0.isUppercase || $0 == "_" }, "\(code)")
            #expect((400..<600).contains(code.httpStatus), "\(code)")
            // Only Verity's own failures are 5xx, and those may be retried.
            #expect(code.httpStatus < 500 || code.retryable, "\(code)")
        }
    }

    @Test func errorsCompareByCodeOnly() {
        #expect(VerityError(.invalidInput, "one", field: "a") == VerityError(.invalidInput, "two", field: "b"))
        #expect(VerityError(.invalidInput, "same") != VerityError(.consentRequired, "same"))
    }
}
