/// The naming conventions that link Swift names and SQL names, as StructuredQueries uses them.
///
/// - A model's table is its name with a lowercase first letter, pluralised:
///   `User` → `users`, `Company` → `companies`, `RemindersList` → `remindersLists`.
/// - A table's model inverts that: `reminders` → `Reminder`, `user_interests` → `UserInterest`.
/// - A foreign-key column names its to-one relationship without its `ID` suffix:
///   `companyID`, `companyId` or `company_id` → `company`.
public enum Naming {
    /// `RemindersList` → `remindersLists`.
    public static func tableName(forModel model: String) -> String {
        lowercasingFirst(pluralize(model))
    }

    /// `remindersLists` → `RemindersList`, `user_interests` → `UserInterest`, `"order items"` → `OrderItem`.
    public static func modelName(forTable table: String) -> String {
        let words = splitWords(table)
        guard !words.isEmpty else { return "Table" }
        var parts = words.map(capitalizingFirst)
        parts[parts.count - 1] = singularize(parts[parts.count - 1])
        var name = parts.joined()
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "T" + name }
        return name
    }

    /// `companyID` → `company`; nil when the column has no id suffix.
    public static func relationshipName(forForeignKeyColumn column: String) -> String? {
        for suffix in ["_id", "_ID", "ID", "Id"] where column.hasSuffix(suffix) && column.count > suffix.count {
            let stem = String(column.dropLast(suffix.count))
            return camelCase(stem)
        }
        return nil
    }

    /// A valid Swift identifier in lower camel case from any SQL name: `due date` → `dueDate`.
    public static func memberName(forColumn column: String) -> String {
        if isIdentifier(column) { return column }
        return camelCase(column)
    }

    /// Whether a name can be written as a Swift identifier without back-quotes.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    static func camelCase(_ text: String) -> String {
        let words = splitWords(text)
        guard let first = words.first else { return "_" }
        let name = lowercasingFirst(first) + words.dropFirst().map(capitalizingFirst).joined()
        if let scalar = name.unicodeScalars.first, ("0"..."9").contains(scalar) { return "_" + name }
        return name
    }

    /// Splits on anything that is not a letter or digit, and keeps camelCase words whole.
    static func splitWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    static func capitalizingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// English plural of the last word: `Company` → `Companies`, `Box` → `Boxes`, `User` → `Users`.
    public static func pluralize(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let beforeY = lower.dropLast().last, !"aeiou".contains(beforeY) {
            return word.dropLast() + "ies"
        }
        if lower.hasSuffix("s") || lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch") || lower.hasSuffix("sh") {
            return word + "es"
        }
        return word + "s"
    }

    /// English singular of the last word: `Companies` → `Company`, `Boxes` → `Box`, `Users` → `User`.
    public static func singularize(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + "y" }
        for suffix in ["sses", "xes", "zes", "ches", "shes"] where lower.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is"), word.count > 1 {
            return String(word.dropLast())
        }
        return word
    }
}
