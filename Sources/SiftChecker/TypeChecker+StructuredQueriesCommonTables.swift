import SiftSchema
import SiftSyntax

/// StructuredQueries' `Name.Columns(a: $0.x, b: ...)` in a `select`: the row of a table type
/// built from values, each column named by its label. Inside `With { ... }` it names the rows
/// of a sub-query (`TypeChecker+CommonTables.swift`). When `Name` is a model of the schema (a
/// `@Table` struct of the model file), the labels are its columns, in its order, and each value
/// is of its column's type, as the library's initializer requires.
extension TypeChecker {
    /// The parts of `Name.Columns(...)`; nil for another expression.
    func builderColumnsCall(_ expr: Expr) -> (type: Identifier, call: Call)? {
        guard case .call(let call) = tree[expr], case .member(let base, let member) = tree[call.callee], member.name == "Columns",
            case .identifier(let type) = tree[base], call.trailingClosure == nil
        else { return nil }
        return (type, call)
    }

    /// The parts of `Count(value: 1)`, a row written as a value; nil for another expression.
    func rowOfValues(_ expr: Expr) -> (type: Identifier, call: Call)? {
        guard case .call(let call) = tree[expr], case .identifier(let type) = tree[call.callee], call.trailingClosure == nil else { return nil }
        return (type, call)
    }

    /// Appends the columns of `Name.Columns(a: x, b: y)`, named `a` and `b`.
    mutating func checkBuilderColumnsCall(_ type: Identifier, _ call: Call, at range: SourceRange, into columns: inout [SelectedColumn]) {
        let declared = schema.model(named: type.name)
        let attributes = declared?.attributes ?? []
        if let declared {
            let labels = call.arguments.map { $0.label?.name ?? "_" }
            let names = attributes.map(\.name)
            guard labels == names else {
                let expected = names.map { "\($0):" }.joined()
                let detail =
                    labels.count == names.count
                    ? "its arguments are labeled '\(labels.map { "\($0):" }.joined(separator: " "))'"
                    : "it is given \(labels.count) value\(labels.count == 1 ? "" : "s")"
                error(
                    .badArguments,
                    "'\(type.name).Columns' takes the \(names.count) column\(names.count == 1 ? "" : "s") of '\(type.name)', in order: '\(type.name).Columns(\(expected))'; \(detail)",
                    at: call.argumentListRange ?? range, notes: [declarationNote("'\(type.name)' is declared here", at: declared.declaration)])
                return
            }
        }
        for (index, argument) in call.arguments.enumerated() {
            guard let label = argument.label else {
                error(.badArguments, "each value of '\(type.name).Columns' is labeled with its column's name, as in 'title: $0.title'", at: argument.range)
                return
            }
            let attribute = index < attributes.count ? attributes[index] : nil
            let typed =
                needsContext(argument.value)
                ? checkSQLValue(argument.value, expected: attribute.map { SiftType($0.type) }) : checkSQL(argument.value)
            if typed.type.isError { continue }
            if case .model = typed.type.unwrapped.kind {
                error(.typeMismatch, "'\(label.name):' takes a column's value; '\(text(argument.value.range))' is a whole row", at: argument.value.range)
                continue
            }
            if let attribute {
                let expected = SiftType(attribute.type)
                let fits = typed.type.isNilLiteral ? attribute.isOptional : typed.type.unwrapped == expected && (attribute.isOptional || !typed.type.isOptional)
                guard fits else {
                    let wanted = attribute.isOptional ? SiftType.optional(expected) : expected
                    error(
                        .typeMismatch,
                        "'\(label.name):' is a '\(wanted)' column of '\(type.name)'; '\(text(argument.value.range))' is '\(typed.type)'",
                        at: argument.value.range)
                    continue
                }
            }
            guard checkSelectable(typed, at: argument.value.range) else { continue }
            if columns.contains(where: { $0.name == label.name }) {
                error(.badArguments, "the column '\(label.name)' is given twice", at: label.range)
                continue
            }
            columns.append(SelectedColumn(name: label.name, value: typed))
        }
    }
}
