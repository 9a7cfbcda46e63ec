import Foundation
import SiftChecker
import SiftSchema
import SiftSyntax

/// SQL's meaning of the operations StructuredQueries writes (``SQLOperation``), and Core Data's
/// of a format string's (`CoreDataSemantics`, whose `AND`, `OR` and `NOT` are SQL's), on the
/// values the rows hold: NULL in, NULL out (Kleene's logic for `AND`/`OR`), strings compared by
/// their UTF-8 bytes, enums by their raw values, dates by their instants. A `Bool?` result is `.null` or
/// `.some(.bool(...))`; a `Bool` result is `.bool(...)`.
extension ExpressionEvaluator {
    func sqlOperation(_ operation: SQLOperation, _ operands: [TypedExpr]) throws -> Value {
        let truth: Bool?
        switch operation {
        case .highlight, .snippet:
            throw EvaluationError.needsDatabase(operation.name)
        case .collate, .customCollate, .likeEscaped, .isInArray, .function, .bitwise, .bitwiseNot:
            return try sqlScalarOperation(operation, operands)
        case .datePart(let part, let storage):
            return try sqlDatePart(part, storage: storage, operands[0])
        case .strftime(let storage):
            return try sqlStrftime(storage: storage, operands[0], operands[1])
        case .jsonObject:
            // SQLite's JSON of each value (a real number's 15 digits among them): computed by SQLite alone.
            throw EvaluationError.needsDatabase("json_object")
        case .json, .jsonArrayLength:
            guard case .string(let text) = Self.plain(try evaluate(operands[0])) else { return .null }
            switch SQLiteJSON.read(text) {
            case .json(let json): return operation == .json ? .string(json.minified) : .int(Int64(json.arrayLength))
            case .malformed: throw EvaluationError.sqlFailure("malformed JSON")
            case .tooDeep: throw EvaluationError.needsDatabase("\(operation.name) of JSON nested more than \(SQLiteJSON.maximumDepth) levels deep")
            }
        case .modifiedDate(let storage, let fromNow):
            // The current time is the statement's, which only SQLite knows.
            if fromNow { throw EvaluationError.needsDatabase("now") }
            return try sqlModifiedDate(storage: storage, operands[0], modifiers: operands.dropFirst())
        case .compare(let op):
            let collation = explicitCollation(operands[0]) ?? explicitCollation(operands[1])
            let left = SQLScalar(try evaluate(operands[0]))
            let right = SQLScalar(try evaluate(operands[1]))
            if let left, let right {
                let order = SQLScalar.compare(left, right, collation: collation)
                switch op {
                case .equal: truth = order == 0
                case .notEqual: truth = order != 0
                case .less: truth = order < 0
                case .lessEqual: truth = order <= 0
                case .greater: truth = order > 0
                case .greaterEqual: truth = order >= 0
                }
            } else {
                truth = nil
            }
        case .isIdentical(let negated):
            let collation = explicitCollation(operands[0]) ?? explicitCollation(operands[1])
            let left = SQLScalar(try evaluate(operands[0]))
            let right = SQLScalar(try evaluate(operands[1]))
            let same: Bool
            switch (left, right) {
            case (nil, nil): same = true
            case (let l?, let r?): same = SQLScalar.compare(l, r, collation: collation) == 0
            default: same = false
            }
            return .bool(same != negated)
        case .logical(let op):
            var sawNull = false
            var result: Bool? = op == .and
            for operand in operands {
                guard let value = sqlTruth(try evaluate(operand)) else {
                    sawNull = true
                    continue
                }
                if op == .and, !value { result = false; break }
                if op == .or, value { result = true; break }
            }
            if result == (op == .and), sawNull { result = nil }
            truth = result
        case .not:
            truth = sqlTruth(try evaluate(operands[0])).map { !$0 }
        case .like(let anyBefore, let anyAfter):
            let string = SQLScalar(try evaluate(operands[0]))
            let pattern = SQLScalar(try evaluate(operands[1]))
            if case .text(let text)? = string, case .text(let pattern)? = pattern {
                truth = SQLPattern.like(text, (anyBefore ? "%" : "") + pattern + (anyAfter ? "%" : ""))
            } else {
                truth = nil
            }
        case .glob:
            let string = SQLScalar(try evaluate(operands[0]))
            let pattern = SQLScalar(try evaluate(operands[1]))
            if case .text(let text)? = string, case .text(let pattern)? = pattern {
                truth = SQLPattern.glob(text, pattern)
            } else {
                truth = nil
            }
        case .isIn:
            // An empty list holds nothing, not even NULL: false whatever the value (SQLite's rule).
            if operands.count == 1 {
                truth = false
                break
            }
            guard let value = SQLScalar(try evaluate(operands[0])) else {
                truth = nil
                break
            }
            var found = false
            var sawNull = false
            for element in operands.dropFirst() {
                guard let candidate = SQLScalar(try evaluate(element)) else {
                    sawNull = true
                    continue
                }
                if SQLScalar.compare(value, candidate, collation: explicitCollation(operands[0])) == 0 { found = true; break }
            }
            truth = found ? true : (sawNull ? nil : false)
        case .between:
            let value = SQLScalar(try evaluate(operands[0]))
            let low = SQLScalar(try evaluate(operands[1]))
            let high = SQLScalar(try evaluate(operands[2]))
            // `x BETWEEN a AND b` is `x >= a AND x <= b`, each comparison under its own collation.
            let lowCollation = explicitCollation(operands[0]) ?? explicitCollation(operands[1])
            let highCollation = explicitCollation(operands[0]) ?? explicitCollation(operands[2])
            let above = value.flatMap { v in low.map { SQLScalar.compare(v, $0, collation: lowCollation) >= 0 } }
            let below = value.flatMap { v in high.map { SQLScalar.compare(v, $0, collation: highCollation) <= 0 } }
            if above == false || below == false { truth = false } else if above == nil || below == nil { truth = nil } else { truth = true }
        case .fullTextMatch, .fullTextPhrase:
            throw EvaluationError.needsDatabase("MATCH")
        case .bm25:
            throw EvaluationError.needsDatabase("bm25")
        case .rank:
            throw EvaluationError.needsDatabase("rank")
        case .coreData(let op, let options):
            return try coreDataTest(op, options, operands[0], operands[1])
        case .collectionAggregate(let op, let element):
            return try collectionAggregate(op, operands[0], element, operands[1])
        case .arithmetic, .negate, .concatenate, .coalesce, .ifNull, .caseWhen:
            return try sqlValueOperation(operation, operands)
        }
        if let truth { return .bool(truth) }
        return .null
    }

