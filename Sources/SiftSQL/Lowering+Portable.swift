import SiftChecker
import SiftSchema
import SiftSyntax

/// Portable SQL (``SQLLowering/Options/portable``): where Sift's SQL calls one of its functions,
/// the exact forms in SQLite's built-in functions that the facts allow, and the refusals where
/// there is none. Every form here gives the very value the function it replaces gives.
extension LoweringContext {
    /// The stable id of the diagnostic that refuses a construct in portable SQL.
    static let needsExtension: DiagnosticID = "portable-needs-extension"

    /// Why text cannot be compared by bytes.
    static let notNFC = "its text is not known to be NFC (the data holds text in other forms, or no database gave facts)"
    /// Why a string function cannot work on bytes.
    static let notASCII = "the text is not known to be ASCII (the data holds other text, or no database gave facts)"
    /// Why a Double operation needs Sift's functions.
    static let mayBeNaN = "its Doubles may be NaN, which SQLite cannot hold"

    /// Records that `construct`, written at `range`, has no exact form in SQLite's built-in
    /// functions, because of `reason` (the SQL keeps Sift's function there: right, but not portable).
    mutating func refuse(_ construct: String, _ reason: String, at range: SourceRange) {
        nonPortable.append(("\(construct) has no exact form in SQLite's built-in functions: \(reason)", range))
    }

    /// The diagnostics of a portable lowering in PostgreSQL's dialect: one per function of Sift's
    /// (or collation of its schema) the SQL calls, at the query's filter (or first sort key).
    static func functionDiagnostics(of compiled: CompiledQuery) -> [Diagnostic] {
        var names = PostgreSQLFunctions.calledFunctions(in: compiled.sql)
        for collation in SiftCollation.all {
            let quoted = "\"" + PostgreSQLFunctions.schema + "\".\"" + collation.postgreSQLName + "\""
            if compiled.sql.contains(quoted) { names.append(PostgreSQLFunctions.schema + "." + collation.postgreSQLName) }
        }
        let range = compiled.query.filter?.range ?? compiled.query.sort.first?.range ?? .point(0)
        return names.map { name in
            Diagnostic.error(
                needsExtension, "this query calls '\(name)', one of Sift's functions: PostgreSQL has no exact built-in form of it", at: range,
                notes: [
                    Diagnostic.Note(
                        "drop '--portable' (in the REPL: '.portable off') and install Sift's functions in the database ('sift install-functions URI', or psql -f SQL/postgresql-functions.sql)")
                ])
        }
    }

    /// The diagnostics of a portable lowering: one per construct refused, or one for the whole
    /// query when its SQL calls Sift's functions and no construct accounts for it.
    func portabilityDiagnostics(sql: String) -> [Diagnostic] {
        var found = nonPortable
        if found.isEmpty, SiftCallScan.callsSift(sql) {
            found.append((
                "this query has no exact form in SQLite's built-in functions",
                query.filter?.range ?? query.selection?.columns.first?.value.range ?? query.sort.first?.range ?? .point(0)
            ))
        }
        // A construct refused because a part of it was (a comparison of a refused division) is
        // not named again: the innermost constructs are the ones to name, and one remedy serves all.
        let all = found
        found.removeAll { outer in
            all.contains { inner in
                inner.range != outer.range && inner.range.start >= outer.range.start && inner.range.end <= outer.range.end
            }
        }
        var seen = Set<String>()
        return found.compactMap { message, range in
            guard seen.insert("\(range.start):\(range.end):\(message)").inserted else { return nil }
            return Diagnostic.error(
                Self.needsExtension, message, at: range,
                notes: [Self.portableRemedy])
        }
    }

    /// What to do when portable SQL is refused.
    static let portableRemedy = Diagnostic.Note(
        "drop '--portable' (in the REPL: '.portable off') and load Sift's SQLite extension where the SQL runs ('sift extension-path' prints its path)")

    /// Whether a text value is known to be in `needed` form (NFC, or ASCII) — a bound value or a
    /// value built from known ones, or a bare column the facts say so of — recording the
    /// assumption the SQL then makes of the column.
    mutating func isPortableText(_ value: Lowered, atLeast needed: TextValueForm) -> Bool {
        if value.textForm >= needed { return true }
        if needed == .nfc, value.sql.isSingleBinding || value.sql.isNullLiteral { return true }
        guard let column = value.column else { return false }
        if needed == .nfc, knownForm(of: column) == .nfc {
            textColumns.assume(.nfc, for: column)
            return true
        }
        _ = knownForm(of: column)  // asked: a candidate for facts
        guard textColumns.isASCII(column) else { return false }
        textColumns.assume(.ascii, for: column)
        return true
    }

    /// The strongest form a text value is known to be in (recording what the SQL assumes of a
    /// bare column for it), for a value built from it.
    mutating func portableForm(of value: Lowered) -> TextValueForm {
        if isPortableText(value, atLeast: .ascii) { return .ascii }
        if isPortableText(value, atLeast: .nfc) { return .nfc }
        return .unknown
    }

    /// The form of a bound string constant: ASCII without NUL or carriage return, or NFC (it is
    /// bound normalised).
    static func boundForm(of text: String) -> TextValueForm {
        text.utf8.allSatisfy { $0 != 0 && $0 != 0x0D && $0 < 0x80 } ? .ascii : .nfc
    }

