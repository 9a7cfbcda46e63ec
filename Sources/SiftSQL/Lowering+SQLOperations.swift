import SiftChecker
import SiftSchema
import SiftSyntax

/// The lowering of operations whose meaning is not Swift's (``SiftChecker/SQLOperation``, what
/// StructuredQueries and format strings write): the SQL operator itself, over the operands'
/// stored values. Nothing is added for Swift's meaning: NULL propagates as SQL says, strings
/// compare by their bytes, `LIKE` folds ASCII case; a string is bound exactly as given. Core
/// Data's own operators are in `Lowering+CoreData`.
extension LoweringContext {
    mutating func lowerSQLOperation(_ operation: SQLOperation, _ operands: [TypedExpr], type: SiftType) -> Lowered {
        let isOptional = type.isOptional
        if !writesInPlace, let name = Self.sqliteOnlyName(of: operation, operandCount: operands.count) {
            let range = operands.dropFirst().reduce(operands.first?.range ?? .point(0)) { $0.union($1.range) }
            let message = "\(name) has no form in this SQL dialect: " + Self.sqliteOnlyRemedy(of: operation)
            // Once per place: a row's `jsonObject()` writes `json(...)` for several of its columns there.
            if !unsupported.contains(where: { $0.message == message && $0.range == range }) { unsupported.append((message, range)) }
        }
        switch operation {
        case .highlight, .snippet:
            return lowerFullTextFunction(operation, operands, type: type)
        case .collate, .customCollate, .likeEscaped, .isInArray, .function:
            return lowerSQLScalarOperation(operation, operands, type: type)
        case .compare(let op):
            if operands[0].type.unwrapped == .date, var instant = timestampParameterComparison(op, operands[0], operands[1], nilMeetsNil: false) {
                instant.isOptional = isOptional
                return instant
            }
            let (left, right) = lowerSQLPair(operands[0], operands[1])
            let symbol: StaticString =
                switch op {
                case .equal: " = "
                case .notEqual: " <> "
                case .less: " < "
                case .lessEqual: " <= "
                case .greater: " > "
                case .greaterEqual: " >= "
                }
            var rightOperand = right.operand(inside: .comparison)
            if op != .equal, op != .notEqual, operands[0].type.unwrapped.isString { rightOperand = inCodePointOrder(right).sql }
            return Lowered(left.operand(inside: .comparison) + symbol + rightOperand, isOptional: isOptional).with(.comparison)
        case .isIdentical(let negated):
            let (left, right) = lowerSQLPair(operands[0], operands[1])
            if !writesInPlace {
                return Lowered(
                    dialect.nullSafeEqual(left.operand(inside: .comparison), right.operand(inside: .comparison), negated: negated)
                ).with(.comparison)
            }
            let symbol: StaticString = negated ? " IS NOT " : " IS "
            return Lowered(left.operand(inside: .comparison) + symbol + right.operand(inside: .comparison)).with(.comparison)
        case .logical(let op):
            // In groups of at most 64 (a format string's `IN` of many elements is one `OR`), so
            // that SQLite's expression depth limit is not met.
            let precedence: SQLPrecedence = op == .and ? .and : .or
            let terms = operands.map { lowerSQLOperand($0, toMatch: nil).operand(inside: precedence) }
            var result = balanced(terms, separator: op == .and ? " AND " : " OR ", mayTrap: false).with(precedence)
            result.isOptional = isOptional
            return result
        case .not:
            let operand = lowerSQLOperand(operands[0], toMatch: nil)
            return Lowered("NOT " + operand.operand(inside: .not), isOptional: isOptional).with(.not)
        case .like(let anyBefore, let anyAfter):
            let string = lowerSQLOperand(operands[0], toMatch: nil)
            let pattern: SQLFragment
            if case .constant(.string(let text)) = tree[operands[1]] {
                // One bound pattern, as StructuredQueries binds "%\(text)%".
                pattern = .binding(.constant(.text((anyBefore ? "%" : "") + text + (anyAfter ? "%" : ""))))
            } else {
                var concatenated = lowerSQLOperand(operands[1], toMatch: nil).operand
                if anyBefore { concatenated = "'%' || " + concatenated }
                if anyAfter { concatenated = concatenated + " || '%'" }
                pattern = anyBefore || anyAfter ? concatenated.parenthesized : concatenated
            }
            guard writesInPlace else {
                return Lowered(dialect.like(string.operand(inside: .comparison), pattern), isOptional: isOptional).with(.comparison)
            }
            return Lowered(string.operand(inside: .comparison) + " LIKE " + pattern, isOptional: isOptional).with(.comparison)
        case .glob:
            let string = lowerSQLOperand(operands[0], toMatch: nil)
            let pattern = lowerSQLOperand(operands[1], toMatch: nil)
            if !writesInPlace {
                // SQLite's GLOB, written as a regular expression by Sift's function (NULL for NULL).
                return Lowered(SQLFragment(PostgreSQLFunctions.schema + ".glob(") + string.sql + ", " + pattern.sql + ")", isOptional: isOptional, isAtomic: true)
            }
            return Lowered(string.operand(inside: .comparison) + " GLOB " + pattern.operand(inside: .comparison), isOptional: isOptional)
                .with(.comparison)
        case .isIn:
            let value = lowerSQLOperand(operands[0], toMatch: nil)
            var list = SQLFragment()
            for (index, element) in operands.dropFirst().enumerated() {
                if index > 0 { list += ", " }
                list += lowerSQLOperand(element, toMatch: value).sql
            }
            return Lowered(value.operand(inside: .comparison) + " IN (" + list + ")", isOptional: isOptional).with(.comparison)
        case .between:
            var value = lowerSQLOperand(operands[0], toMatch: nil)
            if operands[0].type.unwrapped.isString { value = inCodePointOrder(value) }
            let low = lowerSQLOperand(operands[1], toMatch: value)
            let high = lowerSQLOperand(operands[2], toMatch: value)
            return Lowered(
                value.operand(inside: .comparison) + " BETWEEN " + low.operand(inside: .comparison) + " AND " + high.operand(inside: .comparison),
                isOptional: isOptional
            ).with(.comparison)
        case .fullTextMatch:
            guard let row = row(of: operands[0]) else { return constantBool(false) }
            let text = lowerSQLOperand(operands[1], toMatch: nil)
            // The FTS5 table's hidden column of its own name, through the row's alias.
            return Lowered(.column(row.alias, row.model.tableName) + " MATCH " + text.operand(inside: .comparison)).with(.comparison)
        case .fullTextPhrase(let column):
            guard let row = row(of: operands[0]) else { return constantBool(false) }
            let phrase: SQLFragment
            if case .constant(.string(let words)) = tree[operands[1]] {
                phrase = .binding(.constant(.text(column + ":\"" + words.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"")))
            } else {
                // `'title:"' || replace(words, '"', '""') || '"'`, the column's name bound too.
                let words = lowerSQLOperand(operands[1], toMatch: nil)
                phrase = ("(" + SQLFragment.binding(.constant(.text(column + ":\""))) + " || replace(" + words.sql
                    + ", '\"', '\"\"') || '\"')")
            }
            return Lowered(.column(row.alias, row.model.tableName) + " MATCH " + phrase).with(.comparison)
        case .rank:
            guard let row = row(of: operands[0]) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
            return Lowered(.column(row.alias, "rank"), isAtomic: true)
        case .bm25(let weights):
            guard let row = row(of: operands[0]) else { return Lowered(SQLFragment("NULL"), isOptional: true, isAtomic: true) }
            var sql: SQLFragment = "bm25(" + .column(row.alias, row.model.tableName)
            for weight in weights {
                sql += ", "
                sql += .binding(.constant(.real(weight)))
            }
            sql += ")"
            return Lowered(sql, isAtomic: true)
        case .coreData(let op, let options):
            return lowerCoreDataTest(op, options, operands[0], operands[1])
        case .collectionAggregate(let op, let element):
            return lowerCoreDataAggregate(op, operands[0], element, operands[1])
        case .arithmetic(let op):
            let (left, right) = lowerSQLPair(operands[0], operands[1])
            return Lowered("(" + left.sql + " " + SQLFragment(op.rawValue) + " " + right.sql + ")", isOptional: isOptional, isAtomic: true)
        case .negate:
            let operand = lowerSQLOperand(operands[0], toMatch: nil)
            return Lowered("-(" + operand.sql + ")", isOptional: isOptional, isAtomic: true)
        case .bitwise(let op):
            if !writesInPlace, op == .shiftLeft || op == .shiftRight { return lowerSQLShiftElsewhere(op, operands, isOptional: isOptional) }
            let left = lowerSQLOperand(operands[0], toMatch: nil)
            let right = lowerSQLOperand(operands[1], toMatch: nil)
            return Lowered("(" + left.sql + " " + SQLFragment(op.rawValue) + " " + right.sql + ")", isOptional: isOptional, isAtomic: true)
        case .bitwiseNot:
            let operand = lowerSQLOperand(operands[0], toMatch: nil)
            return Lowered("~(" + operand.sql + ")", isOptional: isOptional, isAtomic: true)
        case .datePart, .strftime:
            if !writesInPlace { return lowerSQLDateFunctionElsewhere(operation, operands, isOptional: isOptional) }
            return lowerSQLDateFunction(operation, operands, isOptional: isOptional)
        case .modifiedDate(let storage, let fromNow):
            return lowerModifiedDate(storage: storage, fromNow: fromNow, operands, isOptional: isOptional)
        case .jsonObject:
            var sql = SQLFragment("json_object(")
            for (index, operand) in operands.enumerated() {
                if index > 0 { sql += ", " }
                sql += lowerSQLOperand(operand, toMatch: nil).sql
            }
            return Lowered(sql + ")", isOptional: isOptional, isAtomic: true)
        case .json, .jsonArrayLength:
            let operand = lowerSQLOperand(operands[0], toMatch: nil)
            return Lowered(SQLFragment(operation == .json ? "json(" : "json_array_length(") + operand.sql + ")", isOptional: isOptional, isAtomic: true)
        case .concatenate:
            let left = lowerSQLOperand(operands[0], toMatch: nil)
            let right = lowerSQLOperand(operands[1], toMatch: nil)
            return Lowered("(" + left.sql + " || " + right.sql + ")", isOptional: isOptional, isAtomic: true)
        case .coalesce, .ifNull:
            let (value, fallback) = lowerSQLPair(operands[0], operands[1])
            let function = operation == .coalesce || !writesInPlace ? "coalesce(" : "ifnull("
            return Lowered(SQLFragment(function) + value.sql + ", " + fallback.sql + ")", isOptional: isOptional, isAtomic: true, storage: value.storage)
        case .caseWhen(let hasBase, let hasElse):
            var sql = SQLFragment("CASE")
            var rest = operands[...]
            var base: Lowered?
            if hasBase, let first = rest.popFirst() {
                let lowered = lowerSQLOperand(first, toMatch: nil)
                base = lowered
                sql += " " + lowered.sql
            }
            var results: Lowered?
            while rest.count >= 2 {
                let test = rest.removeFirst()
                let value = rest.removeFirst()
                sql += " WHEN " + lowerSQLOperand(test, toMatch: base).sql
                let lowered = lowerSQLOperand(value, toMatch: results)
                results = results ?? lowered
                sql += " THEN " + lowered.sql
            }
            if hasElse, let last = rest.first { sql += " ELSE " + lowerSQLOperand(last, toMatch: results).sql }
            sql += " END"
            return Lowered(sql, isOptional: isOptional, isAtomic: true, storage: results?.storage)
        }
    }

