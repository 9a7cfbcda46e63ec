import SiftSchema
import SiftSyntax

/// StructuredQueries' JSON functions (`JSONFunctions.swift` of its SQLite module) on the values
/// it knows to be JSON: a column declared `@Column(as: [String].JSONRepresentation.self)` and a
/// `jsonGroupArray()`. `$0.tags.jsonArrayLength()` is `json_array_length(tags)`.
extension TypeChecker {
    /// Whether `typed` reads a column StructuredQueries stores as JSON text.
    func isJSONColumn(_ typed: TypedExpr) -> Bool { jsonRepresentation(of: typed) != nil }

    /// The Swift type whose JSON a column holds (`[String]`); nil for another value.
    func jsonRepresentation(of typed: TypedExpr) -> String? {
        switch typedTree[typed] {
        case .attribute(_, let attribute): attribute.jsonRepresentation
        case .optionalMap(_, _, let body): jsonRepresentation(of: body)
        case .injectOptional(let inner): jsonRepresentation(of: inner)
        default: nil
        }
    }

    /// `$0.tags.jsonArrayLength()`, `$0.title.jsonGroupArray().jsonArrayLength()`: an `Int`
    /// (optional for an optional column).
    mutating func checkJSONArrayLength(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        guard call.arguments.isEmpty, call.trailingClosure == nil else {
            error(
                .invalidArgument,
                "'jsonArrayLength' takes no argument here; the form with a key path into the JSON ('jsonArrayLength(\\.items)') is not read yet",
                at: call.argumentListRange ?? range)
            return make(.error, .error, at: range)
        }
        let value = checkSQLValue(base, expected: nil)
        if value.type.isError { return make(.error, .error, at: range) }
        var isArray = false
        if let json = jsonRepresentation(of: value) {
            // `[String]`, `[Tag]`: an array; `[String: Int]` is a dictionary, which has no length.
            isArray = json.hasPrefix("[") && !json.contains(":")
        } else if case .aggregate(let call) = typedTree[value], call.function == .jsonGroupArray {
            isArray = true
        }
        guard isArray else {
            error(
                .typeMismatch,
                "'jsonArrayLength' counts the elements of a JSON array: a column declared '@Column(as: [String].JSONRepresentation.self)' or a 'jsonGroupArray()'; '\(text(base.range))' is '\(value.type)'\(value.type.unwrapped == .string ? " text" : "")",
                at: base.range)
            return make(.error, .error, at: range)
        }
        return make(.sql(.jsonArrayLength, [value]), value.type.isOptional ? .optional(.int) : .int, at: range)
    }
}
