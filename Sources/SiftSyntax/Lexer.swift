/// The tokens of a source, with what the lexer found wrong and the decoded string values.
public struct LexedSource: Sendable {
    /// Every token in order, ending with one ``TokenKind/endOfFile``. Stray characters and
    /// comments are not tokens: they are trivia (stray characters are diagnosed).
    public var tokens: [Token]
    /// Lexical errors: unterminated literals and comments, bad escapes and numbers, stray characters.
    public var diagnostics: [Diagnostic]
    /// The decoded value of each string-literal token, by the token's start offset.
    public var literalValues: StringLiteralValues
    /// The same values as a dictionary keyed by the token's start offset.
    public var stringValues: [Int: String] {
        Dictionary(literalValues.entries.map { ($0.offset, $0.value) }, uniquingKeysWith: { _, last in last })
    }
    /// A multi-line string literal or block comment still open at the end of the input.
    public var unterminatedAtEnd: OpenDelimiter?
    /// The input has a line break outside string literals: some token may start a line.
    public var hasLineBreaks = false
}

/// Swift's lexical rules on UTF-8 bytes: Unicode identifiers, back-quoted names, `$0`, numbers in
/// four radixes, string literals (escapes, multi-line, raw), nested comments, and operators split
/// by Swift's whitespace rule into prefix, postfix and binary.
///
/// The lexer never fails: every byte sequence gives a token array (ending with `endOfFile`) and
/// diagnostics. It runs in one linear pass and copies no text.
public enum Lexer {
    /// Lexes a whole source.
    public static func tokenize(_ source: SourceFile) -> LexedSource {
        var lexer = LexerState(bytes: source.bytes)
        lexer.run()
        return LexedSource(
            tokens: lexer.tokens, diagnostics: lexer.diagnostics, literalValues: lexer.literalValues,
            unterminatedAtEnd: lexer.unterminatedAtEnd, hasLineBreaks: lexer.hasLineBreaks)
    }

    /// The decoded value of a string-literal token (escapes replaced, multi-line indentation
    /// removed). Invalid escapes are left out; the lexer reports them.
    public static func decodeStringLiteral(_ token: Token, in source: SourceFile) -> String {
        guard token.kind == .stringLiteral || token.kind == .multilineStringLiteral,
            token.range.start < source.bytes.count
        else { return "" }
        var scanner = StringLiteralScanner(bytes: source.bytes)
        return scanner.scan(from: token.range.start).value
    }

    /// The brackets, multi-line string or block comment still open at the end of `source`,
    /// innermost last. Empty when the input is complete (or only broken in ways another line
    /// cannot fix). A closing bracket closes the innermost matching opener.
    public static func openDelimiters(in source: SourceFile) -> [OpenDelimiter] {
        let lexed = tokenize(source)
        var open: [OpenDelimiter] = []
        for token in lexed.tokens {
            let closing: OpenDelimiter.Kind
            switch token.kind {
            case .leftParen: open.append(OpenDelimiter(kind: .parenthesis, range: token.range)); continue
            case .leftBracket: open.append(OpenDelimiter(kind: .bracket, range: token.range)); continue
            case .leftBrace: open.append(OpenDelimiter(kind: .brace, range: token.range)); continue
            case .rightParen: closing = .parenthesis
            case .rightBracket: closing = .bracket
            case .rightBrace: closing = .brace
            default: continue
            }
            if let index = open.lastIndex(where: { $0.kind == closing }) {
                open.removeSubrange(index...)
            }
        }
        if let last = lexed.unterminatedAtEnd { open.append(last) }
        return open
    }
}

/// The lexer's working state: a cursor over the bytes and what has been produced so far.
struct LexerState {
    let bytes: [UInt8]
    /// ``LexerByteClass/nameCharacters``, read once (a global's every read checks that it was made).
    private let nameCharacters = LexerByteClass.nameCharacters
    var tokens: [Token] = []
    var diagnostics: [Diagnostic] = []
    var literalValues = StringLiteralValues()
    var unterminatedAtEnd: OpenDelimiter?
    /// A line break came outside string literals.
    var hasLineBreaks = false

    /// Where the general methods (``lexIdentifier()``, ``lexNumber()``, ...) lex. The main loop
    /// keeps its position in a local, and sets this only around each call of theirs.
    private var index = 0
    /// Whitespace, a comment, a stray character or the start of input came right before the
    /// position being lexed.
    private var sawTrivia = true
    /// A line break came since the last token. Wherever it is set for a line break,
    /// `hasLineBreaks` is set too: the parser tracks brace indentation only then.
    private var sawNewline = true

