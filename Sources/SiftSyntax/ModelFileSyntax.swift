/// The declarations of a model file: SwiftData `@Model` classes, StructuredQueries `@Table`
/// structs and raw-value enums, in Swift syntax. ``SiftSchema`` turns them into a schema.
public struct ModelFileSyntax: Sendable, Hashable {
    /// The top-level declarations, in order.
    public var declarations: [Declaration]
    /// The nodes of the expressions in the declarations (default values, attribute arguments).
    public var tree: SyntaxTree

    /// A model file of `declarations` whose expressions are nodes of `tree`.
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
    /// The attribute's name, without `@`.
    public var name: Identifier
    /// `nil` when written without parentheses.
    public var arguments: [Argument]?
    /// From `@` to the end of the arguments.
    public var range: SourceRange

    /// An attribute `@name(arguments)`.
    public init(name: Identifier, arguments: [Argument]?, range: SourceRange) {
        self.name = name
        self.arguments = arguments
        self.range = range
    }
}

/// A class or struct declaration.
public struct TypeDeclaration: Sendable, Hashable {
    /// `class` or `struct`.
    public enum Kind: String, Sendable, Hashable {
        /// `class` (a SwiftData `@Model`).
        case `class`
        /// `struct` (a StructuredQueries `@Table`).
        case `struct`
    }

    /// The attributes (`@Model`, `@Table("name")`).
    public var attributes: [AttributeSyntax]
    /// `final`, `public`, ...
    public var modifiers: [Identifier]
    /// Whether it is a class or a struct.
    public var kind: Kind
    /// The type's name.
    public var name: Identifier
    /// The superclass and protocols after `:`.
    public var inheritance: [TypeSyntax]
    /// The member declarations, in order.
    public var members: [Declaration]
    /// The whole declaration, attributes included.
    public var range: SourceRange

    /// A type declaration.
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
    /// The attributes (`@Attribute(.unique)`, `@Relationship(...)`, `@Column("name")`).
    public var attributes: [AttributeSyntax]
    /// Modifiers such as `public`, `private` or `static`.
    public var modifiers: [Identifier]
    /// Declared with `let` rather than `var`.
    public var isLet: Bool
    /// The property's name.
    public var name: Identifier
    /// The type annotation, when written.
    public var type: TypeSyntax?
    /// The initial value, when written.
    public var initializer: Expr?
    /// Written with a body (`var x: Int { ... }`): computed, so not stored.
    public var isComputed: Bool
    /// The whole declaration, attributes included.
    public var range: SourceRange

    /// A property declaration.
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
    /// The attributes.
    public var attributes: [AttributeSyntax]
    /// Modifiers such as `public`.
    public var modifiers: [Identifier]
    /// The enum's name.
    public var name: Identifier
    /// The inheritance clause; the first entry is the raw type when it is one (`Int`, `String`).
    public var inheritance: [TypeSyntax]
    /// The cases, in order.
    public var cases: [EnumCaseSyntax]
    /// The `static func <` the enum declares in its body, if any.
    public var lessThan: LessThanDeclaration?
    /// The whole declaration.
    public var range: SourceRange

    /// What an enum's own `<` compares, as far as Sift reads it.
    public enum LessThanDeclaration: Sendable, Hashable {
        /// `static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }`.
        case rawValues
        /// Any other body (declared at this range): code Sift does not run.
        case other(SourceRange)
    }

    /// An enum declaration.
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
    /// The case's name.
    public var name: Identifier
    /// The raw value, when written (`= 1`, `= "low"`).
    public var rawValue: Expr?
    /// Where the case is written.
    public var range: SourceRange
    /// The attributes written before `case` (`@Column("video_preview")`), shared by the cases of
    /// one `case` declaration.
    public var attributes: [AttributeSyntax]
    /// The associated values, `(URL)` or `(startDate: Date)`; nil when the case has none.
    public var associatedValues: [AssociatedValueSyntax]?
    /// How many cases the `case` declaration that declares this one names (`case a, b` names two).
    public var casesInDeclaration: Int

    /// A case named `name` with `rawValue`.
    public init(
        name: Identifier, rawValue: Expr?, range: SourceRange, attributes: [AttributeSyntax] = [],
        associatedValues: [AssociatedValueSyntax]? = nil, casesInDeclaration: Int = 1
    ) {
        self.name = name
        self.rawValue = rawValue
        self.range = range
        self.attributes = attributes
        self.associatedValues = associatedValues
        self.casesInDeclaration = casesInDeclaration
    }
}

/// One associated value of an enum case: `URL`, `startDate: Date`, `_ url: URL = x`.
public struct AssociatedValueSyntax: Sendable, Hashable {
    /// The label, when written (`startDate`); nil for none or `_`.
    public var label: Identifier?
    /// The type; nil when it is not a type Sift reads (a tuple, a function).
    public var type: TypeSyntax?
    /// Whether a default value is written (`= ""`).
    public var hasDefault: Bool
    /// Where it is written.
    public var range: SourceRange

    /// An associated value.
    public init(label: Identifier?, type: TypeSyntax?, hasDefault: Bool, range: SourceRange) {
        self.label = label
        self.type = type
        self.hasDefault = hasDefault
        self.range = range
    }
}

/// A declaration that is read but does not describe stored data.
public struct SkippedDeclaration: Sendable, Hashable {
    /// What it was: `import`, `init`, `func`, `computed property`, ...
    public var what: String
    /// Where it is written.
    public var range: SourceRange

    /// A skipped declaration of kind `what`.
    public init(what: String, range: SourceRange) {
        self.what = what
        self.range = range
    }
}
