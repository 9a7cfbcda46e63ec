import SiftLargeStack

/// Prints syntax trees as canonical S-expressions, for tests and `sift parse`.
///
/// The format is stable: tests compare it verbatim.
///
/// **Expressions** print on one line. Leaves print as Swift writes them: `42`, `0x2A`, `1.5e3`,
/// `"a\n"` (re-escaped), `true`, `nil`, `name` (in back quotes when it is a keyword), `$0`,
/// `.reverse`, `\User.company?.name`. Other nodes are `(head children...)`:
///
/// | tree                    | printed                                   |
/// |-------------------------|-------------------------------------------|
/// | binary `a > b`          | `(> a b)`                                 |
/// | logical `a && b && c`   | `(&& a b c)`                              |
/// | prefix `!a`, `-a`       | `(! a)`, `(- a)`                          |
/// | ternary                 | `(ternary cond then else)`                |
/// | member `a.b`            | `(member a b)`                            |
/// | optional chain `a?.b`   | `(optional-chain (member (bind a) b))`    |
/// | force unwrap `a!`       | `(force a)`                               |
/// | call `f(x, by: y) { }`  | `(call f x by: y (trailing (closure ...)))` |
/// | subscript `a[i]`        | `(subscript a i)`                         |
/// | closure `{ $0 }`        | `(closure $0)`                            |
/// | closure `{ u in ... }`  | `(closure (u) ...)`, typed `(closure (u: User) ...)` |
/// | `return x` in a closure | `(closure (return x))`                    |
/// | array literal           | `(array a b)`                             |
/// | parentheses             | `(paren a)`                               |
/// | `if let c = x {a} else {b}` | `(if ((let c x)) a b)`; `let c` alone is `(let c)` |
/// | macro `#Predicate<User> {...}` | `(macro #Predicate<User> (trailing (closure ...)))` |
/// | error (recovered)       | `<error>`                                 |
///
/// **Types** print as Swift writes them: `User`, `User?`, `[Interest]`, `[String: Int]`,
/// `Predicate<User>`, `RemindersList.ID`.
///
/// **Queries** print as `(query FORM (model T) (filter CLOSURE) (where EXPR) (sort KEY...)
/// (limit EXPR) (offset EXPR))`, omitting absent parts; a sort key is `(\User.birth reverse)`
/// with `comparator: name` when given. With `multiline`, each part is on its own line, indented
/// by two spaces.
///
/// **Model files** print one declaration per line, members indented by two spaces:
/// `(class User : P (attributes @Model) (modifiers final)` then its members, then `)`;
/// properties as `(var name: Type = EXPR computed (attributes ...) (modifiers ...))`; enums as
/// `(enum Priority : Int` then `(case low = 1)` lines; skipped declarations as `(skipped init)`.
/// An attribute with arguments prints as `(@Attribute .unique)`.
///
/// Printing runs on a thread with a large stack, so the tallest tree the parser accepts prints from
/// any thread.
public enum TreePrinter {
    // MARK: Expressions

    /// One expression on one line.
    public static func print(_ expr: Expr, in tree: SyntaxTree) -> String {
        LargeStack.run {
            var out = ""
            write(expr, in: tree, to: &out)
            return out
        }
    }

