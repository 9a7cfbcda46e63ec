import SiftLargeStack

/// The parser of Sift's front end: queries in every accepted form, bare expressions and model
/// files, from one token stream and one expression grammar.
///
/// Expressions are parsed by a Pratt parser driven by `ParseRule`'s table with Swift's
/// precedence groups. The parser never stops at the first error: it reports, inserts an
/// ``ExprKind/error`` node, resynchronises on closing delimiters, commas and clause keywords, and
/// goes on, so one input can show several independent errors. Nesting and tree height are
/// bounded (``maximumNestingDepth``, ``maximumExpressionDepth``) so no input can overflow the stack,
/// here or in the phases that walk the tree.
public struct Parser {
    /// How deeply parentheses, brackets, closures, calls and prefix operators may nest.
    public static let maximumNestingDepth = 256
    /// How tall an expression tree may be (e.g. a chain of 1,000 `+`). SQLite rejects expression
    /// trees deeper than 1,000 (and SQL adds levels of its own), and later phases walk the tree
    /// recursively, so the limit leaves headroom for both.
    public static let maximumExpressionDepth = 512
    /// Inputs whose estimated recursion depth exceeds this are parsed on a ``LargeStack`` thread.
    static let largeStackThreshold = 32

    // MARK: Entry points

    /// Parses one query in any form (`#Predicate`, `SortDescriptor`, `FetchDescriptor`, SwiftUI
    /// `@Query`, or the concise `User where ...`). The value is `nil` only when nothing resembling a
    /// query was found (e.g. empty input).
    public static func parseQuery(_ source: SourceFile) -> Parsed<Query?> {
        parseQuery(source, readingPlainPredicates: true)
    }

    /// ``parseQuery(_:)``, with or without the shortcut for `#Predicate<Model> { ... }` (off, the
    /// general macro expansion reads it: the tests compare the two).
    static func parseQuery(_ source: SourceFile, readingPlainPredicates: Bool) -> Parsed<Query?> {
        var parser = Parser(source)
        parser.readsPlainPredicates = readingPlainPredicates
        var query = withSufficientStack(&parser) { $0.parseSingleQuery() }
        parser.recognizeForeignSpellings()
        let tree = parser.finishedTree()
        query?.tree = tree
        return Parsed(
            value: query, diagnostics: parser.finishedDiagnostics(), tree: tree, tallestExpression: parser.tallestExpression)
    }

    /// Parses a file of queries separated by `;` or by line breaks (a new line starts a new
    /// query when the previous one is complete and the line cannot continue it, as for Swift
    /// statements).
    public static func parseScript(_ source: SourceFile) -> Parsed<[Query]> {
        var parser = Parser(source)
        var queries = withSufficientStack(&parser) { $0.parseQueries() }
        parser.recognizeForeignSpellings()
        let tree = parser.finishedTree()
        for index in queries.indices { queries[index].tree = tree }
        return Parsed(value: queries, diagnostics: parser.finishedDiagnostics(), tree: tree)
    }

    /// Parses one expression (e.g. a closure body typed at a prompt); trailing text is an error.
    public static func parseExpression(_ source: SourceFile) -> Parsed<Expr> {
        var parser = Parser(source)
        let expr = withSufficientStack(&parser) { parser -> Expr in
            if parser.at(.endOfFile) {
                parser.error(
                    .expectedExpression, "expected an expression, such as '$0.age > 20'", at: parser.current.range)
                return parser.errorNode(parser.current.range).expr
            }
            let expr = parser.parseExpression().expr
            parser.expectEndOfInput()
            return expr
        }
        return Parsed(value: expr, diagnostics: parser.finishedDiagnostics(), tree: parser.finishedTree())
    }

    /// Parses a model file: `@Model` classes, `@Table` structs, raw-value enums; imports,
    /// initialisers, functions and extensions are read and skipped.
    public static func parseModelFile(_ source: SourceFile) -> Parsed<ModelFileSyntax> {
        var parser = Parser(source)
        var file = withSufficientStack(&parser) { $0.parseModelFileDeclarations() }
        let tree = parser.finishedTree()
        file.tree = tree
        return Parsed(value: file, diagnostics: parser.finishedDiagnostics(), tree: tree)
    }