    /// The name of an operation only Sift's SQLite dialect writes (FTS5's, Core Data's, SQLite's
    /// collations `NOCASE` and `RTRIM`, a collation registered on a SQLite connection), for the
    /// refusal in another dialect. SQLite's scalar functions, bitwise operators and date functions
    /// have SQLite's answer there too (`Lowering+SQLiteFunctionsElsewhere`); `BINARY` is byte order.
    static func sqliteOnlyName(of operation: SQLOperation, operandCount: Int) -> String? {
        switch operation {
        case .collate(let collation) where collation != .binary: "SQLite's collation \(collation.rawValue)"
        case .customCollate(let name): "the collation '\(name)' registered on a SQLite connection"
        case .function(let function) where function == .zeroblob || function == .randomblob: "SQLite's '\(function.rawValue)'"
        case .modifiedDate: "SQLite's date modifier ('\(operation.name)', 'strftime', 'unixepoch')"
        case .json, .jsonArrayLength, .jsonObject: "SQLite's JSON function '\(operation.name)'"
        case .fullTextMatch, .fullTextPhrase: "SQLite's full-text search ('match', FTS5)"
        case .rank: "SQLite's full-text 'rank' (FTS5)"
        case .bm25: "SQLite's full-text 'bm25' (FTS5)"
        case .coreData, .collectionAggregate: "a format string's operator with Core Data's meaning"
        default: nil
        }
    }

