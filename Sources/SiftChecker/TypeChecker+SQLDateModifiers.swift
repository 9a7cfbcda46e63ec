import SiftSchema
import SiftSyntax

/// StructuredQueries' date modifiers (`DateTimeModifier` of its SQLite module): a date column
/// called with a modifier, `$0.dueDate(.days(1))`, `$0.dueDate(.startOfMonth.months(1).days(-1))`,
/// and the current time, `.now`, `.now(.days(-7))`. Each modifier is SQLite's text (`'1 days'`,
/// `'start of month'`, `'weekday 0'`), bound; the date is written as its column stores dates
/// (``SQLOperation/modifiedDate(storage:fromNow:)``). `.now` takes the storage of the date it is
/// compared with (ISO-8601 text when there is none).
extension TypeChecker {
    /// The modifiers StructuredQueries offers, by name: the functions taking a count, and the
    /// properties (`startOfDay`).
    static let dateModifierFunctions: Set<String> = ["years", "months", "days", "hours", "minutes", "seconds", "milliseconds", "weekday"]
    static let dateModifierProperties: Set<String> = ["startOfDay", "startOfMonth", "startOfYear"]

    /// Whether `expr` is written as a chain of date modifiers (`.days(1)`, `.startOfDay.days(-7)`).
    func isDateModifierChain(_ expr: Expr) -> Bool {
        switch tree[expr] {
        case .implicitMember(let name): return Self.dateModifierProperties.contains(name.name)
        case .member(let base, let name): return Self.dateModifierProperties.contains(name.name) && isDateModifierChain(base)
        case .call(let call):
            switch tree[call.callee] {
            case .implicitMember(let name): return Self.dateModifierFunctions.contains(name.name)
            case .member(let base, let name): return Self.dateModifierFunctions.contains(name.name) && isDateModifierChain(base)
            default: return false
            }
        default: return false
        }
    }

    /// Whether a call is a date called with modifiers (`$0.dueDate(.days(1))`) or `.now(...)`.
    func isDateModifierCall(_ call: Call) -> Bool {
        guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailingClosure == nil, isDateModifierChain(call.arguments[0].value) else {
            return false
        }
        switch tree[call.callee] {
        case .member, .anonymousParameter, .identifier: return true
        case .implicitMember(let name): return name.name == "now"
        default: return false
        }
    }

    /// Whether `expr` is `.now`.
    func isNow(_ expr: Expr) -> Bool {
        if case .implicitMember(let name) = tree[expr], name.name == "now" { return true }
        return false
    }

    /// Whether `expr` is `.now` or `.now(modifiers)`, whose storage the other operand gives.
    func isNowForm(_ expr: Expr) -> Bool {
        if isNow(expr) { return true }
        if case .call(let call) = tree[expr] { return isNow(call.callee) }
        return false
    }

    /// `.now` or `.now(modifiers)`: the current time as the compared date's column stores it.
    mutating func checkNow(modifiers: Expr?, at range: SourceRange) -> TypedExpr {
        let storage = dateStorageContext ?? .dateISO8601
        guard storage.readsModifiedDates else {
            error(
                .unsupportedConstruct,
                "'.now' is compared here with a date stored as \(storage.dateDescription); StructuredQueries writes the current time for ISO-8601 text or seconds since 1970 ('@Column(as: Date.UnixTimeRepresentation.self)'), so compare with a 'Date' parameter instead",
                at: range)
            return make(.error, .error, at: range)
        }
        // The time value `'now'` first, as a date column would be (Sift writes it, unbound).
        var operands = [make(.constant(.string("now")), .string, at: range)]
        if let modifiers {
            guard let texts = checkDateModifiers(modifiers) else { return make(.error, .error, at: range) }
            operands += texts
        }
        return make(.sql(.modifiedDate(storage: storage, fromNow: true), operands), .date, at: range)
    }

    /// `$0.dueDate(.days(1))`: the date column moved by the modifiers.
    mutating func checkModifiedDate(_ call: Call, at range: SourceRange) -> TypedExpr {
        if isNow(call.callee) { return checkNow(modifiers: call.arguments[0].value, at: range) }
        let base = call.callee
        let date = checkSQLValue(base, expected: nil)
        if date.type.isError { return make(.error, .error, at: range) }
        guard date.type.unwrapped == .date else {
            error(
                .typeMismatch, "only a 'Date' is called with a date modifier, as in '$0.dueDate(.days(1))'; '\(text(base.range))' is '\(date.type)'",
                at: base.range)
            return make(.error, .error, at: range)
        }
        guard let storage = columnStorage(date) else {
            error(
                .unsupportedConstruct, "a date modifier moves a date column, such as '$0.dueDate(.days(1))'; '\(text(base.range))' is a date computed in the query",
                at: base.range)
            return make(.error, .error, at: range)
        }
        guard storage.readsModifiedDates else {
            error(
                .unsupportedConstruct,
                "StructuredQueries moves dates stored as ISO-8601 text or as seconds since 1970 ('@Column(as: Date.UnixTimeRepresentation.self)'); '\(text(base.range))' is stored as \(storage.dateDescription)",
                at: base.range)
            return make(.error, .error, at: range)
        }
        guard let texts = checkDateModifiers(call.arguments[0].value) else { return make(.error, .error, at: range) }
        return make(.sql(.modifiedDate(storage: storage, fromNow: false), [date] + texts), date.type, at: range)
    }

