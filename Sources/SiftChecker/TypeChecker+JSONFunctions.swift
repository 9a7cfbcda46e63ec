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

    /// `$0.jsonObject()` of a row, or the object `$1.jsonGroupArray()` aggregates: `json_object`
    /// of its columns, in their order; of a left-joined row that may be missing, `CASE WHEN key IS
    /// NOT NULL THEN json_object(...) END` (the library tests the rowid, which a row present has).
    /// Returns the object and, for a row that may be missing, the test that it is present; nil
    /// after an error (reported).
    mutating func jsonObject(ofRow row: TypedExpr, model: Model, at range: SourceRange) -> (object: TypedExpr, present: TypedExpr?)? {
        var operands: [TypedExpr] = []
        for attribute in model.attributes {
            let column = columnOfRow(row, named: attribute.name)
            if column.type.isError { return nil }
            operands.append(make(.constant(.string(attribute.columnName)), .string, at: range))
            switch (column.type.unwrapped, attribute.storage) {
            case (.bool, _):
                // JSON's own true and false: `json(CASE x WHEN 0 THEN 'false' WHEN 1 THEN 'true' END)`.
                let text = make(
                    .sql(
                        .caseWhen(hasBase: true, hasElse: false),
                        [
                            column, make(.constant(.int(0)), .int, at: range), make(.constant(.string("false")), .string, at: range),
                            make(.constant(.int(1)), .int, at: range), make(.constant(.string("true")), .string, at: range),
                        ]), .optional(.string), at: range)
                operands.append(make(.sql(.json, [text]), .optional(.string), at: range))
            case (.string, _) where attribute.jsonRepresentation != nil:
                operands.append(make(.sql(.json, [column]), column.type, at: range))
            case (.date, let storage) where storage != .dateISO8601 && storage != .text:
                error(
                    .unsupportedConstruct,
                    "'\(model.name).\(attribute.name)' is a date stored as \(storage.dateDescription); the JSON of a row is read for dates stored as ISO-8601 text",
                    at: range)
                return nil
            case (.uuid, .uuidBlob):
                // SQLite's JSON holds no blob: `json_object` fails on the row with such a UUID.
                error(
                    .unsupportedConstruct,
                    "'\(model.name).\(attribute.name)' is a UUID stored as its 16 bytes ('UUID.BytesRepresentation'), which SQLite's JSON cannot hold; the JSON of a row is read for UUIDs stored as text, so select the columns instead",
                    at: range)
                return nil
            default:
                operands.append(column)
            }
        }
        let object = make(.sql(.jsonObject, operands), .string, at: range)
        guard row.type.isOptional else { return (object, nil) }
        guard let key = model.primaryKey.first, let keyAttribute = model.attributes.first(where: { $0.columnName == key }) else {
            error(.unsupportedConstruct, "'\(model.name)' has no primary key to tell a missing row from a present one", at: range)
            return nil
        }
        let keyColumn = columnOfRow(row, named: keyAttribute.name)
        let present = make(.sql(.isIdentical(negated: true), [keyColumn, make(.constant(.null), .optional(keyColumn.type.unwrapped), at: range)]), .bool, at: range)
        let guarded = make(.sql(.caseWhen(hasBase: false, hasElse: false), [present, object]), .optional(.string), at: range)
        return (guarded, present)
    }

    /// `$0.jsonObject()`: the row as a JSON object, a `String` (optional for a left-joined row).
    mutating func checkJSONObject(base: Expr, method: Identifier, call: Call, at range: SourceRange) -> TypedExpr {
        guard call.arguments.isEmpty, call.trailingClosure == nil else { return wrongArguments(method, "()", at: range) }
        let row = checkSQLValue(base, expected: nil)
        if row.type.isError { return make(.error, .error, at: range) }
        guard case .model(let name) = row.type.unwrapped.kind, isBuilderRow(row), let model = model(named: name) else {
            error(.typeMismatch, "'jsonObject' writes a whole row as JSON, as in '$0.jsonObject()'; '\(text(base.range))' is '\(row.type)'", at: base.range)
            return make(.error, .error, at: range)
        }
        guard let (object, _) = jsonObject(ofRow: row, model: model, at: range) else { return make(.error, .error, at: range) }
        return object
    }
}
