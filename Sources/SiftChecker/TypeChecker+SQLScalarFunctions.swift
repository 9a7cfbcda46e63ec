import SiftSchema
import SiftSyntax

/// StructuredQueries' scalar functions (`ScalarFunctions.swift` of the library and of its SQLite
/// module): `$0.title.length()`, `lower()`, `upper()`, `trim(_:)`, `ltrim(_:)`, `rtrim(_:)`,
/// `instr(_:)`, `substr(_:_:)`, `replace(_:_:)`, `octetLength()`, `quote()`, `unicode()`, `hex()`,
/// `$0.position.abs()`, `sign()`, `$0.price.round(_:)`, `$0.title.nullif(_:)`, `likely()`,
/// `unlikely()`, `16.zeroblob()`, `16.randomblob()`. Each is SQLite's function of the same name: NULL in, NULL out, so the result is
/// optional when an operand is. The library's signatures decide the types: a text function on a
/// `String`, `abs`/`sign` on a number, `round` on a `Double`, `hex` on bytes, `nullif` on any value
/// (its result optional), `unicode` an `Int?`.
extension TypeChecker {
    /// `$0.title.substr(2, 3)`: the function called on `base`; nil when `method` names none.
    mutating func checkSQLScalarFunction(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr? {
        guard let function = SQLScalarFunction(method: method.name) else { return nil }
        let arguments = call.arguments
        let usage = Self.usage(of: function)
        if let label = arguments.first(where: { $0.label != nil })?.label {
            error(.invalidArgument, "'\(method.name)' takes no argument label '\(label.name):'; \(usage.example)", at: label.range)
            return make(.error, .error, at: range)
        }
        guard call.trailingClosure == nil, usage.arity.contains(arguments.count) else {
            let counted = arguments.count == 1 ? "1 argument" : "\(arguments.count) arguments"
            error(
                .invalidArgument, "'\(method.name)' takes \(usage.takes), not \(counted); \(usage.example)",
                at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        let value = checkSQLValue(base, expected: nil)
        if value.type.isError { return make(.error, .error, at: range) }
        let element = value.type.unwrapped
        let applies: Bool
        let kind: String
        let remedy: String
        switch function {
        case .abs, .sign:
            (applies, kind, remedy) = (element.isNumeric, "a number", "call it on an 'Int' or 'Double' value")
        case .round:
            (applies, kind, remedy) = (element == .double || element == .float, "a 'Double'", "call it on a 'Double' value")
        case .hex:
            (applies, kind, remedy) = (element == .data, "bytes ('Data')", "call it on a 'Data' value")
        case .zeroblob, .randomblob:
            (applies, kind, remedy) = (element.isInteger, "an integer count of bytes", "call it on an 'Int', as in '16.zeroblob()'")
        case .likely, .unlikely:
            (applies, kind, remedy) = (element == .bool, "a 'Bool' condition", "call it on a condition, as in '($0.priority == .high).likely()'")
        case .nullif:
            if case .model = element.kind { applies = false } else { applies = true }
            (kind, remedy) = ("a value", "call it on a column, as in '$0.title.nullif(\"\")'")
        case .length:
            (applies, kind, remedy) = (element == .string || element == .data, "a 'String' or bytes ('Data')", "call it on a 'String' value")
        default:
            (applies, kind, remedy) = (element == .string, "a 'String'", "call it on a 'String' value")
        }
        guard applies else {
            error(
                .typeMismatch, "'\(method.name)' applies to \(kind), but '\(text(base.range))' is '\(value.type)'; \(remedy)", at: base.range,
                notes: function == .round && element.isInteger ? [.init("an integer is whole already: SQLite's 'round' of it is the same number")] : [])
            return make(.error, .error, at: range)
        }
        var operands = [value]
        for (index, argument) in arguments.enumerated() {
            let (expected, what) = Self.argument(index, of: function, value: value)
            let typed = checkSQLValue(argument.value, expected: expected)
            if typed.type.isError { return make(.error, .error, at: range) }
            let fits = function == .substr || function == .round ? typed.type.unwrapped.isInteger : typed.type.unwrapped == expected
            guard fits, !typed.type.isNilLiteral else {
                error(
                    .typeMismatch, "'\(method.name)' takes \(what); '\(text(argument.value.range))' is '\(typed.type)'",
                    at: argument.value.range)
                return make(.error, .error, at: range)
            }
            operands.append(typed)
        }
        let anyOptional = operands.contains { $0.type.isOptional }
        func maybeOptional(_ type: SiftType, _ optional: Bool = anyOptional) -> SiftType { optional ? .optional(type) : type }
        let type: SiftType =
            switch function {
            case .length, .instr, .octetLength: maybeOptional(.int)
            case .unicode: .optional(.int)
            case .nullif: .optional(element)
            case .hex: .string  // `hex(NULL)` is the empty text
            case .zeroblob, .randomblob: .data  // a NULL count is 0: no bytes, or one random byte
            case .quote: value.type  // `quote(NULL)` is the text `NULL`
            default: maybeOptional(element)
            }
        return make(.sql(.function(function), operands), type, at: range)
    }

    /// How a function is called: how many arguments, in words, and an example.
    static func usage(of function: SQLScalarFunction) -> (arity: ClosedRange<Int>, takes: String, example: String) {
        switch function {
        case .trim, .ltrim, .rtrim:
            (0...1, "at most one argument, the characters to remove", "write '$0.title.\(function.rawValue)()' or '$0.title.\(function.rawValue)(\" .\")'")
        case .round: (0...1, "at most one argument, the digits to keep", "write '$0.price.round()' or '$0.price.round(2)'")
        case .nullif: (1...1, "one argument, the value that gives NULL", "write '$0.title.nullif(\"\")'")
        case .instr: (1...1, "one argument, the text to find", "write '$0.title.instr(\"milk\")'")
        case .substr: (1...2, "a start and at most a count", "write '$0.title.substr(2)' or '$0.title.substr(2, 3)'")
        case .replace: (2...2, "two arguments, the text to find and its replacement", "write '$0.title.replace(\"a\", \"b\")'")
        default:
            (0...0, "no argument", "write '.\(function.method)()'")
        }
    }

    /// The type of the function's argument at `index`, and how to say it.
    static func argument(_ index: Int, of function: SQLScalarFunction, value: TypedExpr) -> (SiftType, String) {
        switch function {
        case .substr: (.int, index == 0 ? "an 'Int' start (1 the first character)" : "an 'Int' count")
        case .round: (.int, "an 'Int' count of digits")
        case .nullif: (value.type.unwrapped, "a value of the type of the value it is called on, '\(value.type.unwrapped)'")
        case .trim, .ltrim, .rtrim: (.string, "a 'String' of the characters to remove")
        case .instr: (.string, "the 'String' to find")
        default: (.string, index == 0 ? "the 'String' to find" : "the 'String' that replaces it")
        }
    }
}

extension SQLScalarFunction {
    /// The function a StructuredQueries method calls (`octetLength` is `octet_length`).
    init?(method: String) {
        if method == "octetLength" {
            self = .octetLength
            return
        }
        guard method != "octet_length", let function = SQLScalarFunction(rawValue: method) else { return nil }
        self = function
    }

    /// The method's name in StructuredQueries.
    var method: String { self == .octetLength ? "octetLength" : rawValue }
}
