/// A Digital Identity Activation Code (DIAC): 16 digits, the last a Luhn check
/// digit so a mistyped code is caught on the device before it reaches the
/// server. Generated when an operator approves an accreditation; stored only
/// as a hash; single use; bound to one user, entity and level.
public struct ActivationCode: Sendable, Equatable, CustomStringConvertible {
    public static let length = 16

    /// The 16 digits.
    public let digits: String

    /// Accepts the code as users type it: spaces and dashes between digits are ignored.
    public static func parse(_ text: String, field: String = "diac") throws(VerityError) -> ActivationCode {
        guard text.utf8.count <= 64 else { throw VerityError(.validationError, "An activation code has 16 digits.", field: field) }
        let digits = text.filter { $0 != " " && $0 != "-" }
        guard digits.count == length, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw VerityError(.validationError, "An activation code has 16 digits.", field: field)
        }
        guard Luhn.isValid(digits) else {
            throw VerityError(.validationError, "The activation code is mistyped (its check digit does not match).", field: field)
        }
        return ActivationCode(digits: digits)
    }

    /// A new code from 15 random digits and their check digit. `randomDigit`
    /// must be a cryptographically secure source of 0…9.
    public static func generate(randomDigit: () -> Int) -> ActivationCode {
        let body = (0..<(length - 1)).map { _ in String(randomDigit() % 10) }.joined()
        return ActivationCode(digits: body + String(Luhn.checkDigit(for: body)))
    }

    /// Grouped in fours for reading aloud or printing: 1234 5678 9012 3456.
    public var grouped: String {
        stride(from: 0, to: digits.count, by: 4).map { start in
            let from = digits.index(digits.startIndex, offsetBy: start)
            return String(digits[from..<digits.index(from, offsetBy: 4)])
        }.joined(separator: " ")
    }

    /// Never the digits themselves: codes must not reach logs.
    public var description: String { "ActivationCode(****)" }

    private init(digits: String) { self.digits = digits }
}

/// The Luhn (mod 10) check digit, as on payment cards: catches every single-digit
/// error and most swaps of neighbouring digits.
public enum Luhn {
    public static func checkDigit(for body: String) -> Int {
        (10 - sum(body, doublingFirst: true) % 10) % 10
    }

    public static func isValid(_ digits: String) -> Bool {
        !digits.isEmpty && sum(digits, doublingFirst: false) % 10 == 0
    }

    /// Sum from the rightmost digit, doubling every second one.
    private static func sum(_ digits: String, doublingFirst: Bool) -> Int {
        var total = 0, double = doublingFirst
        for character in digits.reversed() {
            guard let digit = character.wholeNumberValue else { return -1 }
            let value = double ? digit * 2 : digit
            total += value > 9 ? value - 9 : value
            double.toggle()
        }
        return total
    }
}