    static func write(_ expr: Expr, in tree: SyntaxTree, to out: inout String) {
        switch tree[expr] {
        case .integerLiteral(let literal):
            switch literal.radix {
            case 16: out += "0x"
            case 8: out += "0o"
            case 2: out += "0b"
            default: break
            }
            out += literal.digits
        case .floatLiteral(let literal): out += literal.text
        case .stringLiteral(let value): writeQuoted(value, to: &out)
        case .booleanLiteral(let value): out += value ? "true" : "false"
        case .nilLiteral: out += "nil"
        case .arrayLiteral(let elements):
            out += "(array"
            for element in elements {
                out += " "
                write(element, in: tree, to: &out)
            }
            out += ")"
        case .tuple(let elements):
            out += "(tuple"
            for element in elements {
                out += " "
                write(element, in: tree, to: &out)
            }
            out += ")"
        case .identifier(let identifier): out += printedName(identifier.name)
        case .anonymousParameter(let index): out += "$\(index)"
        case .implicitMember(let name): out += "." + printedName(name.name)
        case .keyPath(let keyPath): out += print(keyPath)
        case .member(let base, let name):
            out += "(member "
            write(base, in: tree, to: &out)
            out += " " + printedName(name.name) + ")"
        case .bindOptional(let base): wrap("bind", base, in: tree, to: &out)
        case .optionalChain(let chain): wrap("optional-chain", chain, in: tree, to: &out)
        case .forceUnwrap(let base): wrap("force", base, in: tree, to: &out)
        case .call(let call):
            out += "(call "
            write(call.callee, in: tree, to: &out)
            write(call.arguments, in: tree, to: &out)
            if let closure = call.trailingClosure {
                out += " (trailing "
                write(closure, in: tree, to: &out)
                out += ")"
            }
            out += ")"
        case .subscriptAccess(let base, let arguments):
            out += "(subscript "
            write(base, in: tree, to: &out)
            write(arguments, in: tree, to: &out)
            out += ")"
        case .closure(let closure): write(closure, in: tree, to: &out)
        case .measuredQuery(let query):
            out += "(\(query.measure?.rawValue ?? "count")-of-query " + (query.namedModel.map { printedName($0.name.name) } ?? "?")
            if let rowName = query.rowName { out += " as " + printedName(rowName.name) }
            if case .implicit(let filter) = query.filter {
                out += " (where "
                write(filter, in: tree, to: &out)
                out += ")"
            }
            out += ")"
        case .macroExpansion(let macro):
            out += "(macro #" + macro.name.name
            if !macro.genericArguments.isEmpty {
                out += "<" + macro.genericArguments.map(print).joined(separator: ", ") + ">"
            }
            write(macro.arguments, in: tree, to: &out)
            if let closure = macro.trailingClosure {
                out += " (trailing "
                write(closure, in: tree, to: &out)
                out += ")"
            }
            out += ")"
        case .prefix(let prefix): wrap(prefix.op.rawValue, prefix.operand, in: tree, to: &out)
        case .binary(let binary):
            out += "(" + binary.op.rawValue + " "
            write(binary.lhs, in: tree, to: &out)
            out += " "
            write(binary.rhs, in: tree, to: &out)
            out += ")"
        case .logical(let logical):
            out += "(" + logical.op.rawValue
            for operand in logical.operands {
                out += " "
                write(operand, in: tree, to: &out)
            }
            out += ")"
        case .ternary(let condition, let then, let otherwise):
            out += "(ternary "
            write(condition, in: tree, to: &out)
            out += " "
            write(then, in: tree, to: &out)
            out += " "
            write(otherwise, in: tree, to: &out)
            out += ")"
        case .ifExpr(let ifExpr):
            out += "(if ("
            for (index, condition) in ifExpr.conditions.enumerated() {
                if index > 0 { out += " " }
                switch condition {
                case .expression(let expr): write(expr, in: tree, to: &out)
                case .optionalBinding(let name, let value, _):
                    out += "(let " + printedName(name.name)
                    if let value {
                        out += " "
                        write(value, in: tree, to: &out)
                    }
                    out += ")"
                }
            }
            out += ") "
            write(ifExpr.then, in: tree, to: &out)
            out += " "
            write(ifExpr.elseBranch, in: tree, to: &out)
            out += ")"
        case .paren(let inner): wrap("paren", inner, in: tree, to: &out)
        case .error: out += "<error>"
        }
    }

    private static func wrap(_ head: String, _ expr: Expr, in tree: SyntaxTree, to out: inout String) {
        out += "(" + head + " "
        write(expr, in: tree, to: &out)
        out += ")"
    }

    private static func write(_ arguments: [Argument], in tree: SyntaxTree, to out: inout String) {
        for argument in arguments {
            out += " "
            if let label = argument.label { out += printedName(label.name) + ": " }
            write(argument.value, in: tree, to: &out)
        }
    }

