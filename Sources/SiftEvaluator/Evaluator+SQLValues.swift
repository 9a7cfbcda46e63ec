import Foundation
import SiftChecker
import SiftSchema

/// The values StructuredQueries' selections compute, with SQLite's answer (its `vdbe.c`, 3.40):
/// arithmetic on 64-bit integers that turns to REAL where it would overflow, a division or
/// remainder by zero NULL; `||` of texts; `coalesce`/`ifnull`; `CASE`. NULL in, NULL out.
extension ExpressionEvaluator {
    func sqlValueOperation(_ operation: SQLOperation, _ operands: [TypedExpr]) throws -> Value {
        switch operation {
        case .arithmetic(let op):
            return try SQLiteArithmetic.apply(op, Self.plain(try evaluate(operands[0])), Self.plain(try evaluate(operands[1])))
        case .negate:
            // SQLite writes `-x` as `0 - x`: the smallest integer becomes a REAL, `-0.0` is `0.0`.
            return try SQLiteArithmetic.apply(.subtract, .int(0), Self.plain(try evaluate(operands[0])))
        case .concatenate:
            let left = Self.plain(try evaluate(operands[0]))
            let right = Self.plain(try evaluate(operands[1]))
            guard let a = try sqlText(left, storage: storedForm(of: operands[0])), let b = try sqlText(right, storage: storedForm(of: operands[1]))
            else { return .null }
            return .string(a + b)
        case .coalesce, .ifNull:
            // The first operand that is not NULL; the others are not evaluated.
            for operand in operands {
                let value = Self.plain(try evaluate(operand))
                if value != .null { return value }
            }
            return .null
        case .caseWhen(let hasBase, let hasElse):
            var rest = operands[...]
            var base: (value: SQLScalar?, collation: SQLCollation?)?
            if hasBase, let first = rest.popFirst() { base = (SQLScalar(try evaluate(first)), explicitCollation(first)) }
            while rest.count >= 2 {
                let test = rest.removeFirst()
                let result = rest.removeFirst()
                let chosen: Bool
                if let base {
                    // `CASE x WHEN y` is `x = y`: NULL on either side matches nothing.
                    guard let x = base.value, let y = SQLScalar(try evaluate(test)) else { continue }
                    chosen = SQLScalar.compare(x, y, collation: base.collation ?? explicitCollation(test)) == 0
                } else {
                    chosen = try holds(test)
                }
                if chosen { return Self.plain(try evaluate(result)) }
            }
            if hasElse, let last = rest.first { return Self.plain(try evaluate(last)) }
            return .null
        default:
            throw EvaluationError.malformedTree("\(operation.name) is not a value operation")
        }
    }

    /// The storage a value of `expr` keeps in SQL (its column's, through optionals, `coalesce`,
    /// `CASE`, `min`/`max` and `COLLATE`); nil for a computed value.
    func storedForm(of expr: TypedExpr) -> Storage? {
        switch tree[expr] {
        case .attribute(_, let attribute): return attribute.storage
        case .optionalMap(_, _, let body): return storedForm(of: body)
        case .injectOptional(let inner): return storedForm(of: inner)
        case .sql(.collate, let operands): return storedForm(of: operands[0])
        case .sql(.coalesce, let operands), .sql(.ifNull, let operands): return operands.lazy.compactMap { self.storedForm(of: $0) }.first
        case .sql(.caseWhen(let hasBase, let hasElse), let operands):
            // The `THEN` values, then the `ELSE` value.
            let rest = Array(operands.dropFirst(hasBase ? 1 : 0))
            var results = stride(from: 1, to: rest.count, by: 2).map { rest[$0] }
            if hasElse, let last = rest.last { results.append(last) }
            return results.lazy.compactMap { self.storedForm(of: $0) }.first
        case .aggregate(let call) where call.function == .min || call.function == .max: return call.argument.flatMap { storedForm(of: $0) }
        default: return nil
        }
    }

    /// A value's text as SQLite converts it (`||`, `group_concat`): a number in decimal (a REAL
    /// as ``SQLiteRealText`` writes it), a `Bool` as `0`/`1`, an enum's raw value, a date as its
    /// storage holds it; nil for NULL.
    func sqlText(_ value: Value, storage: Storage?) throws -> String? {
        switch Self.plain(value) {
        case .null: return nil
        case .string(let text): return text
        case .bool(let flag): return flag ? "1" : "0"
        case .int(let integer): return String(integer)
        case .uint(let integer): return String(integer)
        case .double(let real): return SQLiteRealText.text(real)
        case .enumCase(let value):
            switch value.rawValue {
            case .int(let raw): return String(raw)
            case .string(let raw): return raw
            }
        case .date(let date):
            switch storage {
            case .dateUnixSeconds?: return Self.secondsText(date.timeIntervalSince1970)
            case .dateReferenceSeconds?: return SQLiteRealText.text(date.timeIntervalSinceReferenceDate)
            default: return Self.isoText(date)
            }
        case .uuid(let uuid): return storage == .uuidLowercaseText ? uuid.uuidString.lowercased() : uuid.uuidString
        case .url(let url): return url.absoluteString
        case .data(let data): return String(decoding: data, as: UTF8.self)
        case let other: throw EvaluationError.malformedTree("the text of \(other)")
        }
    }

    /// A value as SQLite's `json_group_array` writes it: NULL as `null`, numbers (a `Bool` as
    /// `0`/`1`, a REAL with 15 digits), texts as JSON strings (a date as its stored text); a blob
    /// fails the query, as SQLite's JSON holds none.
    func sqlJSON(_ value: Value, storage: Storage?) throws -> String {
        switch Self.plain(value) {
        case .null: return "null"
        case .double(let real): return SQLiteRealText.text(real)
        case .bool, .int, .uint: return try sqlText(value, storage: storage) ?? "null"
        case .enumCase(let enumValue):
            if case .int(let raw) = enumValue.rawValue { return String(raw) }
        case .date:
            if storage == .dateUnixSeconds || storage == .dateReferenceSeconds { return try sqlText(value, storage: storage) ?? "null" }
        case .data:
            throw EvaluationError.sqlFailure("JSON cannot hold BLOB values")
        case .uuid where storage == .uuidBlob:
            throw EvaluationError.sqlFailure("JSON cannot hold BLOB values")
        default:
            break
        }
        return Self.json(.string(try sqlText(value, storage: storage) ?? ""))
    }

    /// A date as StructuredQueries stores it in text: `2026-11-30 09:00:00.000`, UTC.
    static func isoText(_ date: Date) -> String {
        SQLiteTime(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded())).format("%Y-%m-%d %H:%M:%f") ?? ""
    }

    /// Seconds stored as a number: an integer when whole.
    static func secondsText(_ seconds: Double) -> String {
        if seconds == seconds.rounded(), abs(seconds) < 0x1p62 { return String(Int64(seconds)) }
        return SQLiteRealText.text(seconds)
    }
}
