/// The declarations of a model file: SwiftData `@Model` classes, StructuredQueries `@Table`
/// structs and raw-value enums, in Swift syntax. ``SiftSchema`` turns them into a schema.
public struct ModelFileSyntax: Sendable, Hashable {
    public var declarations: [Declaration]
    /// The nodes of the expressions in the declarations (default values, attribute arguments).
    public var tree: SyntaxTree

    public init(declarations: [Declaration], tree: SyntaxTree = .empty) {
        self.declarations = declarations
        self.tree = tree
    }
}

/// A top-level or member declaration of a model file.
public enum Declaration: Sendable, Hashable {
    /// `@Model final class User { ... }` or `@Table struct Reminder { ... }`.
    case type(TypeDeclaration)
    /// `enum Priority: Int { case low = 1, medium, high }`.
    case enumeration(EnumDeclaration)
    /// `var name: String`, `@Relationship(...) var interests: [Interest] = []`.
    case property(PropertyDeclaration)
    /// `import SwiftData`, `init(...) { ... }`, `func ...`, a computed property: read and skipped.
    case skipped(SkippedDeclaration)
}

/// `@Name` or `@Name(arguments)`.
public struct AttributeSyntax: Sendable, Hashable {
    public var name: Identifier
    /// `nil` when written without parentheses.
    public var arguments: [Argument]?
    public var range: SourceRange

    public init(name: Identifier, arguments: [Argument]?, range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}

/// A class or struct declaration.
public struct TypeDeclaration: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case `class`, `struct` }

    public var attributes: [AttributeSyntax]
    /// `final`, `public`, ...
    public var modifiers: [Identifier]
    public var kind: Kind
    public var name: Identifier
    public var inheritance: [TypeSyntax]
    public var members: [Declaration]
    public var range: SourceRange

    public init(
        attributes: [AttributeSyntax], modifiers: [Identifier], kind: Kind, name: Identifier,
        inheritance: [TypeSyntax], members: [Declaration], range: SourceRange
    ) {
        self.attributes = attributes
        self.modifiers = modifiers
        self.kind = kind
        self.name = name
        self.inheritance = inheritance
        self.members = members
        self.range = range
    }
}

/// `var name: Type = initial` or `let name: Type`.
public struct PropertyDeclaration: Sendable, Hashable {
    public var attributes: [AttributeSyntax]
    public var modifiers: [Identifier]
    public var isLet: Bool
    public var name: Identifier
    public var type: TypeSyntax?
    public var initializer: Expr?
    /// Written with a body (`var x: Int { ... }`): computed, so not stored.
    public var isComputed: Bool
    public var range: SourceRange

    public init(
        attributes: [AttributeSyntax], modifiers: [Identifier], isLet: Bool, name: Identifier,
        type: TypeSyntax?, initializer: Expr?, isComputed: Bool, range: SourceRange
    ) {
        self.attributes = attributes
        self.modifiers = modifiers
        self.isLet = isLet
        self.name = name
        self.type = type
        self.initializer = initializer
        self.isComputed = isComputed
        self.range = range
    }
}

/// `enum Name: RawType { case a = 1, b }`.
public struct EnumDeclaration: Sendable, Hashable {
    public var attributes: [AttributeSyntax]
    public var modifiers: [Identifier]
    public var name: Identifier
    /// The inheritance clause; the first entry is the raw type when it is one (`Int`, `String`).
    public var inheritance: [TypeSyntax]
    public var cases: [EnumCaseSyntax]
    /// The `static func <` the enum declares in its body, if any.
    public var lessThan: LessThanDeclaration?
    public var range: SourceRange

    /// What an enum's own `<` compares, as far as Sift reads it.
    public enum LessThanDeclaration: Sendable, Hashable {
        /// `static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }`.
        case rawValues
        /// Any other body (declared at this range): code Sift does not run.
        case other(SourceRange)
    }

    public init(
        attributes: [AttributeSyntax], modifiers: [Identifier], name: Identifier, inheritance: [TypeSyntax],
        cases: [EnumCaseSyntax], lessThan: LessThanDeclaration? = nil, range: SourceRange
    ) {
        self.attributes = attributes
        self.modifiers = modifiers
        self.name = name
        self.inheritance = inheritance
        self.cases = cases
        self.lessThan = lessThan
        self.range = range
    }
}

/// One enum case, with its raw value if written.
public struct EnumCaseSyntax: Sendable, Hashable {
    public var name: Identifier
    public var rawValue: Expr?
    public var range: SourceRange

    public init(name: Identifier, rawValue: Expr?, range: SourceRange) {
        self.name = name
        self.rawValue = rawValue
        self.range = range
    }
}

/// A declaration that is read but does not describe stored data.
public struct SkippedDeclaration: Sendable, Hashable {
    /// What it was: `import`, `init`, `func`, `computed property`, ...
    public var what: String
    public var range: SourceRange

    public init(what: String, range: SourceRange) {
        self.what = what
        self.range = range
    }
}
