import SiftSchema
import SiftSyntax

/// StructuredQueries' date functions (`DateFunctions.swift` of its SQLite module) on a date
/// column: `$0.dueDate.year`, `month`, `day`, `hour`, `minute`, `second`, `fractionalSecond`,
/// `weekday`, `dayOfYear` (`CAST(strftime('%Y', dueDate) AS INTEGER)`: an `Int`, or a `Double`
/// for `fractionalSecond`) and `$0.dueDate.strftime("%Y-%m")` (a `String?`), in UTC. The column
/// is read as its storage says, so the part is the date's whatever the column holds: ISO-8601
/// text as it is, seconds since 1970 with `'unixepoch'`, seconds since 2001 moved to 1970 first.
/// A NULL date gives NULL (the type is then optional).
extension TypeChecker {
    /// Whether `$0.dueDate.year` may be a date's part: a member named as one, of a value that is
    /// itself a member (a column), not of the row (whose own column may be called `year`).
    func isDatePartMember(_ expr: Expr) -> Bool {
        guard case .member(let base, let name) = tree[expr], SQLDatePart.named(name.name) != nil else { return false }
        if case .member = tree[base] { return true }
        return false
    }

    /// `$0.dueDate.year`.
    mutating func checkSQLDatePart(_ expr: Expr) -> TypedExpr {
        guard case .member(let base, let name) = tree[expr], let part = SQLDatePart.named(name.name) else { return make(.error, .error, at: expr.range) }
        guard let (date, storage) = checkDateColumn(base, what: "'\(name.name)'") else { return make(.error, .error, at: expr.range) }
        let element: SiftType = part == .fractionalSecond ? .double : .int
        return make(.sql(.datePart(part, storage: storage), [date]), date.type.isOptional ? .optional(element) : element, at: expr.range)
    }

    /// `$0.dueDate.strftime("%Y-%m")`: the format a `String`, bound.
    mutating func checkSQLStrftime(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailingClosure == nil else {
            error(
                .invalidArgument, "'strftime' takes one argument, the format, as in '$0.dueDate.strftime(\"%Y-%m-%d\")'",
                at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        guard let (date, storage) = checkDateColumn(base, what: "'strftime'") else { return make(.error, .error, at: range) }
        let format = checkSQLValue(call.arguments[0].value, expected: .string)
        if format.type.isError { return make(.error, .error, at: range) }
        guard format.type.unwrapped == .string else {
            error(.typeMismatch, "'strftime' takes a 'String' format; this is '\(format.type)'", at: call.arguments[0].value.range)
            return make(.error, .error, at: range)
        }
        return make(.sql(.strftime(storage: storage), [date, format]), .optional(.string), at: range)
    }

    /// The date column `base` reads, with its storage; nil after reporting anything else.
    mutating func checkDateColumn(_ base: Expr, what: String) -> (TypedExpr, Storage)? {
        let date = checkSQLValue(base, expected: nil)
        if date.type.isError { return nil }
        guard date.type.unwrapped == .date else {
            error(.typeMismatch, "\(what) is a part of a 'Date', but '\(text(base.range))' is '\(date.type)'; call it on a date column", at: base.range)
            return nil
        }
        guard let storage = columnStorage(date) else {
            error(
                .unsupportedConstruct, "\(what) reads a date column, such as '$0.dueDate'; '\(text(base.range))' is a date computed in the query",
                at: base.range)
            return nil
        }
        switch storage {
        case .dateISO8601, .text, .dateUnixSeconds, .dateReferenceSeconds:
            return (date, storage)
        default:
            error(
                .unsupportedConstruct, "\(what) reads a date as SQLite's date functions do, but '\(text(base.range))' is stored as \(storage.rawValue), which they cannot read",
                at: base.range)
            return nil
        }
    }

    /// The storage of the column an expression reads (through a left join's optional row).
    func columnStorage(_ typed: TypedExpr) -> Storage? {
        switch typedTree[typed] {
        case .attribute(_, let attribute): attribute.storage
        case .optionalMap(_, _, let body): columnStorage(body)
        case .injectOptional(let inner): columnStorage(inner)
        default: nil
        }
    }
}

extension SQLDatePart {
    /// The part StructuredQueries' member `name` is (`year`).
    static func named(_ name: String) -> SQLDatePart? {
        allCases.first { $0.method == name }
    }
}