    private static func write(_ closure: Closure, in tree: SyntaxTree, to out: inout String) {
        out += "(closure "
        if let parameters = closure.parameters {
            out += "("
            out += parameters.map { parameter in
                printedName(parameter.name.name) + (parameter.type.map { ": " + print($0) } ?? "")
            }.joined(separator: " ")
            out += ") "
        }
        if closure.hasReturn {
            wrap("return", closure.body, in: tree, to: &out)
        } else {
            write(closure.body, in: tree, to: &out)
        }
        out += ")"
    }

    /// A key path as Swift writes it: `\User.company?.name`, `\.name`.
    public static func print(_ keyPath: KeyPath) -> String {
        var out = "\\" + (keyPath.root.map(print) ?? "")
        for component in keyPath.components {
            out += "." + printedName(component.name.name)
            if component.isOptionalChained { out += "?" }
            if component.isForceUnwrapped { out += "!" }
        }
        return out
    }

    /// A name, back-quoted when it is a keyword or not an identifier.
    static func printedName(_ name: String) -> String {
        if TokenKind.keywords[name] != nil { return "`" + name + "`" }
        if name.isEmpty || name.utf8.contains(where: { $0 == 0x20 || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) {
            return "`" + name + "`"
        }
        return name
    }

    /// A string literal with `"`, `\` and control characters escaped.
    static func writeQuoted(_ value: String, to out: inout String) {
        out += SwiftLiteral.quote(value)
    }

    // MARK: Types

    /// A type as Swift writes it.
    public static func print(_ type: TypeSyntax) -> String {
        switch type.kind {
        case .named(let name, let generics):
            generics.isEmpty ? name.name : name.name + "<" + generics.map(print).joined(separator: ", ") + ">"
        case .optional(let wrapped): print(wrapped) + "?"
        case .implicitlyUnwrappedOptional(let wrapped): print(wrapped) + "!"
        case .array(let element): "[" + print(element) + "]"
        case .dictionary(let key, let value): "[" + print(key) + ": " + print(value) + "]"
        }
    }

    // MARK: Queries

    /// A query; with `multiline`, one part per line.
    public static func print(_ query: Query, multiline: Bool = false) -> String {
        LargeStack.run { printOnCurrentStack(query, multiline: multiline) }
    }

    private static func printOnCurrentStack(_ query: Query, multiline: Bool) -> String {
        let tree = query.tree
        var parts: [String] = []
        if let model = query.model { parts.append("(model " + print(model) + ")") }
        switch query.filter {
        case .closure(let closure)?:
            var out = "(filter "
            write(closure, in: tree, to: &out)
            parts.append(out + ")")
        case .implicit(let expr)?:
            var out = "(where "
            write(expr, in: tree, to: &out)
            parts.append(out + ")")
        case .format(let filter)?:
            var out = "(format "
            write(filter.condition, in: tree, to: &out)
            parts.append(out + ")")
        case nil:
            break
        }
        if !query.sort.isEmpty {
            parts.append("(sort " + query.sort.map(print).joined(separator: " ") + ")")
        }
        if let builder = query.builder {
            for filter in builder.filters {
                var out = "(where "
                switch filter {
                case .closure(let closure): write(closure, in: tree, to: &out)
                case .keyPath(let keyPath): out += print(keyPath)
                }
                parts.append(out + ")")
            }
            if let find = builder.find {
                var out = "(find "
                write(find, in: tree, to: &out)
                parts.append(out + ")")
            }
            for ordering in builder.orderings {
                var out = "(order "
                switch ordering {
                case .keyPath(let keyPath): out += print(keyPath)
                case .closure(let closure): write(closure, in: tree, to: &out)
                }
                parts.append(out + ")")
            }
            for join in builder.joins {
                var out = "(\(join.kind.rawValue) \(join.model.name)"
                for filter in join.filters {
                    out += " (where "
                    switch filter {
                    case .closure(let closure): write(closure, in: tree, to: &out)
                    case .keyPath(let keyPath): out += print(keyPath)
                    }
                    out += ")"
                }
                if let condition = join.condition {
                    out += " "
                    write(condition, in: tree, to: &out)
                }
                parts.append(out + ")")
            }
            for (word, values) in [("group", builder.groupings), ("having", builder.havings), ("select", builder.selections)] {
                for scoped in values {
                    var out = "(\(word) "
                    switch scoped.clause {
                    case .keyPath(let keyPath): out += print(keyPath)
                    case .closure(let closure): write(closure, in: tree, to: &out)
                    }
                    parts.append(out + ")")
                }
            }
            if builder.isDistinct { parts.append("(distinct)") }
            if builder.fetchesOne { parts.append("(fetch-one)") }
        }
        if let limit = query.limit {
            var out = "(limit "
            write(limit, in: tree, to: &out)
            parts.append(out + ")")
        }
        if let offset = query.offset {
            var out = "(offset "
            write(offset, in: tree, to: &out)
            parts.append(out + ")")
        }
        let head = "(query " + query.form.rawValue
        if parts.isEmpty { return head + ")" }
        return head + (multiline ? "\n  " + parts.joined(separator: "\n  ") : " " + parts.joined(separator: " ")) + ")"
    }

    /// A sort key: `(\User.birth reverse)`, `(\.name forward comparator: localizedStandard)`.
    public static func print(_ key: SortKey) -> String {
        var out = "(" + print(key.keyPath) + " " + key.order.rawValue
        if let comparator = key.comparator { out += " comparator: " + comparator.name }
        return out + ")"
    }

    // MARK: Model files

    /// A model file, one declaration per line.
    public static func print(_ file: ModelFileSyntax) -> String {
        LargeStack.run {
            var out = "(model-file"
            for declaration in file.declarations {
                write(declaration, indent: 1, in: file.tree, to: &out)
            }
            return out + ")"
        }
    }

    private static func write(_ declaration: Declaration, indent: Int, in tree: SyntaxTree, to out: inout String) {
        out += "\n" + String(repeating: "  ", count: indent)
        switch declaration {
        case .type(let type):
            out += "(\(type.kind.rawValue) \(printedName(type.name.name))"
            if !type.inheritance.isEmpty { out += " : " + type.inheritance.map(print).joined(separator: ", ") }
            writeAttributes(type.attributes, modifiers: type.modifiers, in: tree, to: &out)
            for member in type.members {
                write(member, indent: indent + 1, in: tree, to: &out)
            }
            out += ")"
        case .enumeration(let enumeration):
            out += "(enum \(printedName(enumeration.name.name))"
            if !enumeration.inheritance.isEmpty {
                out += " : " + enumeration.inheritance.map(print).joined(separator: ", ")
            }
            writeAttributes(enumeration.attributes, modifiers: enumeration.modifiers, in: tree, to: &out)
            for enumCase in enumeration.cases {
                out += "\n" + String(repeating: "  ", count: indent + 1) + "(case " + printedName(enumCase.name.name)
                if let rawValue = enumCase.rawValue {
                    out += " = "
                    write(rawValue, in: tree, to: &out)
                }
                out += ")"
            }
            out += ")"
        case .property(let property):
            out += "(" + (property.isLet ? "let " : "var ") + printedName(property.name.name)
            if let type = property.type { out += ": " + print(type) }
            if let initializer = property.initializer {
                out += " = "
                write(initializer, in: tree, to: &out)
            }
            if property.isComputed { out += " computed" }
            writeAttributes(property.attributes, modifiers: property.modifiers, in: tree, to: &out)
            out += ")"
        case .skipped(let skipped):
            out += "(skipped " + skipped.what + ")"
        }
    }

    private static func writeAttributes(_ attributes: [AttributeSyntax], modifiers: [Identifier], in tree: SyntaxTree, to out: inout String) {
        if !attributes.isEmpty {
            out += " (attributes"
            for attribute in attributes {
                out += " "
                if let arguments = attribute.arguments, !arguments.isEmpty {
                    out += "(@" + attribute.name.name
                    write(arguments, in: tree, to: &out)
                    out += ")"
                } else {
                    out += "@" + attribute.name.name
                }
            }
            out += ")"
        }
        if !modifiers.isEmpty {
            out += " (modifiers " + modifiers.map(\.name).joined(separator: " ") + ")"
        }
    }
}
