/// Prints a parsed format string as an S-expression, as ``TreePrinter`` prints Swift syntax:
/// `(and (== name "Kim") (BEGINSWITH[c] company.name %@:"A"))`.
extension TreePrinter {
    /// A format condition; its arguments are nodes of `tree`.
    public static func print(_ condition: FormatCondition, in tree: SyntaxTree) -> String {
        var out = ""
        write(condition, in: tree, to: &out)
        return out
    }

    static func write(_ condition: FormatCondition, in tree: SyntaxTree, to out: inout String) {
        switch condition {
        case .constant(let value, _): out += value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let comparison):
            out += "("
            if let quantifier = comparison.quantifier { out += quantifier.rawValue + " " }
            out += comparison.op.rawValue + comparison.options.written + " "
            write(comparison.lhs, in: tree, to: &out)
            out += " "
            write(comparison.rhs, in: tree, to: &out)
            out += ")"
        case .and(let operands, _), .or(let operands, _):
            if case .and = condition { out += "(and" } else { out += "(or" }
            for operand in operands {
                out += " "
                write(operand, in: tree, to: &out)
            }
            out += ")"
        case .not(let inner, _):
            out += "(not "
            write(inner, in: tree, to: &out)
            out += ")"
        }
    }

    static func write(_ expression: FormatExpression, in tree: SyntaxTree, to out: inout String) {
        switch expression.kind {
        case .keyPath(let path):
            // A key spelled as a reserved word was escaped with `#`: printed so.
            var names = path.components.map { FormatKeyword.matching(Array($0.name.utf8)) == nil ? $0.name : "#" + $0.name }
            if let variable = path.variable { names.insert("$" + variable.name, at: 0) }
            out += names.isEmpty ? "SELF" : names.joined(separator: ".")
        case .string(let value): writeQuoted(value, to: &out)
        case .integer(let value): out += String(value)
        case .real(let value): out += String(value)
        case .bool(let value): out += value ? "TRUE" : "FALSE"
        case .null: out += "NULL"
        case .argument(let argument):
            out += argument.written + ":"
            write(argument.value, in: tree, to: &out)
        case .variable(let name): out += "$" + name
        case .aggregate(let elements):
            out += "{"
            for (index, element) in elements.enumerated() {
                if index > 0 { out += ", " }
                write(element, in: tree, to: &out)
            }
            out += "}"
        case .subquery(let collection, let variable, let predicate):
            out += "(SUBQUERY "
            write(collection, in: tree, to: &out)
            out += " $" + variable.name + " "
            write(predicate, in: tree, to: &out)
            out += ")"
        case .cast(let inner, let typeName):
            out += "(CAST "
            write(inner, in: tree, to: &out)
            out += " \"" + typeName + "\")"
        case .index(let inner, let index):
            write(inner, in: tree, to: &out)
            switch index {
            case .position(let value): out += "[\(value)]"
            case .first: out += "[FIRST]"
            case .last: out += "[LAST]"
            case .size: out += "[SIZE]"
            }
        }
    }
}
