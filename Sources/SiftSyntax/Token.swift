/// One lexical token: its kind and where it is. The text is read back from the source by range.
/// It holds no reference (`BitwiseCopyable`): the lexer writes tokens into raw memory.
public struct Token: Sendable, Hashable, CustomStringConvertible, BitwiseCopyable {
    /// What kind of token it is.
    public var kind: TokenKind
    /// Where it is in the source, in UTF-8 offsets.
    public var range: SourceRange
    /// Whitespace, a comment or the start of input comes right before this token.
    public var leadingTrivia: Bool
    /// Whitespace, a comment or the end of input comes right after this token.
    public var trailingTrivia: Bool
    /// A line break comes before this token (after the previous one).
    public var atStartOfLine: Bool

    /// A token of `kind` at `range`, with the trivia around it.
    public init(
        kind: TokenKind, range: SourceRange, leadingTrivia: Bool = false, trailingTrivia: Bool = false,
        atStartOfLine: Bool = false
    ) {
        self.kind = kind
        self.range = range
        self.leadingTrivia = leadingTrivia
        self.trailingTrivia = trailingTrivia
        self.atStartOfLine = atStartOfLine
    }

    public var description: String { "\(kind)@\(range)" }
}

/// The kinds of token in Sift's language, which uses Swift's lexical rules.
///
/// Operators follow Swift: a run of operator characters is one token, and whether `-`, `!` or `?`
/// is prefix, postfix or binary depends on the whitespace around it (see "Lexical rules" in `Grammar/README.md`).
public enum TokenKind: Sendable, Hashable, BitwiseCopyable {
    // Names and literals
    /// `name`, `이름`, or a keyword in back quotes used as a name.
    case identifier
    /// `$0`, `$1`: an anonymous closure parameter.
    case dollarIdentifier
    /// `42`, `0x2A`, `0b101`, `1_000`.
    case integerLiteral
    /// `1.5`, `2e10`, `0x1p4`.
    case floatLiteral
    /// A string literal; its value is decoded by the parser (escapes) from the source range.
    case stringLiteral
    /// A multi-line `"""` string literal.
    case multilineStringLiteral

    // Keywords (reserved everywhere)
    /// `true`
    case kwTrue
    /// `false`
    case kwFalse
    /// `nil`
    case kwNil
    /// `in`, after a closure's parameters
    case kwIn
    /// `return`
    case kwReturn
    /// `if`
    case kwIf
    /// `let`
    case kwLet
    /// `var`
    case kwVar
    /// `else`
    case kwElse
    // Declaration keywords, reserved as in Swift (used by model files)
    /// `class`
    case kwClass
    /// `struct`
    case kwStruct
    /// `enum`
    case kwEnum
    /// `case`
    case kwCase
    /// `import`
    case kwImport
    /// `extension`
    case kwExtension
    /// `func`
    case kwFunc
    /// `init`
    case kwInit

    // Punctuation
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `[`
    case leftBracket
    /// `]`
    case rightBracket
    /// `,`
    case comma
    /// `:`
    case colon
    /// `;`
    case semicolon
    /// `.` for member access, key-path components and implicit members (`.reverse`).
    case period
    /// `#` starting a macro expansion such as `#Predicate`.
    case pound
    /// `@` starting an attribute such as `@Query` or `@Model`.
    case atSign
    /// `\` starting a key path such as `\User.name`.
    case backslash
    /// `->` in function types (model files).
    case arrow

    // Operators
    /// `+`
    case plus
    /// `-`, binary or prefix
    case minus
    /// `*`
    case star
    /// `/`
    case slash
    /// `%`
    case percent
    /// `==`
    case equalEqual
    /// `!=`
    case bangEqual
    /// `<`
    case less
    /// `<=`
    case lessEqual
    /// `>`
    case greater
    /// `>=`
    case greaterEqual
    /// `&&`
    case ampAmp
    /// `||`
    case pipePipe
    /// `??`
    case questionQuestion
    /// `...`
    case closedRange
    /// `..<`
    case halfOpenRange
    /// `!` as a prefix operator (logical not).
    case prefixBang
    /// `!` as a postfix operator (force unwrap), written with no space before it.
    case postfixBang
    /// `?` as a postfix operator (optional chaining), written with no space before it.
    case postfixQuestion
    /// `?` of the ternary conditional, with space before it.
    case question
    /// `=` in `if let x = ...` and in declarations; a mistake for `==` elsewhere.
    case equal
    /// A run of operator characters that is not an operator of the language (`&`, `===`, `<>`).
    case unknownOperator

    /// Text that is not a token at all (a stray character); the lexer has reported it.
    case unknown
    /// The end of the input (always the last token).
    case endOfFile
}