    /// The modifiers' texts, in order, as constants (bound when written); nil after an error.
    mutating func checkDateModifiers(_ expr: Expr) -> [TypedExpr]? {
        func constant(_ text: String, at range: SourceRange, checker: inout TypeChecker) -> TypedExpr {
            checker.make(.constant(.string(text)), .string, at: range)
        }
        switch tree[expr] {
        case .implicitMember(let name):
            return [constant(Self.modifierText(property: name.name), at: expr.range, checker: &self)]
        case .member(let base, let name):
            guard let before = checkDateModifiers(base) else { return nil }
            return before + [constant(Self.modifierText(property: name.name), at: name.range, checker: &self)]
        case .call(let call):
            var before: [TypedExpr] = []
            let name: Identifier
            switch tree[call.callee] {
            case .implicitMember(let identifier): name = identifier
            case .member(let base, let identifier):
                guard let inner = checkDateModifiers(base) else { return nil }
                before = inner
                name = identifier
            default: return nil
            }
            guard call.arguments.count == 1, call.arguments[0].label == nil, call.trailingClosure == nil else {
                error(
                    .invalidArgument,
                    "'\(name.name)' takes one count, as in '.\(name.name)(\(name.name == "weekday" ? "0" : "1"))'\(["years", "months"].contains(name.name) ? " (the overflow rule '.floor'/'.ceiling' needs SQLite 3.46; this is 3.40)" : "")",
                    at: call.argumentListRange ?? expr.range)
                return nil
            }
            let argument = call.arguments[0].value
            let isSeconds = name.name == "seconds"
            let typed = check(argument, expected: isSeconds ? .double : .int)
            if typed.type.isError { return nil }
            let text: String
            switch typedTree[typed] {
            case .constant(.int(let count)) where !isSeconds:
                if name.name == "weekday" {
                    guard (0...6).contains(count) else {
                        error(.invalidArgument, "'weekday' takes a day of the week from 0 (Sunday) to 6 (Saturday); SQLite gives NULL for \(count)", at: argument.range)
                        return nil
                    }
                    text = "weekday \(count)"
                } else if name.name == "milliseconds" {
                    // As the library writes it: seconds with three decimals.
                    let sign = count < 0 ? "-" : ""
                    let fraction = String(String(count.magnitude % 1000 + 1000).dropFirst())
                    text = "\(sign)\(count.magnitude / 1000).\(fraction) seconds"
                } else {
                    text = "\(count) \(name.name)"
                }
            case .constant(.double(let count)) where isSeconds && count.isFinite:
                text = "\(count) seconds"
            case .constant(.int(let count)) where isSeconds:
                text = "\(Double(count)) seconds"
            default:
                error(
                    .unsupportedConstruct,
                    "'\(name.name)' takes a literal count here, as in '.\(name.name)(\(isSeconds ? "1.5" : "-7"))': StructuredQueries writes it into the modifier's text",
                    at: argument.range)
                return nil
            }
            return before + [constant(text, at: expr.range, checker: &self)]
        default:
            return nil
        }
    }

    /// `'start of day'` for `startOfDay`, ...
    static func modifierText(property: String) -> String {
        switch property {
        case "startOfMonth": "start of month"
        case "startOfYear": "start of year"
        default: "start of day"
        }
    }

    /// The storage of a date value: its column's, or the modified date's.
    func dateStorage(of typed: TypedExpr) -> Storage? {
        guard typed.type.unwrapped == .date else { return nil }
        switch typedTree[typed] {
        case .sql(.modifiedDate(let storage, _), _):
            return storage
        case .sql(.ifNull, let operands), .sql(.coalesce, let operands):
            return operands.lazy.compactMap { dateStorage(of: $0) }.first
        case .sql(.caseWhen(let hasBase, let hasElse), let operands):
            // The values: after each test (and the compared value), and the `else`.
            let pairs = operands.dropFirst(hasBase ? 1 : 0).dropLast(hasElse ? 1 : 0)
            let values = pairs.enumerated().filter { $0.offset % 2 == 1 }.map(\.element) + (hasElse ? [operands[operands.count - 1]] : [])
            return values.lazy.compactMap { dateStorage(of: $0) }.first
        default:
            return columnStorage(typed)
        }
    }
}

extension Storage {
    /// Whether StructuredQueries' date modifiers read and write dates of this storage: ISO-8601
    /// text (`datetime`'s form) and seconds since 1970 (`unixepoch`).
    var readsModifiedDates: Bool { self == .dateISO8601 || self == .text || self == .dateUnixSeconds }

    /// How a date of this storage is kept, in words.
    var dateDescription: String {
        switch self {
        case .dateReferenceSeconds: "seconds since 2001 (SwiftData's)"
        case .timestamp: "a PostgreSQL timestamp"
        default: rawValue
        }
    }
}