    /// Where ``appendToken(_:_:)`` writes while ``run()`` lexes: a batch on the stack with room
    /// for ``outputCapacity`` tokens, of which ``outputCount`` are written. nil outside `run()`.
    private var output: UnsafeMutablePointer<Token>?
    private var outputCount = 0
    private var outputCapacity = 0

    /// Names, `$0`, decimal integers and operators are lexed in ``scan`` where it can; false
    /// sends them all to the general methods.
    private let fastPaths: Bool

    /// Every offset is at most the input's length: when that fits in a range's 32 bits (as it
    /// does for any text the compiler reads), ranges are made without clamping each offset.
    private let narrowRanges: Bool

    init(bytes: [UInt8], fastPaths: Bool = true) {
        self.bytes = bytes
        self.fastPaths = fastPaths
        narrowRanges = bytes.count < Int(Int32.max)
    }

    /// The range of `start..<end`, offsets in the input.
    @inline(__always)
    private func range(_ start: Int, _ end: Int) -> SourceRange {
        narrowRanges ? SourceRange(narrowingStart: start, end: end) : SourceRange(start: start, end: end)
    }

    private func byte(at offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

    mutating func run() {
        // A short query gets room for a token every other byte (`#Predicate<User> { $0.age > 97 }`
        // is 13 tokens in 33 bytes, the end included): growing the array once costs more than
        // lexing a token. A long input gets a token every third byte, and grows when denser.
        tokens.reserveCapacity(bytes.count < 1024 ? bytes.count / 2 + 2 : bytes.count / 3 + 1)
        // Tokens are written into a batch on the stack and appended to the array 32 at a time:
        // appending them one by one checked the array's uniqueness and capacity for each.
        withUnsafeTemporaryAllocation(of: Token.self, capacity: 32) { batch in
            output = batch.baseAddress
            outputCapacity = batch.count
            outputCount = 0
            let source = bytes
            source.withUnsafeBufferPointer { source in
                LexerByteClass.table.withUnsafeBufferPointer { classes in
                    nameCharacters.withUnsafeBufferPointer { isName in scan(source, classes: classes, isName: isName) }
                }
            }
            appendToken(.endOfFile, SourceRange.point(bytes.count))
            flushTokens()
            output = nil
            outputCapacity = 0
        }
        // A token has trailing trivia when the next one has leading trivia (or is the end).
        tokens.withUnsafeMutableBufferPointer { tokens in
            for position in 0..<tokens.count - 1 {
                tokens[position].trailingTrivia = tokens[position + 1].leadingTrivia || tokens[position + 1].kind == .endOfFile
            }
            tokens[tokens.count - 1].trailingTrivia = true
        }
    }

    /// Appends the batch's tokens to ``tokens`` and empties it. (A token holds no reference:
    /// `BitwiseCopyable`, so its slots need no deinitializing before they are written again.)
    private mutating func flushTokens() {
        guard let output else { return }
        tokens.append(contentsOf: UnsafeBufferPointer(start: output, count: outputCount))
        outputCount = 0
    }

    /// Lexes every byte of `source` (the bytes, seen through a pointer).
    ///
    /// The position is a local, so it stays in a register, and the common tokens (ASCII names,
    /// `$0`, decimal integers, an operator that is one token, punctuation) are made here without
    /// a call. Everything else (other literals, comments, non-ASCII text, malformed input) goes
    /// to the methods below, which work at ``index``; a fast path that finds a case it does not
    /// finish hands the token from its start to them, which read its bytes again. (Through the
    /// methods, a token would cost several times its main loop.)
    ///
    /// Every read is at a position checked against `count`; `classes` and `isName` have 256
    /// entries, one per byte value.
    private mutating func scan(
        _ source: UnsafeBufferPointer<UInt8>, classes: UnsafeBufferPointer<LexerByteClass>,
        isName: UnsafeBufferPointer<Bool>
    ) {
        let count = source.count
        var position = index
        // One look-up in a table of byte classes, then a jump: the cases with conditions (`_ where
        // isDigit`, ...) make a switch on the byte itself a chain of tests, a dozen for `(`.
        while position < count {
            switch classes[Int(source[position])] {
            case .space:
                position += 1
                sawTrivia = true
            case .newline:
                position += 1
                sawTrivia = true
                sawNewline = true
                hasLineBreaks = true
            case .identifierHead:
                let start = position
                position += 1
                while position < count, isName[Int(source[position])] { position += 1 }
                if !fastPaths || (position < count && source[position] >= 0x80) {
                    // A non-ASCII character may continue the name.
                    position = lexGenerally(.identifier, at: start)
                    continue
                }
                appendToken(Self.nameKind(UnsafeBufferPointer(rebasing: source[start..<position])), range(start, position))
            case .dollar:
                var end = position + 1
                while end < count, CharacterClasses.isDigit(source[end]) { end += 1 }
                // `$0` followed by neither a name character nor non-ASCII text; the rest
                // (`$name`, `$0x`, a lone `$`) is the method's.
                if fastPaths, end > position + 1, end == count || (source[end] < 0x80 && !isName[Int(source[end])]) {
                    appendToken(.dollarIdentifier, range(position, end))
                    position = end
                } else {
                    position = lexGenerally(.dollar, at: position)
                }
            case .operatorCharacter:
                // A run without `/` (which may start a comment) that is one token.
                var end = position + 1
                while end < count, CharacterClasses.isOperatorCharacter(source[end]), source[end] != UInt8(ascii: "/") {
                    end += 1
                }
                let leftBound = Self.isLeftBound(afterTrivia: sawTrivia, previous: position > 0 ? source[position - 1] : nil)
                if fastPaths, end == count || source[end] != UInt8(ascii: "/"),
                    let kind = OperatorClassifier.singleToken(
                        UnsafeBufferPointer(rebasing: source[position..<end]), leftBound: leftBound)
                {
                    appendToken(kind, range(position, end))
                    position = end
                } else {
                    position = lexGenerally(.operator, at: position)
                }
            case .leftParen: position = emit(.leftParen, at: position)
            case .rightParen: position = emit(.rightParen, at: position)
            case .leftBrace: position = emit(.leftBrace, at: position)
            case .rightBrace: position = emit(.rightBrace, at: position)
            case .leftBracket: position = emit(.leftBracket, at: position)
            case .rightBracket: position = emit(.rightBracket, at: position)
            case .comma: position = emit(.comma, at: position)
            case .colon: position = emit(.colon, at: position)
            case .semicolon: position = emit(.semicolon, at: position)
            case .atSign: position = emit(.atSign, at: position)
            case .backslash: position = emit(.backslash, at: position)
            case .period:
                if position + 1 < count, source[position + 1] == UInt8(ascii: ".") {
                    position = lexGenerally(.operator, at: position)
                } else {
                    position = emit(.period, at: position)
                }
            case .pound:
                var next = position + 1
                while next < count, source[next] == UInt8(ascii: "#") { next += 1 }
                if next < count, source[next] == UInt8(ascii: "\"") {
                    position = lexGenerally(.string, at: position)
                } else {
                    position = emit(.pound, at: position)
                }
            case .digit:
                // A decimal integer (`70`) followed by a byte that cannot go on with a number;
                // other radixes, `_`, fractions, exponents and glued letters are the method's.
                var end = position + 1
                while end < count, CharacterClasses.isDigit(source[end]) { end += 1 }
                if fastPaths, end == count || (source[end] < 0x80 && !isName[Int(source[end])] && source[end] != UInt8(ascii: ".")) {
                    appendToken(.integerLiteral, range(position, end))
                    position = end
                } else {
                    position = lexGenerally(.number, at: position)
                }
            case .slash: position = lexGenerally(.slash, at: position)
            case .quote: position = lexGenerally(.string, at: position)
            case .backquote: position = lexGenerally(.backquotedIdentifier, at: position)
            case .nonASCII: position = lexGenerally(.nonASCII, at: position)
            case .stray: position = lexGenerally(.stray, at: position)
            }
        }
        index = position
    }

    /// The general methods the main loop hands a token to (by the byte's class, which it knows).
    private enum GeneralMethod {
        case identifier, dollar, `operator`, string, number, backquotedIdentifier
        /// A comment, or `/` starting an operator.
        case slash
        /// A name, or stray characters.
        case nonASCII
        case stray
    }

    /// Lexes the token (or trivia) at `position` with a general method; returns where it ended.
    private mutating func lexGenerally(_ method: GeneralMethod, at position: Int) -> Int {
        index = position
        switch method {
        case .identifier: lexIdentifier()
        case .dollar: lexDollar()
        case .operator: lexOperator()
        case .string: lexString()
        case .number: lexNumber()
        case .backquotedIdentifier: lexBackquotedIdentifier()
        case .slash:
            if byte(at: index + 1) == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                sawTrivia = true
            } else if byte(at: index + 1) == UInt8(ascii: "*") {
                skipBlockComment()
            } else {
                lexOperator()  // `/` is an operator character
            }
        case .nonASCII:
            if let scalar = CharacterClasses.decodeScalar(bytes, at: index), CharacterClasses.isIdentifierHead(scalar.value) {
                lexIdentifier()
            } else {
                lexStrayCharacters()
            }
        case .stray: lexStrayCharacters()
        }
        return index
    }

