import SiftChecker
import SiftSchema

/// StructuredQueries' scalar functions, bitwise shifts and date functions in a dialect other than
/// SQLite's (PostgreSQL's), with SQLite's answer: PostgreSQL's built-in expression where it answers
/// as SQLite does on every value a column holds, a function of the schema `sift` (`sift.sqlite_*`)
/// where it does not (`substr`'s counting, `round`'s halves and digits, shifts by 64 or more,
/// `strftime`).
extension LoweringContext {
    /// `Int` values are `bigint`s here, as SQLite's are 64-bit whatever the column's declared width.
    private func asBigint(_ value: Lowered, _ expr: TypedExpr) -> SQLFragment {
        expr.type.unwrapped.isInteger ? "CAST(" + value.sql + " AS bigint)" : value.sql
    }

    private func siftSQLiteCall(_ name: String, _ arguments: [SQLFragment]) -> SQLFragment {
        var sql = SQLFragment(PostgreSQLFunctions.schema + "." + name + "(")
        for (index, argument) in arguments.enumerated() {
            if index > 0 { sql += ", " }
            sql += argument
        }
        return sql + ")"
    }

    /// SQLite's `name(operand, argument, ...)` written for another dialect.
    mutating func lowerSQLFunctionElsewhere(_ function: SQLScalarFunction, _ operands: [TypedExpr], isOptional: Bool) -> Lowered {
        let first = lowerSQLOperand(operands[0], toMatch: nil)
        var arguments = [first.sql]
        for operand in operands.dropFirst() {
            arguments.append(lowerSQLOperand(operand, toMatch: function == .nullif ? first : nil).sql)
        }
        let asciiUpper: StaticString = "'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"
        let asciiLower: StaticString = "'abcdefghijklmnopqrstuvwxyz'"
        let sql: SQLFragment
        switch function {
        // PostgreSQL's `length` counts code points, as SQLite's (a PostgreSQL text has no NUL), and a
        // `bytea`'s bytes.
        case .length: sql = "length(" + arguments[0] + ")"
        // SQLite folds ASCII letters only.
        case .lower: sql = "translate(" + arguments[0] + ", " + asciiUpper + ", " + asciiLower + ")"
        case .upper: sql = "translate(" + arguments[0] + ", " + asciiLower + ", " + asciiUpper + ")"
        // Any of the characters, from the ends: PostgreSQL's `btrim`, `ltrim`, `rtrim` (spaces without them).
        case .trim: sql = "btrim(" + arguments[0] + (arguments.count > 1 ? ", " + arguments[1] : SQLFragment()) + ")"
        case .ltrim: sql = "ltrim(" + arguments[0] + (arguments.count > 1 ? ", " + arguments[1] : SQLFragment()) + ")"
        case .rtrim: sql = "rtrim(" + arguments[0] + (arguments.count > 1 ? ", " + arguments[1] : SQLFragment()) + ")"
        // `abs` of the smallest `bigint` fails the statement ("bigint out of range"), as SQLite fails it.
        case .abs: sql = "abs(" + asBigint(first, operands[0]) + ")"
        case .sign:
            sql = operands[0].type.unwrapped.isInteger
                ? "CAST(sign(CAST(" + first.sql + " AS numeric)) AS bigint)" : "sign(" + first.sql + ")"
        // Halves away from zero; to digits, SQLite's printf and read-back in 80-bit arithmetic.
        case .round: sql = siftSQLiteCall("sqlite_round", arguments)
        case .nullif: sql = "nullif(" + arguments[0] + ", " + arguments[1] + ")"
        // `strpos` finds the first match by bytes and counts characters; "" is found at 1.
        case .instr: sql = "CAST(strpos(" + arguments[0] + ", " + arguments[1] + ") AS bigint)"
        case .substr: sql = siftSQLiteCall("sqlite_substr", arguments)
        // Left to right, by bytes; the text itself for an empty pattern.
        case .replace: sql = "replace(" + arguments[0] + ", " + arguments[1] + ", " + arguments[2] + ")"
        case .octetLength: sql = "CAST(octet_length(" + arguments[0] + ") AS bigint)"
        case .quote: sql = "coalesce('''' || replace(" + arguments[0] + ", '''', '''''') || '''', 'NULL')"
        case .hex: sql = "coalesce(translate(encode(" + arguments[0] + ", 'hex'), 'abcdef', 'ABCDEF'), '')"
        // `ascii` is the first code point in a UTF8 database, 0 for "".
        case .unicode: sql = "CAST(nullif(ascii(" + arguments[0] + "), 0) AS bigint)"
        case .likely, .unlikely: sql = "(" + arguments[0] + ")"
        // SQLite's blobs of a count: the query is refused in this dialect (`sqliteOnlyName`), its
        // SQL never runs.
        case .zeroblob, .randomblob: sql = SQLFragment("NULL")
        }
        return Lowered(sql, isOptional: isOptional, isAtomic: true)
    }

    /// `a << b`, `a >> b` with SQLite's rules for shifts by 64 or more and negative shifts.
    mutating func lowerSQLShiftElsewhere(_ op: SQLBitwiseOperator, _ operands: [TypedExpr], isOptional: Bool) -> Lowered {
        let left = lowerSQLOperand(operands[0], toMatch: nil)
        let right = lowerSQLOperand(operands[1], toMatch: nil)
        let direction = SQLFragment(op == .shiftLeft ? "TRUE" : "FALSE")
        return Lowered(siftSQLiteCall("sqlite_shift", [left.sql, right.sql, direction]), isOptional: isOptional, isAtomic: true)
    }

    /// `CAST(sift.sqlite_strftime('%Y', date) AS bigint)` and `sift.sqlite_strftime(format, date)`:
    /// ISO-8601 text read as SQLite reads it, seconds (since 1970, or since 2001 moved to 1970) as
    /// `'unixepoch'` reads them.
    mutating func lowerSQLDateFunctionElsewhere(_ operation: SQLOperation, _ operands: [TypedExpr], isOptional: Bool) -> Lowered {
        let date = lowerSQLOperand(operands[0], toMatch: nil)
        let storage: Storage
        switch operation {
        case .datePart(_, let given), .strftime(let given): storage = given
        default: return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
        let moment: SQLFragment
        switch storage {
        case .dateUnixSeconds: moment = "CAST(" + date.sql + " AS float8)"
        case .dateReferenceSeconds: moment = "CAST((" + date.sql + " + 978307200) AS float8)"
        default: moment = "CAST(" + date.sql + " AS text)"
        }
        if case .datePart(let part, _) = operation {
            let type: StaticString = part == .fractionalSecond ? " AS float8)" : " AS bigint)"
            let call = siftSQLiteCall("sqlite_strftime", ["'" + SQLFragment(part.rawValue) + "'", moment])
            return Lowered("CAST(" + call + type, isOptional: isOptional, isAtomic: true)
        }
        let format = lowerSQLOperand(operands[1], toMatch: nil)
        return Lowered(siftSQLiteCall("sqlite_strftime", [format.sql, moment]), isOptional: true, isAtomic: true)
    }
}
