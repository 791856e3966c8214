import Foundation

/// One field of an entity's registration form (the spec's `FieldDefinition`).
public struct UserFieldDefinition: Sendable, Equatable, Codable {
    public enum FieldType: String, Sendable, Codable, CaseIterable {
        case text, date, number, email, phone, choice
    }

    /// camelCase key of the value in the registration (`givenName`, `dateOfBirth`, …).
    public var name: String
    public var type: FieldType
    public var required: Bool
    /// Text: longest value (default 200); number: smallest and largest; choice: the allowed values.
    public var maxLength: Int?
    public var minimum: Double?
    public var maximum: Double?
    public var choices: [String]?

    public init(name: String, type: FieldType, required: Bool = true, maxLength: Int? = nil,
                minimum: Double? = nil, maximum: Double? = nil, choices: [String]? = nil) {
        self.name = name
        self.type = type
        self.required = required
        self.maxLength = maxLength
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
    }

    /// Longest value of any field, whatever its definition says.
    public static let absoluteMaxLength = 1000

    /// Checks the definition itself (an operator wrote it).
    public func validated() throws(VerityError) -> UserFieldDefinition {
        guard name.range(of: "^[a-z][A-Za-z0-9]{0,63}$", options: .regularExpression) != nil else {
            throw VerityError(.validationError, "Field names are camelCase letters and digits, at most 64.", field: "name")
        }
        if let maxLength, !(1...Self.absoluteMaxLength).contains(maxLength) {
            throw VerityError(.validationError, "maxLength must be between 1 and \(Self.absoluteMaxLength).", field: "\(name).maxLength")
        }
        if let minimum, let maximum, minimum > maximum {
            throw VerityError(.validationError, "minimum is larger than maximum.", field: "\(name).minimum")
        }
        if type == .choice {
            guard let choices, !choices.isEmpty, Set(choices).count == choices.count,
                  choices.allSatisfy({ !$0.isEmpty && $0.count <= 200 }) else {
                throw VerityError(.validationError, "A choice field lists its distinct, non-empty choices.", field: "\(name).choices")
            }
        }
        return self
    }
}

/// Checks a registration against an entity's field definitions, field by field.
public struct RegistrationValidator: Sendable {
    public let definitions: [UserFieldDefinition]
    public let today: CalendarDate

    public init(definitions: [UserFieldDefinition], today: CalendarDate) {
        self.definitions = definitions
        self.today = today
    }

    /// One problem per offending field, in definition order, then unknown fields.
    public func problems(in values: [String: String]) -> [FieldProblem] {
        var problems: [FieldProblem] = []
        for definition in definitions {
            let value = values[definition.name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if value.isEmpty {
                if definition.required { problems.append(FieldProblem(field: definition.name, message: "is required")) }
                continue
            }
            if let message = problem(value, definition) { problems.append(FieldProblem(field: definition.name, message: message)) }
        }
        let known = Set(definitions.map(\.name))
        for name in values.keys.sorted() where !known.contains(name) {
            problems.append(FieldProblem(field: String(name.prefix(64)), message: "is not a field of this entity"))
        }
        return problems
    }

    /// Throws one `VALIDATION_ERROR` naming every offending field; returns the trimmed values.
    public func validate(_ values: [String: String]) throws(VerityError) -> [String: String] {
        let found = problems(in: values)
        guard found.isEmpty else {
            throw VerityError(.validationError, found.map { "\($0.field) \($0.message)" }.joined(separator: "; "), field: found[0].field,
                              problems: found)
        }
        return values.compactMapValues { value in
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    private func problem(_ value: String, _ definition: UserFieldDefinition) -> String? {
        let limit = min(definition.maxLength ?? 200, UserFieldDefinition.absoluteMaxLength)
        guard value.count <= limit else { return "is longer than \(limit) characters" }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return "contains control characters"
        }
        switch definition.type {
        case .text:
            return nil
        case .date:
            guard let date = CalendarDate(iso: value) else { return "must be a date as YYYY-MM-DD" }
            return date > today ? "must not be in the future" : nil
        case .number:
            guard let number = Double(value), number.isFinite, value.range(of: "^-?[0-9]+(\\.[0-9]+)?$", options: .regularExpression) != nil else {
                return "must be a number"
            }
            if let minimum = definition.minimum, number < minimum { return "must be at least \(minimum)" }
            if let maximum = definition.maximum, number > maximum { return "must be at most \(maximum)" }
            return nil
        case .email:
            return ContactDetails.isEmail(value) ? nil : "must be an email address"
        case .phone:
            return ContactDetails.isPhoneNumber(value) ? nil : "must be an international number such as +14155550123"
        case .choice:
            return definition.choices?.contains(value) == true ? nil : "must be one of \((definition.choices ?? []).joined(separator: ", "))"
        }
    }
}

/// What is wrong with one field of a registration.
public struct FieldProblem: Sendable, Equatable, Codable {
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
