/// The stable identifiers of the diagnostics reported by the lexer and the parser.
///
/// They are part of Sift's interface: tools and tests match on them, so an identifier never
/// changes meaning once published.
extension DiagnosticID {
    // MARK: Lexer

    /// A string literal without its closing quote on the same line (or before the end of input).
    public static let unterminatedString: DiagnosticID = "unterminated-string"
    /// A `/*` comment without its matching `*/`.
    public static let unterminatedComment: DiagnosticID = "unterminated-comment"
    /// `\q` and other escapes Swift does not define.
    public static let invalidEscape: DiagnosticID = "invalid-escape"
    /// `\u{D800}`, `\u{110000}`, `\u{}` or a malformed `\u{...}`.
    public static let invalidUnicodeEscape: DiagnosticID = "invalid-unicode-escape"
    /// `\(...)` inside a string literal.
    public static let stringInterpolation: DiagnosticID = "string-interpolation"
    /// A multi-line string literal whose layout breaks Swift's rules (content on the opening line,
    /// closing delimiter not on its own line, a line less indented than the closing delimiter).
    public static let multilineStringLayout: DiagnosticID = "multiline-string-layout"
    /// `0b102`, `12abc`, `0x`, `1e`: a malformed number.
    public static let invalidNumber: DiagnosticID = "invalid-number"
    /// A character that cannot start any token (`§`, a control character, a lone back-quote).
    public static let invalidCharacter: DiagnosticID = "invalid-character"
    /// A back-quoted identifier without its closing back-quote, or an empty one.
    public static let invalidBackquotedIdentifier: DiagnosticID = "invalid-backquoted-identifier"

    // MARK: Parser: expressions

    /// Something other than an expression where one is required.
    public static let expectedExpression: DiagnosticID = "expected-expression"
    /// A missing closing `)`, `]` or `}`.
    public static let expectedClosingDelimiter: DiagnosticID = "expected-closing-delimiter"
    /// A missing token other than a closing delimiter (`:`, `in`, `{`, `,`).
    public static let expectedToken: DiagnosticID = "expected-token"
    /// `x.` with no member name after the dot.
    public static let expectedMemberName: DiagnosticID = "expected-member-name"
    /// An operator the language does not have, such as `&`, `|`, `===` or `<>`.
    public static let unsupportedOperator: DiagnosticID = "unsupported-operator"
    /// `=` where an expression continues: assignment, probably meant as `==`.
    public static let assignmentInExpression: DiagnosticID = "assignment-in-expression"
    /// `a < b < c` or `a...b...c`: operators of a non-associative precedence group side by side.
    public static let nonAssociativeOperators: DiagnosticID = "non-associative-operators"
    /// `a -1` or `a- 1`: whitespace around an operator that changes its meaning.
    public static let operatorSpacing: DiagnosticID = "operator-spacing"
    /// Parentheses, brackets, closures or prefix operators nested beyond ``Parser/maximumNestingDepth``.
    public static let nestingTooDeep: DiagnosticID = "nesting-too-deep"
    /// An expression tree taller than ``Parser/maximumExpressionDepth`` (e.g. a very long `+` chain).
    public static let expressionTooDeep: DiagnosticID = "expression-too-deep"
    /// Syntax Swift has but a query does not: tuples, dictionary literals, statements in closures.
    public static let unsupportedSyntax: DiagnosticID = "unsupported-syntax"
    /// An `if` expression without `else`.
    public static let missingElse: DiagnosticID = "missing-else"
    /// `$x` that is not `$0`, `$1`, ...
    public static let invalidAnonymousParameter: DiagnosticID = "invalid-anonymous-parameter"
    /// A key path without components, or with something other than names in it.
    public static let invalidKeyPath: DiagnosticID = "invalid-key-path"
    /// Something that is not a type where a type is required.
    public static let expectedType: DiagnosticID = "expected-type"

    // MARK: Parser: queries

    /// Empty input, or input that does not start like any query form.
    public static let expectedQuery: DiagnosticID = "expected-query"
    /// Text after a complete query.
    public static let extraneousInput: DiagnosticID = "extraneous-input"
    /// An argument label that the initialiser or macro does not have.
    public static let unknownArgumentLabel: DiagnosticID = "unknown-argument-label"
    /// The same argument given twice, or an argument with a missing label.
    public static let invalidArgument: DiagnosticID = "invalid-argument"
    /// An argument that is valid in Swift but does not change a query's result; it is ignored.
    public static let ignoredArgument: DiagnosticID = "ignored-argument"
    /// `#Predicate` written without a closure.
    public static let predicateWithoutClosure: DiagnosticID = "predicate-without-closure"
    /// A `SortDescriptor` whose first argument is not a key path.
    public static let sortDescriptorNeedsKeyPath: DiagnosticID = "sort-descriptor-needs-key-path"
    /// A sort order other than `.forward` / `.reverse` (or `asc` / `desc` in the concise form).
    public static let invalidSortOrder: DiagnosticID = "invalid-sort-order"
    /// A clause of the concise form written twice or malformed (`sort` without `by`).
    public static let invalidClause: DiagnosticID = "invalid-clause"
    /// Two different models named in one query (`FetchDescriptor<User>(predicate: #Predicate<Post> ...)`).
    public static let conflictingModels: DiagnosticID = "conflicting-models"

    // MARK: Parser: model files

    /// Something other than a declaration in a model file.
    public static let expectedDeclaration: DiagnosticID = "expected-declaration"
}