    /// Runs `body` with the parser directly, or on a ``LargeStack`` thread when the tokens show
    /// nesting deep enough that recursive descent could exhaust a small thread stack.
    static func withSufficientStack<T>(_ parser: inout Parser, _ body: (inout Parser) -> T) -> T {
        // Each level of the estimate takes a token of its own: few tokens need no scan, and few
        // tokens that open a level need no estimate (it builds two stacks as it goes).
        if parser.tokens.count <= largeStackThreshold || parser.deepeningTokenCount() <= largeStackThreshold { return body(&parser) }
        guard parser.estimatedRecursionDepth() > largeStackThreshold else { return body(&parser) }
        return LargeStack.run { body(&parser) }
    }

    /// How many tokens can add a level to ``estimatedRecursionDepth()``: an upper bound of it.
    func deepeningTokenCount() -> Int {
        var count = 0
        for token in tokens {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace, .prefixBang, .minus, .questionQuestion, .question, .kwIf, .kwElse: count += 1
            default: break
            }
        }
        return count
    }

    /// An upper bound of how deeply the parser will recurse: the nesting of `(`, `[`, `{`, plus,
    /// at each level, the operators that recurse into their operand (prefix `!` and `-`, `??`) since
    /// the last `&&`, `||`, comparison or `,` (which end such chains), and the `?:` and `if`/`else`
    /// of the level (which can chain across them).
    func estimatedRecursionDepth() -> Int {
        var chains: [Int] = [0]
        var branches: [Int] = [0]
        var total = 0
        var deepest = 0
        for token in tokens {
            switch token.kind {
            case .leftParen, .leftBracket, .leftBrace:
                chains.append(0)
                branches.append(0)
            case .rightParen, .rightBracket, .rightBrace:
                if chains.count > 1 {
                    total -= chains.removeLast() + branches.removeLast()
                }
            case .prefixBang, .minus, .questionQuestion:
                chains[chains.count - 1] += 1
                total += 1
            case .question, .kwIf, .kwElse:
                branches[branches.count - 1] += 1
                total += 1
            case .ampAmp, .pipePipe, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual:
                total -= chains[chains.count - 1]
                chains[chains.count - 1] = 0
            case .comma, .semicolon:
                total -= chains[chains.count - 1] + branches[branches.count - 1]
                chains[chains.count - 1] = 0
                branches[branches.count - 1] = 0
            default:
                break
            }
            deepest = max(deepest, chains.count - 1 + total)
        }
        return deepest
    }

    // MARK: State

    // Phase state: a struct on its caller's stack, changed through `mutating` methods, and its
    // readers are `mutating` too (why: "Conventions" in docs/ARCHITECTURE.md).
    let source: SourceFile
    let bytes: [UInt8]
    var tokens: [Token]
    let stringValues: StringLiteralValues
    /// The substitution variables (`$name`) of the format strings read so far, in order of first use.
    var formatVariables: [String] = []
    var position = 0
    var diagnostics: [Diagnostic]
    /// Current recursion depth of expression parsing.
    var nestingDepth = 0
    var reportedNestingTooDeep = false
    var reportedExpressionTooDeep = false
    /// The height of the tallest expression tree built so far (no tree is taller).
    var tallestExpression = 0
    /// The nodes of the expressions parsed so far (see ``SyntaxTree``).
    var nodes: [ExprKind] = []
    /// Whether `#Predicate<Model> { ... }` is read by its shortcut (``parsePlainPredicate()``).
    var readsPlainPredicates = true
    /// `false` while parsing the conditions of an `if`, where `{` starts the body.
    var allowsTrailingClosure = true
    /// Whether `(a, b)` is read as a tuple (inside a query builder's closures) rather than reported.
    var readsTuples = false
    /// Inside `With { ... }`: a chain may start with a row written as a value, `Count(value: 1)`.
    var readsRowValues = false
    /// The names of the `with` sub-queries in scope (those written before the query being read):
    /// `count(open where …)` counts one of them, whatever its name's case.
    var commonTableNames: [String] = []
    /// The `if` about to be parsed is a statement (the whole body of a closure, or the whole
    /// branch of such an `if`), so its branches may start with `return`, as in Swift.
    var nextIfIsStatement = false
    /// The indentation of the lines of the braces currently open, to tell which closure lacks
    /// its `}` when a closing brace sits at the indentation of an outer one. Kept only for input
    /// with line breaks (on one line no `}` starts a line): one allocation less per query.
    var openBraceIndentations: [Int] = []
    /// The input has line breaks (the lexer saw one outside string literals).
    let hasLineBreaks: Bool

    init(_ source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
        let lexed = Lexer.tokenize(source)
        self.tokens = lexed.tokens
        self.stringValues = lexed.literalValues
        self.diagnostics = lexed.diagnostics
        self.hasLineBreaks = lexed.hasLineBreaks
        // Room for three nodes per four tokens: a query's punctuation (`#Predicate<User> { }`,
        // `.`, `(`, `,`) has no node of its own, so its tree is one allocation, and a denser tree
        // grows once. (Room for a node per token would make a 24-token query's array larger than
        // the allocator's fast cache, 1 KB.)
        nodes.reserveCapacity(tokens.count * 3 / 4 + 2)
        // Where the lexer reported a broken token, the parser's complaints about the same place
        // would only repeat it: a stray character (up to the next token) or an unterminated string.
        var cascades: [SourceRange] = []
        for diagnostic in lexed.diagnostics {
            switch diagnostic.id {
            case .unterminatedString, .unterminatedComment:
                swallowedEnd = true
                fallthrough
            case .invalidCharacter, .invalidBackquotedIdentifier, .invalidAnonymousParameter:
                let next = Self.firstToken(in: lexed.tokens, startingAtOrAfter: diagnostic.range.start)
                let token = lexed.tokens[next]
                let end = token.range.start == diagnostic.range.start ? token.range.end : token.range.end
                cascades.append(SourceRange(start: diagnostic.range.start, end: max(end, diagnostic.range.end)))
            default:
                break
            }
        }
        self.lexicalCascades = cascades.count > 1 ? cascades.sorted { $0.start < $1.start } : cascades
    }

    /// Ranges (end included) in which parser errors would be cascades of lexical errors.
    let lexicalCascades: [SourceRange]
    /// The lexer reported an unterminated string or comment: errors at the end of input follow from it.
    var swallowedEnd = false

    static func firstToken(in tokens: [Token], startingAtOrAfter offset: Int) -> Int {
        var low = 0
        var high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.start < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a parser error at `range` merely follows from a lexical error.
    mutating func isLexicalCascade(_ range: SourceRange) -> Bool {
        if swallowedEnd, at(.endOfFile) { return true }
        var low = 0
        var high = lexicalCascades.count
        while low < high {
            let middle = (low + high) / 2
            if lexicalCascades[middle].start <= range.start { low = middle + 1 } else { high = middle }
        }
        // The last cascade range starting at or before `range.start`.
        guard low > 0 else { return false }
        return range.start <= lexicalCascades[low - 1].end
    }

    /// The diagnostics sorted by position (stable, so related ones keep their order).
    mutating func finishedDiagnostics() -> [Diagnostic] {
        if diagnostics.count < 2 { return diagnostics }  // nothing to order (the common case: none)
        return diagnostics.enumerated().sorted { lhs, rhs in
            (lhs.element.range.start, lhs.offset) < (rhs.element.range.start, rhs.offset)
        }.map(\.element)
    }

    // MARK: Token cursor

    var current: Token { tokens[position] }

    func peek(_ distance: Int = 1) -> Token { tokens[min(position + distance, tokens.count - 1)] }

    var previous: Token { tokens[max(position - 1, 0)] }

    func at(_ kind: TokenKind) -> Bool { tokens[position].kind == kind }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    mutating func consume(_ kind: TokenKind) -> Token? {
        at(kind) ? advance() : nil
    }

    /// The source text of a token.
    func text(_ token: Token) -> String { source.text(in: token.range) }

    /// Whether the current token is the contextual keyword `word` (an identifier spelled so).
    mutating func atContextualKeyword(_ word: StaticString) -> Bool {
        current.kind == .identifier && tokenTextEquals(current, word)
    }

    /// Whether the token is spelled `word`.
    @inline(__always)
    func tokenTextEquals(_ token: Token, _ word: StaticString) -> Bool {
        text(in: token.range, equals: word)
    }

    /// The current token's name, consumed. (`name(of: advance())` would copy the whole parser: the
    /// read of `name(of:)` would begin before `advance()` changes it.)
    mutating func advanceName() -> Identifier {
        let token = advance()
        return name(of: token)
    }

    /// The name of an identifier or keyword token (back-quotes removed).
    // Inlined, as `nameRange(of:)` is: a call of a non-mutating method from a mutating one passes
    // a copy of the whole parser.
    @inline(__always)
    func name(of token: Token) -> Identifier {
        Identifier(source.text(in: nameRange(of: token)), at: token.range)
    }

    /// Where the name of an identifier or keyword token is: the token without its back-quotes.
    @inline(__always)
    func nameRange(of token: Token) -> SourceRange {
        let range = token.range
        if token.kind == .identifier, range.length >= 2, bytes[range.start] == UInt8(ascii: "`") {
            return SourceRange(start: range.start + 1, end: range.end - 1)
        }
        return range
    }

    /// Whether the source text in `range` is spelled `word`.
    @inline(__always)
    func text(in range: SourceRange, equals word: StaticString) -> Bool {
        guard range.length == word.utf8CodeUnitCount, range.end <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { word.isSpelled(by: UnsafeBufferPointer(rebasing: $0[range.start..<range.end])) }
    }

    /// Whether two ranges hold the same source bytes.
    func sameText(_ first: SourceRange, _ second: SourceRange) -> Bool {
        guard first.length == second.length, first.start >= 0, second.start >= 0, first.end <= bytes.count, second.end <= bytes.count else {
            return false
        }
        return bytes.withUnsafeBufferPointer { bytes in
            for offset in 0..<first.length where bytes[first.start + offset] != bytes[second.start + offset] { return false }
            return true
        }
    }

    /// The end of the previous token: where a missing token would be inserted.
    var insertionPoint: Int { position == 0 ? 0 : tokens[position - 1].range.end }

    /// A range for "expected X" diagnostics: the current token, or the end of the previous one when
    /// the current token is the end of input or on a later line.
    var missingTokenRange: SourceRange {
        if at(.endOfFile) || current.atStartOfLine, position > 0 { return .point(insertionPoint) }
        return current.range
    }

    /// A description of the current token for messages: `'foo'`, `end of input`.
    var currentDescription: String {
        switch current.kind {
        case .endOfFile: "end of input"
        case .stringLiteral, .multilineStringLiteral: "string literal"
        default: "'\(text(current))'"
        }
    }

    // MARK: Diagnostics

    mutating func error(
        _ id: DiagnosticID, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = [],
        fixIts: [Diagnostic.FixIt] = []
    ) {
        if isLexicalCascade(range) { return }
        // After the nesting limit, the parser has skipped text: later errors would be guesses.
        if reportedNestingTooDeep, id != .nestingTooDeep { return }
        diagnostics.append(.error(id, message, at: range, notes: notes, fixIts: fixIts))
    }

    mutating func note(_ id: DiagnosticID, _ message: String, at range: SourceRange) {
        diagnostics.append(.note(id, message, at: range))
    }

    /// Reports text left after a complete construct, once, and skips all of it.
    mutating func expectEndOfInput() {
        guard !at(.endOfFile) else { return }
        reportExtraneous(skipTo: nil)
    }

    /// Reports the current token as unexpected after a complete query and skips to `boundary`
    /// (a token index) or the end.
    mutating func reportExtraneous(skipTo boundary: Int?, what: String = "query") {
        let start = current.range.start
        let message: String
        if previous.kind == .semicolon, position > 0 {
            // The user already separated the queries: where one query is read (`sift query`,
            // `sift compile`), suggesting ';' again would only repeat what they wrote.
            message =
                "unexpected \(currentDescription) after ';': only one query is read here; give each query on its own (scripts and the REPL run queries separated by ';')"
        } else if startsExpression(current) && !current.atStartOfLine {
            message =
                "unexpected \(currentDescription) after the end of the \(what); join expressions with an operator such as '&&', or separate queries with ';'"
        } else {
            message = "unexpected \(currentDescription) after the end of the \(what)"
        }
        let end = boundary ?? tokens.count - 1
        var lastEnd = current.range.end
        while position < end, !at(.endOfFile) {
            lastEnd = current.range.end
            advance()
        }
        error(.extraneousInput, message, at: SourceRange(start: start, end: lastEnd))
    }

    /// Whether a token can start an expression.
    func startsExpression(_ token: Token) -> Bool {
        switch ParseRule.rule(for: token.kind).prefix {
        case nil, .unsupportedPrefixOperator?: false
        default: true
        }
    }
}