    /// Why an operation of ``sqliteOnlyName(of:operandCount:)`` has no form elsewhere, and what to do.
    static func sqliteOnlyRemedy(of operation: SQLOperation) -> String {
        switch operation {
        case .coreData, .collectionAggregate:
            "Core Data's case and diacritic folding, LIKE and MATCHES are Sift's SQLite functions; run the query on a SQLite database, or write it as a #Predicate"
        case .collate:
            "it folds ASCII letters (NOCASE) or ignores trailing spaces (RTRIM) in every comparison and sort the value takes part in, and PostgreSQL has no such collation; compare 'lower()' or 'rtrim()' of the values, or run the query on a SQLite database"
        case .fullTextMatch, .fullTextPhrase, .rank, .bm25:
            "FTS5 tables exist only in SQLite (PostgreSQL's text search tokenizes and ranks otherwise); run the query on the SQLite database"
        default:
            "its answer is SQLite's own; run the query on a SQLite database"
        }
    }

    /// Two operands, the one that reads a column deciding how the other is encoded.
    mutating func lowerSQLPair(_ first: TypedExpr, _ second: TypedExpr) -> (Lowered, Lowered) {
        if isColumnLike(second), !isColumnLike(first) {
            let right = lowerSQLOperand(second, toMatch: nil)
            return (lowerSQLOperand(first, toMatch: right), right)
        }
        let left = lowerSQLOperand(first, toMatch: nil)
        return (left, lowerSQLOperand(second, toMatch: left))
    }

    /// An operand, as stored: a string constant or parameter bound exactly as given, a date or
    /// UUID in the storage of the column it meets (`other`).
    mutating func lowerSQLOperand(_ expr: TypedExpr, toMatch other: Lowered?) -> Lowered {
        switch tree[expr] {
        case .constant(.string(let text)):
            return Lowered(.binding(.constant(.text(text))), isAtomic: true)
        case .parameter(let name) where expr.type.unwrapped == .string:
            return Lowered(.binding(.parameter(name: name, encoding: .verbatimText)), isOptional: expr.type.isOptional, isAtomic: true)
        case .injectOptional(let inner):
            var lowered = lowerSQLOperand(inner, toMatch: other)
            lowered.isOptional = true
            return lowered
        default:
            let hint = other.map { encoding(toMatch: $0, type: expr.type) } ?? .plain
            var lowered = lowerValue(expr, hint: hint)
            lowered.column = nil
            return lowered
        }
    }
}