    /// Appends a one-byte token at `position`; returns the position after it.
    @inline(__always)
    private mutating func emit(_ kind: TokenKind, at position: Int) -> Int {
        appendToken(kind, range(position, position + 1))
        return position + 1
    }

    /// Writes a token after the last one (only inside ``run()``).
    @inline(__always)
    private mutating func appendToken(_ kind: TokenKind, _ range: SourceRange) {
        if outputCount == outputCapacity { flushTokens() }
        guard let output else { preconditionFailure("tokens are appended only while the lexer runs") }
        (output + outputCount).initialize(to: Token(kind: kind, range: range, leadingTrivia: sawTrivia, atStartOfLine: sawNewline))
        outputCount += 1
        sawTrivia = false
        sawNewline = false
    }

    // MARK: Trivia

    private mutating func skipBlockComment() {
        let start = index
        var depth = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
            } else {
                if bytes[index] == 0x0A {
                    sawNewline = true
                    hasLineBreaks = true
                }
                index += 1
            }
        }
        sawTrivia = true
        if depth > 0 {
            let opener = SourceRange(start: start, end: start + 2)
            diagnostics.append(
                .error(
                    .unterminatedComment, "unterminated '/*' comment; close it with '*/'", at: opener,
                    fixIts: [.insert(String(repeating: "*/", count: depth), at: count)]))
            unterminatedAtEnd = OpenDelimiter(kind: .blockComment, range: opener)
        }
    }

    /// A run of characters that cannot start a token: one diagnostic for the whole run.
    private mutating func lexStrayCharacters() {
        let start = index
        var invalidUTF8 = false
        var scalars: [UInt32] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                let startsToken =
                    CharacterClasses.isWhitespace(byte) || CharacterClasses.isASCIIIdentifierCharacter(byte)
                    || CharacterClasses.isOperatorCharacter(byte) || "\"#`$(){}[],:;@\\.".utf8.contains(byte)
                if startsToken && index > start { break }
                if startsToken { index += 1; break }  // unreachable in practice: the caller dispatched it
                scalars.append(UInt32(byte))
                index += 1
            } else if let scalar = CharacterClasses.decodeScalar(bytes, at: index) {
                if CharacterClasses.isIdentifierHead(scalar.value) { break }
                scalars.append(scalar.value)
                index += scalar.length
            } else {
                invalidUTF8 = true
                index += 1
            }
        }
        let range = SourceRange(start: start, end: index)
        let message: String
        if invalidUTF8 {
            message = "invalid UTF-8 in query; remove these bytes"
        } else if scalars.count == 1 {
            message = "invalid character \(CharacterClasses.describe(scalars[0])) in query; remove it"
        } else {
            let shown = scalars.prefix(3).map { CharacterClasses.describe($0) }.joined(separator: ", ")
            message = "invalid characters \(shown)\(scalars.count > 3 ? ", ..." : "") in query; remove them"
        }
        diagnostics.append(.error(.invalidCharacter, message, at: range, fixIts: [FixItEmpty.remove(range)]))
        sawTrivia = true
    }

    // MARK: Names

    private mutating func scanIdentifierCharacters() {
        let count = bytes.count
        // ASCII letters and digits (nearly every name) in a loop over the bytes in place, the
        // position in a register, each byte looked up in a table of name characters.
        var position = index
        nameCharacters.withUnsafeBufferPointer { isNameCharacter in
            bytes.withUnsafeBufferPointer { bytes in
                while position < count, isNameCharacter[Int(bytes[position])] { position += 1 }
            }
        }
        index = position
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if !CharacterClasses.isASCIIIdentifierCharacter(byte) { return }
                index += 1
            } else if let scalar = CharacterClasses.decodeScalar(bytes, at: index),
                CharacterClasses.isIdentifierCharacter(scalar.value)
            {
                index += scalar.length
            } else {
                return
            }
        }
    }

    private mutating func lexIdentifier() {
        let start = index
        scanIdentifierCharacters()
        let name = start..<index
        appendToken(bytes.withUnsafeBufferPointer { Self.nameKind(UnsafeBufferPointer(rebasing: $0[name])) }, range(start, index))
    }

    /// The keyword a name spells, or ``TokenKind/identifier``: only a lowercase name of two to
    /// nine bytes is looked up.
    @inline(__always)
    private static func nameKind(_ name: UnsafeBufferPointer<UInt8>) -> TokenKind {
        guard name.count >= 2, name.count <= 9, name[0] >= UInt8(ascii: "a"), name[0] <= UInt8(ascii: "z") else { return .identifier }
        return TokenKind.keyword(spelledBy: name) ?? .identifier
    }

    /// `` `where` ``: an identifier that may be a keyword. The token's range includes the back-quotes.
    private mutating func lexBackquotedIdentifier() {
        let start = index
        index += 1
        let nameStart = index
        if index < bytes.count, let scalar = CharacterClasses.decodeScalar(bytes, at: index),
            CharacterClasses.isIdentifierHead(scalar.value)
        {
            scanIdentifierCharacters()
        }
        if index > nameStart, byte(at: index) == UInt8(ascii: "`") {
            index += 1
            appendToken(.identifier, SourceRange(start: start, end: index))
            return
        }
        index = nameStart
        diagnostics.append(
            .error(
                .invalidBackquotedIdentifier,
                "a '`' must enclose a name, as in '`where`'; remove it or add the name and closing '`'",
                at: SourceRange(start: start, end: nameStart)))
        sawTrivia = true
    }

    /// `$0`, `$1`, ...; `$name` is an ordinary identifier.
    private mutating func lexDollar() {
        let start = index
        index += 1
        if CharacterClasses.isDigit(byte(at: index)) {
            while CharacterClasses.isDigit(byte(at: index)) { index += 1 }
            let digitsEnd = index
            scanIdentifierCharacters()
            if index > digitsEnd {
                diagnostics.append(
                    .error(
                        .invalidAnonymousParameter,
                        "'\(String(decoding: bytes[start..<index], as: UTF8.self))' is not a valid anonymous closure parameter; use '$0', '$1', ...",
                        at: SourceRange(start: start, end: index)))
            }
            appendToken(.dollarIdentifier, SourceRange(start: start, end: index))
        } else if index < bytes.count, let scalar = CharacterClasses.decodeScalar(bytes, at: index),
            CharacterClasses.isIdentifierHead(scalar.value)
        {
            scanIdentifierCharacters()
            appendToken(.identifier, SourceRange(start: start, end: index))
        } else {
            diagnostics.append(
                .error(
                    .invalidAnonymousParameter,
                    "expected a number after '$', as in '$0' (the closure's first parameter)",
                    at: SourceRange(start: start, end: index)))
            sawTrivia = true
        }
    }

    // MARK: Literals

    private mutating func lexString() {
        let start = index
        var scanner = StringLiteralScanner(bytes: bytes)
        let result = scanner.scan(from: start)
        if !scanner.diagnostics.isEmpty { diagnostics.append(contentsOf: scanner.diagnostics) }
        index = max(result.end, start + 1)
        if result.isMultiline && !result.isTerminated {
            var quote = start
            while byte(at: quote) == UInt8(ascii: "#") { quote += 1 }
            unterminatedAtEnd = OpenDelimiter(kind: .multilineString, range: SourceRange(start: start, end: quote + 3))
        }
        appendToken(result.isMultiline ? .multilineStringLiteral : .stringLiteral, SourceRange(start: start, end: index))
        literalValues.append(result.value, at: start)
    }

    private mutating func lexNumber() {
        let start = index
        var isFloat = false
        var radix = 10
        if bytes[index] == UInt8(ascii: "0") {
            switch byte(at: index + 1) {
            case UInt8(ascii: "x"): radix = 16
            case UInt8(ascii: "o"): radix = 8
            case UInt8(ascii: "b"): radix = 2
            default: break
            }
        }
        var problem: (message: String, range: SourceRange)?
        if radix != 10 {
            index += 2
            let name = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary"
            let allowed = radix == 16 ? "0-9, A-F" : radix == 8 ? "0-7" : "0 or 1"
            let scan = scanDigits(radix: radix)
            if let invalid = scan.firstInvalid {
                problem = (
                    "'\(describeByte(at: invalid))' is not a valid \(name) digit (\(allowed)) in integer literal",
                    SourceRange(start: invalid, end: invalid + 1)
                )
            } else if scan.digits == 0 {
                problem = (
                    "expected \(name) digit (\(allowed)) after '\(String(decoding: bytes[start..<start + 2], as: UTF8.self))' in integer literal",
                    SourceRange(start: start, end: index)
                )
            }
            if radix == 16, problem == nil {
                if byte(at: index) == UInt8(ascii: "."), CharacterClasses.isHexDigit(byte(at: index + 1)) {
                    // Only a float if an exponent follows; `0x1.foo` is a member access.
                    var lookahead = index + 1
                    while CharacterClasses.isHexDigit(byte(at: lookahead)) || byte(at: lookahead) == UInt8(ascii: "_") {
                        lookahead += 1
                    }
                    if byte(at: lookahead) == UInt8(ascii: "p") || byte(at: lookahead) == UInt8(ascii: "P") {
                        index = lookahead
                    }
                }
                if byte(at: index) == UInt8(ascii: "p") || byte(at: index) == UInt8(ascii: "P") {
                    isFloat = true
                    if let missing = scanExponent() {
                        problem = ("expected a digit in floating point exponent", missing)
                    }
                }
            }
        } else {
            if let invalid = scanDigits(radix: 10).firstInvalid {
                problem = (
                    "'\(describeByte(at: invalid))' is not a valid digit in integer literal",
                    SourceRange(start: invalid, end: invalid + 1)
                )
            }
            if problem == nil, byte(at: index) == UInt8(ascii: "."), CharacterClasses.isDigit(byte(at: index + 1)) {
                isFloat = true
                index += 1
                _ = scanDigits(radix: 10)
            }
            if problem == nil, byte(at: index) == UInt8(ascii: "e") || byte(at: index) == UInt8(ascii: "E") {
                isFloat = true
                if let missing = scanExponent() {
                    problem = ("expected a digit in floating point exponent", missing)
                }
            }
        }
        // Letters glued to a number (`12abc`) belong to the malformed literal.
        let glued = index
        scanIdentifierCharacters()
        if index > glued, problem == nil {
            problem = (
                "'\(describeByte(at: glued))' is not a valid digit in \(isFloat ? "floating point" : "integer") literal",
                SourceRange(start: glued, end: glued + 1)
            )
        }
        if let problem {
            diagnostics.append(.error(.invalidNumber, problem.message, at: problem.range))
        }
        appendToken(isFloat ? .floatLiteral : .integerLiteral, SourceRange(start: start, end: index))
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "" }
        if let scalar = CharacterClasses.decodeScalar(bytes, at: offset), let unicode = Unicode.Scalar(scalar.value) {
            return String(Character(unicode))
        }
        return "?"
    }

    /// Digits of `radix` and `_`. Hexadecimal letters outside the radix are consumed and the first
    /// is returned; other letters stop the scan (the caller handles exponents and glued letters).
    private mutating func scanDigits(radix: Int) -> (digits: Int, firstInvalid: Int?) {
        var digits = 0
        var firstInvalid: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "_") {
                index += 1
                continue
            }
            guard let value = CharacterClasses.hexValue(byte) else { break }
            if radix == 10 && !CharacterClasses.isDigit(byte) { break }  // `1e5`: the exponent
            if Int(value) >= radix, firstInvalid == nil { firstInvalid = index }
            digits += 1
            index += 1
        }
        return (digits, firstInvalid)
    }

    /// `e`/`p`, an optional sign, and at least one decimal digit; returns the range when the
    /// digits are missing.
    private mutating func scanExponent() -> SourceRange? {
        let start = index
        index += 1
        if byte(at: index) == UInt8(ascii: "+") || byte(at: index) == UInt8(ascii: "-") { index += 1 }
        guard CharacterClasses.isDigit(byte(at: index)) else { return SourceRange(start: start, end: index) }
        while CharacterClasses.isDigit(byte(at: index)) || byte(at: index) == UInt8(ascii: "_") { index += 1 }
        return nil
    }

    // MARK: Operators

    /// Whether an operator is bound on the left (Swift's whitespace rule): nothing that separates
    /// comes before it, neither trivia, nor the start, nor an opening bracket or a separator.
    @inline(__always)
    private static func isLeftBound(afterTrivia: Bool, previous: UInt8?) -> Bool {
        guard !afterTrivia, let previous else { return false }
        return !isLeftDelimiter(previous)
    }

    private static func isLeftDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    private static func isRightDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    private mutating func lexOperator() {
        let start = index
        let isDotOperator = bytes[index] == UInt8(ascii: ".")
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            let continues =
                CharacterClasses.isOperatorCharacter(byte) || (isDotOperator && byte == UInt8(ascii: "."))
            guard continues else { break }
            // A comment starts inside an operator run: the run ends there.
            if byte == UInt8(ascii: "/"), self.byte(at: index + 1) == UInt8(ascii: "/") || self.byte(at: index + 1) == UInt8(ascii: "*") {
                break
            }
            index += 1
        }
        let end = index
        let leftBound = Self.isLeftBound(afterTrivia: sawTrivia, previous: start > 0 ? bytes[start - 1] : nil)
        var rightBound = false
        if end < bytes.count {
            let next = bytes[end]
            if next == UInt8(ascii: ".") {
                rightBound = !leftBound
            } else if next == UInt8(ascii: "/"),
                byte(at: end + 1) == UInt8(ascii: "/") || byte(at: end + 1) == UInt8(ascii: "*")
            {
                rightBound = false
            } else {
                rightBound = !CharacterClasses.isWhitespace(next) && !Self.isRightDelimiter(next)
            }
        }
        if let kind = bytes.withUnsafeBufferPointer({
            OperatorClassifier.singleToken(UnsafeBufferPointer(rebasing: $0[start..<end]), leftBound: leftBound)
        }) {
            appendToken(kind, range(start, end))
            return
        }
        for (kind, range) in OperatorClassifier.classify(
            bytes: bytes, start: start, end: end, leftBound: leftBound, rightBound: rightBound)
        {
            appendToken(kind, range)
        }
    }
}