    /// A condition's truth: nil for NULL.
    func sqlTruth(_ value: Value) -> Bool? {
        switch value {
        case .bool(let value): value
        case .some(let inner): sqlTruth(inner)
        case .int(let value): value != 0
        default: nil
        }
    }
}

/// A value as SQLite holds it for a comparison: a number or a text (nil for NULL).
enum SQLScalar {
    case number(Double, exact: Int64?)
    case text(String)
    case blob([UInt8])

    init?(_ value: Value) {
        switch value {
        case .null: return nil
        case .some(let inner): self.init(inner)
        case .bool(let value): self = .number(value ? 1 : 0, exact: value ? 1 : 0)
        case .int(let value): self = .number(Double(value), exact: value)
        case .uint(let value): self = .number(Double(value), exact: Int64(exactly: value))
        case .double(let value): self = .number(value, exact: nil)
        case .string(let value): self = .text(value)
        case .date(let date): self = .number(date.timeIntervalSinceReferenceDate, exact: nil)
        case .uuid(let uuid): self = .text(uuid.uuidString)
        case .data(let data): self = .blob(Array(data))
        case .url(let url): self = .text(url.absoluteString)
        case .enumCase(let value):
            switch value.rawValue {
            case .int(let number): self = .number(Double(number), exact: number)
            case .string(let text): self = .text(text)
            }
        case .comparisonResult(let value): self = .number(Double(value), exact: Int64(value))
        case .object, .objects, .array, .range: return nil
        }
    }

