import SiftChecker
import SiftSchema

/// The lowering of StructuredQueries' scalar operators (``SiftChecker/SQLOperation``'s
/// `collate`, `customCollate`, `likeEscaped`, `isInArray` and `function`): the SQL operator or
/// function itself over the operands' stored values, every argument bound or a column. An
/// operand that is not a bare value is parenthesised, so no precedence of SQL's decides the
/// meaning. A collation the application registers is named by a quoted identifier.
extension LoweringContext {
    mutating func lowerSQLScalarOperation(_ operation: SQLOperation, _ operands: [TypedExpr], type: SiftType) -> Lowered {
        let isOptional = type.isOptional
        switch operation {
        case .collate(let collation):
            let value = lowerSQLOperand(operands[0], toMatch: nil)
            let name: StaticString =
                switch collation {
                // Another dialect's byte order (PostgreSQL's "C"); NOCASE and RTRIM are refused there.
                case .binary where !writesInPlace: " COLLATE \"C\""
                case .binary: " COLLATE BINARY"
                case .nocase: " COLLATE NOCASE"
                case .rtrim: " COLLATE RTRIM"
                }
            return Lowered(value.operand(inside: .comparison) + name, isOptional: isOptional)
        case .customCollate(let name):
            let value = lowerSQLOperand(operands[0], toMatch: nil)
            return Lowered(value.operand(inside: .comparison) + " COLLATE " + .identifier(name), isOptional: isOptional)
        case .likeEscaped:
            let string = lowerSQLOperand(operands[0], toMatch: nil)
            let pattern = lowerSQLOperand(operands[1], toMatch: nil)
            let escape = lowerSQLOperand(operands[2], toMatch: nil)
            return Lowered(
                string.operand(inside: .comparison) + " LIKE " + pattern.operand(inside: .comparison) + " ESCAPE " + escape.operand(inside: .comparison),
                isOptional: isOptional
            ).with(.comparison)
        case .isInArray:
            let value = lowerSQLOperand(operands[0], toMatch: nil)
            guard case .parameter(let name) = tree[operands[1]], case .array(let element) = operands[1].type.kind else {
                return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
            }
            var elementEncoding = encoding(toMatch: value, type: element)
            if element.unwrapped == .string { elementEncoding = .verbatimText }
            let table = dialect.jsonArrayElements(.binding(.parameter(name: name, encoding: .jsonArray(element: elementEncoding))), alias: alias("element"))
            return Lowered(value.operand(inside: .comparison) + " IN (SELECT " + table.value + " FROM " + table.from + ")", isOptional: isOptional)
                .with(.comparison)
        case .function(let function):
            if !writesInPlace { return lowerSQLFunctionElsewhere(function, operands, isOptional: isOptional) }
            return lowerSQLFunction(function, operands, isOptional: isOptional)
        default:
            return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true)
        }
    }

    /// `name(operand, argument, ...)`. `octetLength()` is `length(CAST(x AS BLOB))`, the bytes
    /// `octet_length` counts, which SQLite before 3.43 does not have.
    mutating func lowerSQLFunction(_ function: SQLScalarFunction, _ operands: [TypedExpr], isOptional: Bool) -> Lowered {
        var sql = SQLFragment()
        if function == .octetLength {
            sql += "length(CAST("
            sql += lowerSQLOperand(operands[0], toMatch: nil).sql
            sql += " AS BLOB))"
            return Lowered(sql, isOptional: isOptional, isAtomic: true)
        }
        sql += SQLFragment(function.rawValue)
        sql += "("
        let first = lowerSQLOperand(operands[0], toMatch: nil)
        sql += first.sql
        for operand in operands.dropFirst() {
            sql += ", "
            // `nullif`'s second value is stored as the first is (a date, a UUID).
            sql += lowerSQLOperand(operand, toMatch: function == .nullif ? first : nil).sql
        }
        sql += ")"
        return Lowered(sql, isOptional: isOptional, isAtomic: true)
    }
}
