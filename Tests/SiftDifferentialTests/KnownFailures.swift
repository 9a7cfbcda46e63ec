/// Disagreements between the SQL lowering and the evaluator that are understood and reported
/// but not fixed yet, by the exact text of the shrunk query the differential test prints. A
/// generated query whose shrunk form is listed here is counted as known and skipped; every
/// entry is also re-run on its own (with the parameter values of its seed), so a fix makes the
/// suite say "remove it from the list".
///
/// To refresh after a fix or a generator change: run with `SIFT_DIFFERENTIAL_EMIT_KNOWN=1`, which
/// prints one `KNOWN-CANDIDATE` line (seed, facts, shrunk text, SQL, bindings) per failure.
enum KnownFailures {
    /// One bug, with which side is wrong and why.
    enum Bug: String, Sendable, CaseIterable {
        case arrayLiteralElements =
            "SQL wrong: in [a, b].max() / .min(), elements that are not constants (attributes, parameters, expressions) are bound as JSON null in json_each(?), so [0, $0.age].max() is 0; Swift takes the maximum of the values"
        case containsFalse =
            "SQL wrong: rel.contains { false } is folded to TRUE (the WHERE disappears, or `?.contains { false }` becomes TRUE); Swift: no element satisfies false, so false (verified with #Predicate.evaluate)"
        case dateLeavesColumn =
            "SQL wrong: a Date that leaves its ISO-8601 column (??, if let, flatMap) is compared in the wrong storage: the Date parameter is bound as REAL seconds and compared with TEXT, or the text goes through julianday(), inexact to the millisecond; Swift compares instants"
        case subMillisecond =
            "SQL wrong: a Date parameter with a sub-millisecond part is truncated to the millisecond against the ISO-8601 column (2026-12-01 09:00:00.0004 == '...09:00:00.000'); Swift compares instants exactly"
        case nestedOptional =
            "SQL wrong: Optional.map with a closure returning an optional gives T?? in Swift, and .some(nil) != nil is true (verified in Swift); the SQL flattens .some(nil) to NULL"
        case trapInFilter =
            "SQL wrong (documented rule: a trap in any element traps the row): a trap in a filter { } / count(where:) closure is NULL, which count(*) simply does not count"
        case containsNul =
            "SQL wrong: sift_contains calls Foundation's String.contains (NSString range(of:)), for which \"kim\".contains(\"kim\\0\") is true; #Predicate's contains compares Characters and says false (verified with Predicate.evaluate), as the evaluator does"
        case trapAsNil =
            "SQL wrong (documented rule: a row whose predicate traps is not selected): a trap (overflow, division by zero, bad range) is NULL, and NULL is absorbed as if it were nil or false: by IS / IS NOT against an optional, ?? default, map { }, or an IN list that finds the value"
    }

    struct Entry: Sendable {
        /// The shrunk query text, exactly as the differential test prints it.
        var text: String
        var bug: Bug
        /// The seed the entry was found with (its parameter values).
        var seed: UInt64
        /// Whether the lowering was told which columns hold only NFC text.
        var useFacts: Bool

        init(_ text: String, _ bug: Bug, seed: UInt64, useFacts: Bool) {
            self.text = text
            self.bug = bug
            self.seed = seed
            self.useFacts = useFacts
        }

        var reason: String { bug.rawValue }
    }

    /// None at the moment: every disagreement found so far is fixed (the bugs above are kept to
    /// name new instances, should one appear).
    static let entries: [Entry] = []

    /// Known failures of the injection test: a template (`HOSTILE` for the string) and the exact
    /// hostile value, whether written as a literal (in any spelling) or given as a parameter.
    struct InjectionEntry: Sendable {
        var template: String
        var value: String
        var bug: Bug
    }

    static let injection: [InjectionEntry] = []

    static func injectionEntry(template: String, value: String) -> InjectionEntry? {
        injection.first { $0.template == template && $0.value == value }
    }

    /// A guess at which known bug a new failure is another instance of, for the failure message
    /// (seeds outside the default range find new shrunk texts of the same bugs).
    static func probableBug(_ disagreement: DifferentialRunner.Disagreement) -> Bug? {
        let text = disagreement.text
        if disagreement.sql.contains("json_each"), text.contains("].max()") || text.contains("].min()") { return .arrayLiteralElements }
        if text.range(of: #"contains \{ (\w+ in )?false \}"#, options: .regularExpression) != nil { return .containsFalse }
        if !disagreement.trapped.isEmpty {
            return text.contains("filter {") || text.contains("count(where:") ? .trapInFilter : .trapAsNil
        }
        if text.contains(".map {") { return .nestedOptional }
        if text.contains("dueDate") {
            if disagreement.sql.contains("julianday") || text.contains("??") || text.contains("if let") { return .dateLeavesColumn }
            return .subMillisecond
        }
        if text.contains("\\0") || text.contains("\\u{0}") { return .containsNul }
        return nil
    }

    static let byText: [String: Entry] = Dictionary(entries.map { ($0.text, $0) }, uniquingKeysWith: { first, _ in first })

    static func entry(for text: String) -> Entry? { byText[text] }
}