    /// SQLite's order: numbers before texts before blobs; texts by their bytes.
    static func compare(_ a: SQLScalar, _ b: SQLScalar) -> Int {
        switch (a, b) {
        case (.number(let x, let xi), .number(let y, let yi)):
            if let xi, let yi { return xi < yi ? -1 : xi == yi ? 0 : 1 }
            return x < y ? -1 : x == y ? 0 : 1
        case (.text(let x), .text(let y)):
            return bytes(x.utf8, y.utf8)
        case (.blob(let x), .blob(let y)):
            return bytes(x, y)
        case (.number, _): return -1
        case (_, .number): return 1
        case (.text, .blob): return -1
        case (.blob, .text): return 1
        }
    }

    private static func bytes<A: Sequence, B: Sequence>(_ a: A, _ b: B) -> Int where A.Element == UInt8, B.Element == UInt8 {
        var left = a.makeIterator()
        var right = b.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?): if x != y { return x < y ? -1 : 1 }
            }
        }
    }
}

/// SQLite's `LIKE` (without `ESCAPE`) and `GLOB`, over Unicode scalars as SQLite reads UTF-8.
enum SQLPattern {
    /// `%` any run, `_` one character; ASCII letters match either case, other characters only themselves.
    static func like(_ text: String, _ pattern: String, escape: Unicode.Scalar? = nil) -> Bool {
        func fold(_ scalar: Unicode.Scalar) -> UInt32 {
            let value = scalar.value
            return (65...90).contains(value) ? value + 32 : value
        }
        let t = Array(text.unicodeScalars).map(fold)
        let p = Array(pattern.unicodeScalars).map(fold)
        return match(t, 0, p, 0, any: 37, one: 95, classes: false, escape: escape.map(fold))
    }

    /// `*` any run, `?` one character, `[...]` a class (`^` negates, `a-z` ranges); with case.
    static func glob(_ text: String, _ pattern: String) -> Bool {
        match(text.unicodeScalars.map(\.value), 0, pattern.unicodeScalars.map(\.value), 0, any: 42, one: 63, classes: true)
    }

    private static func match(_ t: [UInt32], _ ti: Int, _ p: [UInt32], _ pi: Int, any: UInt32, one: UInt32, classes: Bool, escape: UInt32? = nil) -> Bool {
        var ti = ti
        var pi = pi
        while pi < p.count {
            let c = p[pi]
            if let escape, c == escape {
                // The escape makes the next character of the pattern literal; at the end, nothing matches.
                guard pi + 1 < p.count, ti < t.count, t[ti] == p[pi + 1] else { return false }
                ti += 1
                pi += 2
                continue
            }
            if c == any {
                while pi < p.count, p[pi] == any { pi += 1 }
                if pi == p.count { return true }
                for start in ti...t.count where match(t, start, p, pi, any: any, one: one, classes: classes, escape: escape) { return true }
                return false
            }
            guard ti < t.count else { return false }
            if c == one {
                ti += 1
                pi += 1
                continue
            }
            if classes, c == 91, let (matched, next) = matchClass(t[ti], p, pi + 1) {
                guard matched else { return false }
                ti += 1
                pi = next
                continue
            }
            guard t[ti] == c else { return false }
            ti += 1
            pi += 1
        }
        return ti == t.count
    }

    /// `[...]` from just after `[`: whether `c` is in it, and the index after `]`; nil when unclosed.
    private static func matchClass(_ c: UInt32, _ p: [UInt32], _ start: Int) -> (Bool, Int)? {
        var i = start
        var negated = false
        if i < p.count, p[i] == 94 {
            negated = true
            i += 1
        }
        var found = false
        var first = true
        while i < p.count {
            if p[i] == 93, !first { return (found != negated, i + 1) }
            first = false
            if i + 2 < p.count, p[i + 1] == 45, p[i + 2] != 93 {
                if p[i] <= c, c <= p[i + 2] { found = true }
                i += 3
            } else {
                if p[i] == c { found = true }
                i += 1
            }
        }
        return nil
    }
}