    /// `Int` arithmetic in portable SQL: exactly the checked arithmetic of Sift's functions, each
    /// operand evaluated once, as a subquery:
    /// `(SELECT "a" + "b" FROM (SELECT lhs AS "a", rhs AS "b") WHERE typeof("a") = 'integer' AND
    /// typeof("b") = 'integer' AND typeof("a" + "b") = 'integer')`. SQLite's `+`, `-`, `*` and `/`
    /// of two integers give a REAL exactly when the result does not fit in 64 bits (`Int.min / -1`
    /// included) and NULL for a zero divisor; its `%` gives 0 for `Int.min % -1`, where Swift
    /// traps, so that case is left out. What is left out is NULL: a trap, as Sift's functions
    /// give it (also for an operand that is not an integer). nil where there is no exact form (a
    /// sized integer type).
    func portableIntegerArithmetic(_ op: ArithmeticOperator, _ left: Lowered, _ right: Lowered, type: SiftType) -> Lowered? {
        if let kind = type.integerKind, kind.bitWidth < 64 || !kind.isSigned { return nil }
        var result = SQLFragment("\"a\"")
        result += Self.sqlSymbol(op)
        result += "\"b\""
        var sql: SQLFragment = "(SELECT " + result + " FROM (SELECT " + left.sql + " AS \"a\", " + right.sql + " AS \"b\")"
        sql += " WHERE typeof(\"a\") = 'integer' AND typeof(\"b\") = 'integer' AND typeof(" + result + ") = 'integer'"
        if op == .remainder {
            sql += " AND (\"b\" <> -1 OR \"a\" <> "
            sql.appendBinding(.constant(.integer(.min)))
            sql += ")"
        }
        sql += ")"
        return Lowered(sql, mayTrap: true, isAtomic: true)
    }

    /// `-x` of an `Int`: NULL for `Int.min`, whose negation SQLite gives as a REAL (as above).
    func portableIntegerNegation(_ operand: Lowered) -> Lowered {
        let sql: SQLFragment =
            "(SELECT -\"a\" FROM (SELECT " + operand.sql + " AS \"a\") WHERE typeof(\"a\") = 'integer' AND typeof(-\"a\") = 'integer')"
        return Lowered(sql, mayTrap: true, isAtomic: true)
    }

    /// `Int(x)` of a `Double`: truncation, NULL (a trap) for a value out of `Int`'s range (NaN
    /// and the infinities included), as Sift's function gives.
    func portableDoubleToInt(_ operand: Lowered) -> Lowered {
        let sql: SQLFragment =
            "(SELECT CAST(\"value\" AS INTEGER) FROM (SELECT " + operand.sql
            + " AS \"value\") WHERE \"value\" >= -9223372036854775808.0 AND \"value\" < 9223372036854775808.0)"
        return Lowered(sql, mayTrap: true, isAtomic: true)
    }

    /// `caseInsensitiveCompare` of two ASCII texts (no NUL, no carriage return) as -1, 0 or 1:
    /// Foundation's order of such texts is the byte order of their ASCII lower case
    /// (`(lower(a) > lower(b)) - (lower(a) < lower(b))`, NULL when either is). nil unless both are
    /// known to be ASCII.
    mutating func portableCaseInsensitiveCompare(_ left: Lowered, _ right: Lowered) -> Lowered? {
        guard isPortableText(left, atLeast: .ascii), isPortableText(right, atLeast: .ascii) else { return nil }
        let a = "lower(" + left.sql + ")"
        let b = "lower(" + right.sql + ")"
        return Lowered("((" + a + " > " + b + ") - (" + a + " < " + b + "))", mayTrap: left.mayTrap || right.mayTrap, isAtomic: true)
    }

    /// `haystack.contains(needle)`, `hasPrefix`, `hasSuffix` on ASCII text (no NUL, no carriage
    /// return: each byte a character) and an NFC needle, in SQLite's byte-wise functions: nil when
    /// the facts do not say so. Exact: a needle found among the characters of ASCII text is ASCII,
    /// and its bytes are found in the text's where its characters are.
    mutating func portableStringTest(_ test: StringTest, haystack: Lowered, needle: Lowered) -> Lowered? {
        guard test != .localizedStandardContains, isPortableText(haystack, atLeast: .ascii), isPortableText(needle, atLeast: .nfc) else {
            return nil
        }
        let mayTrap = haystack.mayTrap || needle.mayTrap
        switch test {
        case .contains:
            return Lowered("instr(" + haystack.sql + ", " + needle.sql + ") > 0", mayTrap: mayTrap).with(.comparison)
        case .hasPrefix:
            if haystack.column != nil, !haystack.isOptional, needle.sql.isSingleBinding {
                // An index range: every ASCII text that starts with the needle is below the needle
                // followed by U+10FFFF, whose first byte is above every ASCII byte.
                let sql: SQLFragment =
                    haystack.sql + " >= " + needle.sql + " AND " + haystack.sql + " < (" + needle.sql + " || char(1114111))"
                return Lowered(sql, mayTrap: mayTrap).with(.and)
            }
            return Lowered("substr(" + haystack.sql + ", 1, length(" + needle.sql + ")) = " + needle.operand, mayTrap: mayTrap).with(.comparison)
        case .hasSuffix:
            // `length` stops at a NUL: a needle with one is then compared whole, and found nowhere,
            // as in ASCII text without NUL.
            let sql: SQLFragment =
                "substr(" + haystack.sql + ", length(" + haystack.sql + ") - length(" + needle.sql + ") + 1) = " + needle.operand
            return Lowered(sql, mayTrap: mayTrap).with(.comparison)
        case .localizedStandardContains:
            return nil
        }
    }
}