/// A fix-it that deletes text.
enum FixItEmpty {
    static func remove(_ range: SourceRange) -> Diagnostic.FixIt { Diagnostic.FixIt(replace: range, with: "") }
}

/// What the lexer does at a byte, by the byte alone (``LexerState``'s main loop reads it from a
/// table).
enum LexerByteClass: UInt8 {
    case space, newline, slash, identifierHead, digit, quote, pound, backquote, dollar
    case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket, comma, colon, semicolon, atSign, backslash
    case period, operatorCharacter, nonASCII, stray

    /// The class of each byte value.
    static let table: [LexerByteClass] = (0...255).map { of(UInt8($0)) }

    /// Whether each byte value is an ASCII name character (a letter, a digit or `_`).
    static let nameCharacters: [Bool] = (0...255).map { CharacterClasses.isASCIIIdentifierCharacter(UInt8($0)) }

    /// The class of a byte, decided in the order the lexer's rules take precedence.
    static func of(_ byte: UInt8) -> LexerByteClass {
        switch byte {
        case 0x20, 0x09, 0x0B, 0x0C, 0x0D: return .space
        case 0x0A: return .newline
        case UInt8(ascii: "/"): return .slash
        case _ where CharacterClasses.isASCIIIdentifierHead(byte): return .identifierHead
        case _ where CharacterClasses.isDigit(byte): return .digit
        case UInt8(ascii: "\""): return .quote
        case UInt8(ascii: "#"): return .pound
        case UInt8(ascii: "`"): return .backquote
        case UInt8(ascii: "$"): return .dollar
        case UInt8(ascii: "("): return .leftParen
        case UInt8(ascii: ")"): return .rightParen
        case UInt8(ascii: "{"): return .leftBrace
        case UInt8(ascii: "}"): return .rightBrace
        case UInt8(ascii: "["): return .leftBracket
        case UInt8(ascii: "]"): return .rightBracket
        case UInt8(ascii: ","): return .comma
        case UInt8(ascii: ":"): return .colon
        case UInt8(ascii: ";"): return .semicolon
        case UInt8(ascii: "@"): return .atSign
        case UInt8(ascii: "\\"): return .backslash
        case UInt8(ascii: "."): return .period
        case _ where CharacterClasses.isOperatorCharacter(byte): return .operatorCharacter
        case 0x80...: return .nonASCII
        default: return .stray
        }
    }
}
