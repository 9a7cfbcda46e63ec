/// The generator's types: what the example schema's values are in Swift.
indirect enum GenType: Hashable, Sendable, CustomStringConvertible {
    case bool, int, double, string, date, priority, status
    /// An object of a model.
    case object(String)
    /// A to-many relationship of a model.
    case many(String)
    case optional(GenType)

    var isOptional: Bool { if case .optional = self { true } else { false } }
    var unwrapped: GenType { if case .optional(let wrapped) = self { wrapped.unwrapped } else { self } }
    /// `T?` for a non-optional `T`, `T?` unchanged (what optional chaining gives).
    var flattenedOptional: GenType { isOptional ? self : .optional(self) }

    var description: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .date: "Date"
        case .priority: "Priority"
        case .status: "Status"
        case .object(let model): model
        case .many(let model): "[\(model)]"
        case .optional(let wrapped): "\(wrapped)?"
        }
    }
}

/// One node of a generated expression: text pieces around children, with its type, so that
/// shrinking can replace it by a smaller expression of the same type.
struct GenNode: CustomStringConvertible {
    enum Piece {
        case text(String)
        /// A child, wrapped in parentheses when its level is below `need`.
        case child(Int, need: Int)
    }

    enum Role: Equatable {
        case plain
        /// `&&` / `||` over the children.
        case logical(String)
        case intLiteral(Int64)
        case doubleLiteral(Double)
        case stringLiteral(String)
        case boolLiteral(Bool)
        /// A variable reference, a member path or a named parameter: a leaf for shrinking.
        case leaf
        /// Introduces a closure or binding variable: its children may not be lifted out of it.
        case binder
    }

    var type: GenType
    var pieces: [Piece]
    var children: [GenNode]
    /// 3: primary (`x`, `$0.a.b`, `f(x)`); 2: postfix chain with `?.` (an operand, but no
    /// further postfix without parentheses); 1: prefix expression (`!x`, `-x`); 0: binary,
    /// ternary, `if`.
    var level: Int
    var role: Role
    /// Takes its type from context (`nil`, `.high`, literal-only arithmetic).
    var needsContext: Bool
    /// Compiles only where the context already expects its optional type: `c ? x : nil` (Sift
    /// types the branches from the first one, so `nil` needs the expected `T?`; Swift would
    /// infer `T?` by itself). Only ever the right side of `==` / `!=`.
    var needsExpectation = false

    init(_ type: GenType, _ pieces: [Piece], _ children: [GenNode] = [], level: Int, role: Role = .plain, needsContext: Bool = false) {
        self.type = type
        self.pieces = pieces
        self.children = children
        self.level = level
        self.role = role
        self.needsContext = needsContext
    }

    /// A node of fixed text.
    static func leaf(_ text: String, _ type: GenType, level: Int = 3, role: Role = .leaf, needsContext: Bool = false) -> GenNode {
        GenNode(type, [.text(text)], level: level, role: role, needsContext: needsContext)
    }

    /// Builds a node from a template where `\0`, `\1`, ... are written as `{0}`, `{1}`; `{0:3}`
    /// asks for level 3 (parentheses otherwise). Default need is 1 (an operand).
    static func make(_ type: GenType, _ template: String, _ children: [GenNode], level: Int, role: Role = .plain, needsContext: Bool = false) -> GenNode {
        var pieces: [Piece] = []
        var text = ""
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            if character == "{", let close = template[index...].firstIndex(of: "}") {
                let inside = template[template.index(after: index)..<close]
                let parts = inside.split(separator: ":")
                if let child = Int(parts[0]) {
                    if !text.isEmpty { pieces.append(.text(text)) }
                    text = ""
                    pieces.append(.child(child, need: parts.count > 1 ? Int(parts[1])! : 1))
                    index = template.index(after: close)
                    continue
                }
            }
            text.append(character)
            index = template.index(after: index)
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return GenNode(type, pieces, children, level: level, role: role, needsContext: needsContext)
    }

    var description: String { render() }

    func render() -> String {
        var output = ""
        for piece in pieces {
            switch piece {
            case .text(let text): output += text
            case .child(let index, let need):
                let child = children[index]
                output += child.level < need ? "(" + child.render() + ")" : child.render()
            }
        }
        return output
    }

    var size: Int { 1 + children.reduce(0) { $0 + $1.size } }

    /// A named parameter: it takes its type from context in the checker, like a literal.
    static func parameter(_ name: String, _ type: GenType) -> GenNode {
        leaf(name, type, needsContext: true)
    }

    // MARK: Literals

    static func int(_ value: Int64, hex: Bool = false) -> GenNode {
        let text: String
        if hex, value >= 0 {
            text = "0x" + String(value, radix: 16, uppercase: true)
        } else {
            text = String(value)
        }
        return leaf(text, .int, level: value < 0 ? 1 : 3, role: .intLiteral(value), needsContext: true)
    }

    static func double(_ value: Double) -> GenNode {
        var text = "\(value)"
        if !text.contains(".") && !text.contains("e") { text += ".0" }
        return leaf(text, .double, level: value < 0 || text.hasPrefix("-") ? 1 : 3, role: .doubleLiteral(value), needsContext: true)
    }

    static func string(_ value: String) -> GenNode {
        leaf(swiftLiteral(value), .string, role: .stringLiteral(value))
    }

    static func bool(_ value: Bool) -> GenNode {
        leaf(value ? "true" : "false", .bool, role: .boolLiteral(value))
    }

    /// The Swift string literal for `value`: quotes, backslashes and control characters escaped,
    /// combining marks and other invisible scalars written as `\u{...}` so they can be read.
    static func swiftLiteral(_ value: String) -> String {
        var output = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\0": output += "\\0"
            default:
                let v = scalar.value
                let invisible = v < 0x20 || v == 0x7F || (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v)
                    || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0xFEFF
                if invisible {
                    output += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}