extension TokenKind {
    /// How a token kind is written, for diagnostics ("expected ')'").
    public var spelling: String {
        switch self {
        case .identifier: "identifier"
        case .dollarIdentifier: "anonymous closure parameter"
        case .integerLiteral: "integer literal"
        case .floatLiteral: "floating-point literal"
        case .stringLiteral, .multilineStringLiteral: "string literal"
        case .kwTrue: "true"
        case .kwFalse: "false"
        case .kwNil: "nil"
        case .kwIn: "in"
        case .kwReturn: "return"
        case .kwIf: "if"
        case .kwLet: "let"
        case .kwVar: "var"
        case .kwElse: "else"
        case .kwClass: "class"
        case .kwStruct: "struct"
        case .kwEnum: "enum"
        case .kwCase: "case"
        case .kwImport: "import"
        case .kwExtension: "extension"
        case .kwFunc: "func"
        case .kwInit: "init"
        case .leftParen: "("
        case .rightParen: ")"
        case .leftBrace: "{"
        case .rightBrace: "}"
        case .leftBracket: "["
        case .rightBracket: "]"
        case .comma: ","
        case .colon: ":"
        case .semicolon: ";"
        case .period: "."
        case .pound: "#"
        case .atSign: "@"
        case .backslash: "\\"
        case .arrow: "->"
        case .plus: "+"
        case .minus: "-"
        case .star: "*"
        case .slash: "/"
        case .percent: "%"
        case .equalEqual: "=="
        case .bangEqual: "!="
        case .less: "<"
        case .lessEqual: "<="
        case .greater: ">"
        case .greaterEqual: ">="
        case .ampAmp: "&&"
        case .pipePipe: "||"
        case .questionQuestion: "??"
        case .closedRange: "..."
        case .halfOpenRange: "..<"
        case .prefixBang, .postfixBang: "!"
        case .postfixQuestion, .question: "?"
        case .equal: "="
        case .unknownOperator: "operator"
        case .unknown: "character"
        case .endOfFile: "end of input"
        }
    }

    /// Reserved words, by spelling.
    public static let keywords: [String: TokenKind] = [
        "true": .kwTrue, "false": .kwFalse, "nil": .kwNil, "in": .kwIn, "return": .kwReturn,
        "if": .kwIf, "let": .kwLet, "var": .kwVar, "else": .kwElse, "class": .kwClass,
        "struct": .kwStruct, "enum": .kwEnum, "case": .kwCase, "import": .kwImport,
        "extension": .kwExtension, "func": .kwFunc, "init": .kwInit,
    ]

    /// Whether the kind is one of ``keywords``' (by a `switch`, not by searching the dictionary's
    /// values: it is asked of every argument label and member name).
    public var isKeyword: Bool {
        switch self {
        case .kwTrue, .kwFalse, .kwNil, .kwIn, .kwReturn, .kwIf, .kwLet, .kwVar, .kwElse, .kwClass, .kwStruct, .kwEnum, .kwCase,
            .kwImport, .kwExtension, .kwFunc, .kwInit:
            true
        default: false
        }
    }

    /// The keyword spelled by `bytes`, if any (the words of ``keywords``): the candidates of its
    /// length and first letter are compared byte by byte, which costs less than making a `String`
    /// and hashing it, or than comparing with every word.
    static func keyword(spelledBy bytes: UnsafeBufferPointer<UInt8>) -> TokenKind? {
        func spells(_ word: StaticString) -> Bool { word.isSpelled(by: bytes) }
        guard let first = bytes.first else { return nil }
        switch (bytes.count, first) {
        case (2, UInt8(ascii: "i")): return spells("if") ? .kwIf : spells("in") ? .kwIn : nil
        case (3, UInt8(ascii: "n")): return spells("nil") ? .kwNil : nil
        case (3, UInt8(ascii: "l")): return spells("let") ? .kwLet : nil
        case (3, UInt8(ascii: "v")): return spells("var") ? .kwVar : nil
        case (4, UInt8(ascii: "t")): return spells("true") ? .kwTrue : nil
        case (4, UInt8(ascii: "e")): return spells("else") ? .kwElse : spells("enum") ? .kwEnum : nil
        case (4, UInt8(ascii: "c")): return spells("case") ? .kwCase : nil
        case (4, UInt8(ascii: "f")): return spells("func") ? .kwFunc : nil
        case (4, UInt8(ascii: "i")): return spells("init") ? .kwInit : nil
        case (5, UInt8(ascii: "f")): return spells("false") ? .kwFalse : nil
        case (5, UInt8(ascii: "c")): return spells("class") ? .kwClass : nil
        case (6, UInt8(ascii: "r")): return spells("return") ? .kwReturn : nil
        case (6, UInt8(ascii: "s")): return spells("struct") ? .kwStruct : nil
        case (6, UInt8(ascii: "i")): return spells("import") ? .kwImport : nil
        case (9, UInt8(ascii: "e")): return spells("extension") ? .kwExtension : nil
        default: return nil
        }
    }
}

extension StaticString {
    /// Whether `bytes` are this string's UTF-8, compared byte by byte (not through the generic
    /// `elementsEqual` over a slice or a `String.UTF8View`, many times slower for a word).
    func isSpelled(by bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withUTF8Buffer { spelling in
            guard spelling.count == bytes.count else { return false }
            for index in 0..<spelling.count where spelling[index] != bytes[index] { return false }
            return true
        }
    }
}
